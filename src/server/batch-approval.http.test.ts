// A bulk payout file from quote to its transactions (docs/decisions/034), on SQLite and
// PostgreSQL: quoted row by row, approved once through the money controls (a policy on the
// total asks two distinct approvers), submitted by the server with one transaction per row
// and its quote approved, each recorded with its batch as the authority; cancelled before.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_HEADER } from '#/api/testing';
import type { Parties } from '#/sandbox/testing';
import { DIALECTS } from './store/testing';
import { quoteBatch, startTestDashboard, type TestDashboard, uploadBatchFile } from './testing';

describe.each(DIALECTS)('a bulk payout file, approved and submitted (%s)', (dialect) => {
  let t: TestDashboard;
  let finance: string, approver: string, approver2: string, admin: string;
  let parties: Parties;

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    const people = await t.demoCookies('operations', 'finance', 'approver', 'approver2', 'admin');
    ({ finance, approver, approver2, admin } = people);
    parties = await t.parties(people.operations);
  });
  afterAll(() => t.close());

  async function settled(id: string) {
    for (let i = 0; i < 200; i++) {
      const batch = await t.call(finance, 'GET', `/batches/${id}`);
      if (!['submitting', 'awaiting_approval'].includes(batch.json.status)) return batch.json;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the batch was not submitted in 10 s');
  }

  it('quotes in the background, and says on the batch why a quote did not go through', async () => {
    const m = parties.merchantId;
    const uploaded = await uploadBatchFile(t.base, finance, [
      `${m},ACC-EUR,USDT(TRC20),10,SALARY,BG-1`,
      `${m},ACC-EUR,USDT(TRC20),11,SALARY,BG-2`,
    ]);
    const { id } = uploaded;
    // The API fails the next price it is asked for.
    const tester = (await t.signIn('tester@demo.example')).cookie;
    const fault = await t.call(tester, 'POST', '/v1/sandbox/faults/', {
      operationId: 'sendc2fPrice',
      kind: 'error',
      count: 1,
    });
    expect(fault.status).toBe(200);
    const asked = await t.call(finance, 'POST', `/batches/${id}/quote`);
    expect(asked.status).toBe(200);
    // The answer is the batch as the quote starts (the quoter may, rarely, be done already).
    if (asked.json.status === 'quoting')
      expect(asked.json.quoting).toEqual({ done: expect.any(Number), total: 2 });
    else expect(asked.json.status).toBe('validated');
    let batch = asked.json;
    for (let i = 0; i < 200 && batch.status === 'quoting'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      batch = (await t.call(finance, 'GET', `/batches/${id}`)).json;
    }
    expect(batch).toMatchObject({
      status: 'validated',
      quoting: null,
      quoteProblem: { detail: expect.stringMatching(/did not price row \d/) },
    });
    // Told in the trail, for the person who asked.
    const trail = (await t.call(admin, 'GET', '/audit?action=price%20bulk%20file')).json.results;
    expect(trail[0]).toMatchObject({
      actorEmail: 'finance@demo.example',
      outcome: 'failed',
      target: `batch/${id}`,
    });
    // Asked again, it goes through, and the problem is gone.
    const again = await quoteBatch(t.base, finance, id);
    expect(again.json).toMatchObject({ status: 'awaiting_approval', quoteProblem: null });
    const ok = (await t.call(admin, 'GET', '/audit?action=price%20bulk%20file')).json.results;
    expect(ok[0]).toMatchObject({ outcome: 'ok', details: { rows: 2 } });
    // Out of the other tests' inbox.
    expect((await t.call(finance, 'POST', `/batches/${id}/cancel`, {})).status).toBe(200);
  });

  it('quotes, takes two approvals for a large total, and submits every row once', async () => {
    const m = parties.merchantId;
    const policy = await t.call(admin, 'POST', '/controls/policies', {
      action: 'approveBatch',
      currency: 'EUR',
      minAmount: '1,500',
      approvers: 2,
    });
    expect(policy.status).toBe(200);
    const uploaded = await uploadBatchFile(t.base, finance, [
      `${m},ACC-EUR,USDT(TRC20),1000,SUPPLIER_PAYMENT,APR-1`,
      `${m},ACC-EUR,USDT(TRC20),600.50,SUPPLIER_PAYMENT,APR-2`,
      `${m},ACC-GBP,USDT(TRC20),30,SALARY,APR-3`,
    ]);
    expect(uploaded.json).toMatchObject({ status: 'validated', counts: { ready: 3 } });
    const { id } = uploaded;

    // Not quoted yet: nothing to approve.
    const early = await t.call(approver, 'POST', `/batches/${id}/decision`, {
      decision: 'approve',
    });
    expect(early.status).toBe(409);

    const quoted = await quoteBatch(t.base, finance, id);
    expect(quoted.status).toBe(200);
    expect(quoted.json).toMatchObject({
      status: 'awaiting_approval',
      totals: [
        { currency: 'EUR', amount: '1600.5', rows: 2 },
        { currency: 'GBP', amount: '30', rows: 1 },
      ],
      depositTotals: [{ currency: 'USDT(TRC20)', rows: 3 }],
      approval: {
        required: 2,
        policy: { action: 'approveBatch', currency: 'EUR', minAmount: '1500' },
        canAct: false,
        why: 'Approving needs the Approver role.',
        whoCan: ['Aiko Approver', 'Bruno Approver'],
      },
    });
    for (const row of quoted.json.rows) {
      expect(row.depositAmount).toMatch(/^\d+(\.\d+)?$/);
      expect(Number(row.rate)).toBeGreaterThan(0);
    }

    // It waits in the approvals inbox beside transactions, counted on the navigation.
    const inbox = await t.call(approver, 'GET', '/controls/inbox?scope=you');
    expect(inbox.json.batches).toEqual([
      expect.objectContaining({
        id,
        fileName: 'march.csv',
        required: 2,
        approvals: 0,
        canAct: true,
      }),
    ]);
    const counts = await t.call(approver, 'GET', '/controls/inbox/count');
    expect(counts.json.you).toBeGreaterThanOrEqual(1);
    const financeInbox = await t.call(finance, 'GET', '/controls/inbox?scope=you');
    expect(financeInbox.json.batches).toEqual([]);
    const everyone = await t.call(finance, 'GET', '/controls/inbox?scope=everyone');
    expect(everyone.json.batches[0]).toMatchObject({ id, canAct: false });

    // A finance person may not decide; a rejection needs a reason.
    expect(
      (await t.call(finance, 'POST', `/batches/${id}/decision`, { decision: 'approve' })).status,
    ).toBe(403);
    const noReason = await t.call(approver, 'POST', `/batches/${id}/decision`, {
      decision: 'reject',
    });
    expect(noReason.json.errors[0]).toMatchObject({ field: 'reason' });

    const first = await t.call(approver, 'POST', `/batches/${id}/decision`, {
      decision: 'approve',
    });
    // Held for the second approver: 202 with the file, as a transaction's approval is held.
    expect(first.status).toBe(202);
    expect(first.json.batch).toMatchObject({
      status: 'awaiting_approval',
      approval: { decisions: [{ userName: 'Aiko Approver', decision: 'approve' }] },
    });
    const again = await t.call(approver, 'POST', `/batches/${id}/decision`, {
      decision: 'approve',
    });
    expect(again).toMatchObject({ status: 403, json: { code: 'ALREADY_DECIDED' } });
    // Approved: fixing, quoting again or cancelling is over.
    const second = await t.call(approver2, 'POST', `/batches/${id}/decision`, {
      decision: 'approve',
    });
    expect(second.status).toBe(200);
    expect(['submitting', 'submitted']).toContain(second.json.status);
    expect((await t.call(finance, 'POST', `/batches/${id}/cancel`, {})).status).toBe(409);

    const done = await settled(id);
    expect(done).toMatchObject({
      status: 'submitted',
      counts: { done: 3 },
      progress: { done: 3, total: 3 },
    });
    for (const row of done.rows) {
      expect(row.state).toBe('created');
      const transaction = await t.call(finance, 'GET', `/v1/sendc2f/${row.transactionId}`);
      expect(transaction.json.quoteApprovedDate).toEqual(expect.any(Number));
      expect(new Decimal(transaction.json.toAmount).eq(row.cells.payout_amount)).toBe(true);
    }
    // One transaction per row in the sandbox: nothing twice.
    const all = await t.call(finance, 'GET', `/v1/sendc2f/?limit=100&businessId=${m}`);
    const made = all.json.results as { businessRequestId: number }[];
    expect(made.map((tx) => tx.businessRequestId).sort()).toEqual(
      done.rows.map((r: { transactionId: number }) => r.transactionId).sort(),
    );

    // Deposits approved (through the controls, one by one as the page does), the transactions
    // settle, and once the index knows every one completed, so is the batch.
    for (const row of done.rows) {
      const approved = await t.call(
        approver,
        'POST',
        `/v1/sendc2f/approveDeposit/${row.transactionId}`,
      );
      expect(approved.status).toBe(200);
    }
    for (const row of done.rows)
      for (let i = 0; i < 100; i++) {
        const tx = await t.call(finance, 'GET', `/v1/sendc2f/${row.transactionId}`);
        if (tx.json.clientStatus === 'OnOff_COMPLETED') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    // Written when the index learned of the last completion, before anyone looks at the page:
    // reading the batch changes nothing (issue 58).
    const stored = await t.server.app.dashboard.batches.store.get('sandbox', id);
    expect(stored).toMatchObject({ status: 'completed' });
    expect(stored!.rows.map((r) => r.clientStatus)).toEqual([
      'OnOff_COMPLETED',
      'OnOff_COMPLETED',
      'OnOff_COMPLETED',
    ]);
    const completed = await t.call(finance, 'GET', `/batches/${id}`);
    expect(completed.json.status).toBe('completed');
    expect(completed.json.rows.map((r: { clientStatus: string }) => r.clientStatus)).toEqual([
      'OnOff_COMPLETED',
      'OnOff_COMPLETED',
      'OnOff_COMPLETED',
    ]);

    // The trail says who approved each creation and quote approval: the batch's authority.
    const trail = await t.call(admin, 'GET', '/audit?limit=1000');
    // The trail of the last hour holds them; a day long past holds none.
    const lastHour = await t.call(admin, 'GET', `/audit?limit=1000&from=${Date.now() - 3_600_000}`);
    expect(lastHour.json.results.length).toBe(trail.json.results.length);
    const before = await t.call(admin, 'GET', '/audit?from=0&to=1000');
    expect(before.json.results).toEqual([]);
    const target = `sendc2f/${done.rows[0].transactionId}`;
    const entries = (
      trail.json.results as {
        action: string;
        target: string;
        actorEmail: string | null;
        userAgent: string;
        details: Record<string, unknown>;
      }[]
    ).filter((e) => e.target === target);
    // Written by the background worker, on behalf of a named person, never "unknown".
    for (const entry of entries) {
      expect(entry.userAgent).toBe('dashboard bulk payouts');
      expect(entry.actorEmail).toMatch(/@demo\.example$/);
    }
    expect(entries.map((e) => e.action).sort()).toEqual([
      'POST /v1/sendc2f/',
      'POST /v1/sendc2f/approveQuote/{id}',
    ]);
    for (const entry of entries)
      expect(entry.details).toMatchObject({
        batch: id,
        row: 2,
        approvedBy: ['Aiko Approver', 'Bruno Approver'],
      });
  });

  it('lets a batch be cancelled before approval, and a rejection cancels it too', async () => {
    const m = parties.merchantId;
    const one = await uploadBatchFile(t.base, finance, [`${m},ACC-EUR,USDT(TRC20),5,SALARY,C-1`]);
    const cancelled = await t.call(finance, 'POST', `/batches/${one.json.id}/cancel`, {
      reason: 'wrong month',
    });
    expect(cancelled.json).toMatchObject({
      status: 'cancelled',
      closedReason: 'Cancelled by Fatima Finance: wrong month',
    });
    expect((await quoteBatch(t.base, finance, one.json.id)).status).toBe(409);

    const two = await uploadBatchFile(t.base, finance, [`${m},ACC-EUR,USDT(TRC20),6,SALARY,C-2`]);
    await quoteBatch(t.base, finance, two.json.id);
    const rejected = await t.call(approver, 'POST', `/batches/${two.json.id}/decision`, {
      decision: 'reject',
      reason: 'not this week',
    });
    expect(rejected.json).toMatchObject({
      status: 'cancelled',
      closedReason: 'Rejected by Aiko Approver: not this week',
    });
    // Found by search: by a part of its file name, and by a row's exact reference.
    const byName = await t.call(finance, 'GET', '/index/search?q=MARCH.c');
    expect(byName.json.batches.map((b: { id: string }) => b.id)).toContain(two.json.id);
    const byReference = await t.call(finance, 'GET', '/index/search?q=c-2');
    expect(byReference.json.batches.map((b: { id: string }) => b.id)).toEqual([two.json.id]);
    const noWildcard = await t.call(finance, 'GET', '/index/search?q=%25');
    expect(noWildcard.json.batches).toEqual([]);
    const list = await t.call(finance, 'GET', '/batches?status=cancelled');
    expect(list.json.items.map((b: { id: string }) => b.id)).toEqual(
      expect.arrayContaining([one.json.id, two.json.id]),
    );
  });

  it('gives the rows with problems back as a file that uploads again', async () => {
    const m = parties.merchantId;
    const uploaded = await uploadBatchFile(t.base, finance, [
      `${m},ACC-EUR,USDT(TRC20),7,SALARY,P-1`,
      `Nobody,ACC-EUR,USDT(TRC20),8,SALARY,P-2`,
    ]);
    const response = await fetch(
      `${t.base}/api/batches/${uploaded.json.id}/rows-file?which=problems`,
      { headers: { cookie: finance } },
    );
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="march-problems.csv"',
    );
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(`${BATCH_HEADER},invoice_url,deposit_confirmation_url,problems`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^Nobody,ACC-EUR,USDT\(TRC20\),8,SALARY,P-2,,,"merchant ""Nobody"" names/,
    );
    // Fixed and uploaded again as it is: the problems column is left aside.
    const again = await uploadBatchFile(t.base, finance, text.replace('Nobody', String(m)));
    expect(again.json).toMatchObject({ status: 'validated', counts: { ready: 1 } });
  });

  it("groups a submitted file's waiting deposits under the file in the inbox, counted once", async () => {
    const m = parties.merchantId;
    const uploaded = await uploadBatchFile(t.base, finance, [
      `${m},ACC-EUR,USDT(TRC20),11,SALARY,G-1`,
      `${m},ACC-GBP,USDT(TRC20),12,SALARY,G-2`,
    ]);
    const { id } = uploaded;
    expect((await quoteBatch(t.base, finance, id)).status).toBe(200);
    const before = (await t.call(approver2, 'GET', '/controls/inbox/count')).json;
    expect(
      (await t.call(approver, 'POST', `/batches/${id}/decision`, { decision: 'approve' })).status,
    ).toBe(200);
    const done = await settled(id);
    const ids = done.rows.map((r: { transactionId: number }) => r.transactionId);
    // Once the local index sees the transactions waiting for their deposits:
    await expect
      .poll(
        async () =>
          (await t.call(approver2, 'GET', '/controls/inbox?scope=everyone&limit=100')).json
            .batchDeposits,
      )
      .toEqual([
        expect.objectContaining({
          batchId: id,
          count: 2,
          payoutTotals: [
            { currency: 'EUR', amount: '11', rows: 1 },
            { currency: 'GBP', amount: '12', rows: 1 },
          ],
          depositTotals: [expect.objectContaining({ currency: 'USDT(TRC20)', rows: 2 })],
          canAct: true,
        }),
      ]);
    const inbox = (await t.call(approver2, 'GET', '/controls/inbox?scope=everyone&limit=100')).json;
    for (const row of inbox.results) expect(ids).not.toContain(row.transactionId);
    // The file counts once, not once per deposit; its uploader is not asked.
    const after = (await t.call(approver2, 'GET', '/controls/inbox/count')).json;
    // The file's approval left the inbox, and its two deposits came back as one entry.
    expect(after.everyone).toBe(before.everyone);
    const financeInbox = (await t.call(finance, 'GET', '/controls/inbox?scope=everyone')).json;
    expect(financeInbox.batchDeposits[0]).toMatchObject({ batchId: id, canAct: false });
  });
});
