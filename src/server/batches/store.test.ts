// Batches kept in the dashboard's database, on SQLite and PostgreSQL: created whole with their
// rows, fixed in place, invalid rows left out, and a thousand rows in one go.
import { describe, expect, it } from 'vitest';
import { dashboardDbFor, DIALECTS, insertPeople } from '../store/testing';
import { readBatchFile } from './file';
import { batchStore } from './store';
import type { Role } from '#/api/roles';
import { approvals } from '../approvals/approvals';
import { batchRef } from '../approvals/subjects/batch';
import { REQUEST_EXAMPLES } from '#/api/examples';
import type { RowResult, ValidRow } from './validate';
import type { RowPayee } from './store';

const PAYEE: RowPayee = {
  accountId: 7,
  currency: 'EUR',
  bankName: 'Deutsche Bank',
  details: {
    accountHolderName: 'Lumen Textiles GmbH',
    iban: 'DE89370400440532013000',
    accountNumber: null,
    swiftCode: 'COBADEFFXXX',
    routingNumber: null,
    countryIso: 'DE',
  },
};

/** A checked row: the reference's example payout, numbered. */
const valid = (row: number): RowResult => ({
  row,
  problems: [],
  valid: {
    ...(REQUEST_EXAMPLES.sendc2fCreate as Omit<ValidRow, 'toCurrencySymbol'>),
    toCurrencySymbol: 'EUR',
    toAmount: `${row}.00`,
    invoiceUrl: null,
    depositConfirmationUrl: null,
    reference: `R-${row}`,
  },
});
const invalid = (row: number): RowResult => ({
  row,
  problems: [{ row, column: 'merchant', message: 'merchant is required' }],
});

async function fileOf(count: number) {
  const lines = Array.from(
    { length: count },
    (_, i) => `1,1,USDT(TRC20),${i + 1},SALARY,R-${i + 2}`,
  );
  return readBatchFile(
    Buffer.from(
      `merchant,payout_account,deposit_currency,payout_amount,purpose,reference\n${lines.join('\n')}\n`,
    ),
  );
}

describe.each(DIALECTS)('batches on %s', (dialect) => {
  const store = dashboardDbFor(dialect, (db) =>
    insertPeople(db, [
      { id: 'u1', email: 'finance@partner.example', name: 'Fatima Finance', roles: 'finance' },
    ]),
  );
  let clock = 1_000_000;
  const batches = () => batchStore(store(), () => clock);
  /** One decision on a file, through the one place approvals are decided (../approvals). */
  const decide = (
    id: string,
    person: { id: string; name: string; roles: Role[] },
    decision: 'approve' | 'reject',
    reason: string | null,
  ) => approvals({ db: store(), now: () => clock }).decide(batchRef(id), person, decision, reason);
  const approver = (id: string) => ({ id, name: id.toUpperCase(), roles: ['approver' as const] });

  const create = async (results: RowResult[], environment = 'sandbox') => {
    const file = await fileOf(results.length);
    clock += 1;
    return batches().create({
      environment,
      product: 'sendc2f',
      uploadedBy: 'u1',
      fileName: 'march-payroll.csv',
      file,
      results,
    });
  };

  it('keeps a batch with its rows; a draft until every row left in is ready', async () => {
    const id = await create([valid(2), invalid(3), valid(4)]);
    const batch = (await batches().get('sandbox', id))!;
    expect(batch).toMatchObject({
      status: 'draft',
      product: 'sendc2f',
      fileName: 'march-payroll.csv',
      format: 'csv',
      decimal: '.',
      uploadedBy: 'u1',
    });
    expect(batch.rows.map((r) => [r.row, r.state])).toEqual([
      [2, 'ready'],
      [3, 'invalid'],
      [4, 'ready'],
    ]);
    expect(batch.rows[0]!.cells.reference).toBe('R-2');
    expect(batch.rows[1]!.problems[0]!.message).toBe('merchant is required');
    expect(batch.rows[0]!.valid).toMatchObject({ toAmount: '2.00' });
    // Another environment does not see it.
    expect(await batches().get('live', id)).toBeUndefined();
  });

  it('takes a row fixed in place, and is validated once none is invalid', async () => {
    const id = await create([valid(2), invalid(3)]);
    const cells = (await batches().get('sandbox', id))!.rows[1]!.cells;
    expect(await batches().fixRow(id, 3, { ...cells, merchant: '1' }, [valid(3)])).toBe(true);
    const batch = (await batches().get('sandbox', id))!;
    expect(batch.status).toBe('validated');
    expect(batch.rows[1]).toMatchObject({ state: 'ready', cells: { merchant: '1' }, problems: [] });
    expect(await batches().fixRow(id, 99, cells, [valid(99)])).toBe(false);
  });

  it('leaves invalid rows out on request, keeping them to show', async () => {
    const id = await create([invalid(2), valid(3), invalid(4)]);
    expect(await batches().excludeInvalid(id)).toBe(2);
    const batch = (await batches().get('sandbox', id))!;
    expect(batch.status).toBe('validated');
    expect(batch.rows.map((r) => r.state)).toEqual(['excluded', 'ready', 'excluded']);
    // A batch with nothing ready left stays a draft.
    const none = await create([invalid(2)]);
    await batches().excludeInvalid(none);
    expect((await batches().get('sandbox', none))!.status).toBe('draft');
  });

  it('keeps a thousand rows in one go, and lists batches newest first', async () => {
    const results = Array.from({ length: 1000 }, (_, i) => valid(i + 2));
    const id = await create(results);
    const batch = (await batches().get('sandbox', id))!;
    expect(batch.rows).toHaveLength(1000);
    expect(batch.rows.at(-1)!.row).toBe(1001);
    const listed = await batches().list('sandbox', 2);
    expect(listed[0]).toMatchObject({ id, status: 'validated', fileName: 'march-payroll.csv' });
  });

  it('opens an approval with the quote; a decision under the rules starts the submission', async () => {
    const id = await create([valid(2), valid(3)]);
    const prices = [
      { row: 2, depositAmount: '2.10', rate: '0.95', payee: PAYEE },
      { row: 3, depositAmount: '3.15', rate: '0.95', payee: PAYEE },
    ];
    expect(await batches().quote(id, prices)).toBe(true);
    let batch = (await batches().get('sandbox', id))!;
    expect(batch).toMatchObject({ status: 'awaiting_approval', quotedAt: clock });
    expect(batch.rows.map((r) => r.depositAmount)).toEqual(['2.10', '3.15']);
    expect(batch.rows[0]!.payee).toEqual(PAYEE);
    // The uploader never approves; an approver does, once.
    const uploader = { id: 'u1', name: 'Fatima', roles: ['finance' as const, 'approver' as const] };
    expect((await decide(id, uploader, 'approve', null)).outcome).toEqual({
      kind: 'refused',
      refusal: 'UPLOADER_CANNOT_APPROVE',
    });
    const approved = await decide(id, approver('a1'), 'approve', null);
    expect(approved.outcome).toMatchObject({ kind: 'complete', approvals: 1 });
    batch = (await batches().get('sandbox', id))!;
    expect(batch).toMatchObject({ status: 'submitting', approvedAt: clock });
    expect(batch.decisions.map((d) => d.userName)).toEqual(['A1']);
    // Past approval: no second quote, no cancel.
    expect(await batches().quote(id, prices)).toBe(false);
    expect(await batches().cancel(id, 'too late')).toBe(false);
  });

  it('lets an expired approval be quoted again, forgetting its decisions', async () => {
    const id = await create([valid(2)]);
    const prices = [{ row: 2, depositAmount: '2.10', rate: '0.95', payee: PAYEE }];
    await batches().quote(id, prices);
    await store()
      .db.insertInto('approval_policy')
      .values({
        id: 'two',
        action: 'approveBatch',
        product: '*',
        currency: '*',
        amount_side: 'payout',
        min_amount: '0',
        approvers: 2,
        created_at: 1,
        created_by: null,
        in_base: 0,
      })
      .execute();
    try {
      expect((await decide(id, approver('a1'), 'approve', null)).outcome).toEqual({
        kind: 'recorded',
        approvals: 1,
      });
      // Decided on: no quote again while the approval is open.
      expect(await batches().quote(id, prices)).toBe(false);
      clock += 8 * 24 * 60 * 60 * 1000;
      expect((await decide(id, approver('a2'), 'approve', null)).outcome).toEqual({
        kind: 'refused',
        refusal: 'APPROVAL_EXPIRED',
      });
      expect(await batches().quote(id, prices)).toBe(true);
      const batch = (await batches().get('sandbox', id))!;
      expect(batch).toMatchObject({ status: 'awaiting_approval', decisions: [] });
      expect(batch.expiresAt).toBeGreaterThan(clock);
    } finally {
      await store().db.deleteFrom('approval_policy').where('id', '=', 'two').execute();
    }
  });

  it('quotes in the background: one server holds the quote, shows progress, or sends it back', async () => {
    const id = await create([valid(2), valid(3)]);
    const prices = [
      { row: 2, depositAmount: '2.10', rate: '0.95', payee: PAYEE },
      { row: 3, depositAmount: '3.15', rate: '0.95', payee: PAYEE },
    ];
    expect(await batches().startQuote(id, 'u1', 2)).toBe(true);
    // Asked twice: the second finds it quoting already.
    expect(await batches().startQuote(id, 'u1', 2)).toBe(false);
    expect((await batches().get('sandbox', id))!).toMatchObject({
      status: 'quoting',
      quoting: { done: 0, total: 2, by: 'u1' },
      quoteProblem: null,
    });
    const a = await batches().claimQuote('a', 1_000);
    expect(a).toEqual({ id, environment: 'sandbox' });
    expect(await batches().claimQuote('b', 1_000)).toBeUndefined();
    await batches().quoteProgress(id, 'a', 1);
    expect((await batches().get('sandbox', id))!.quoting).toMatchObject({ done: 1 });
    // Server a stops renewing: b takes over once the claim lapses; a's writes no longer count.
    clock += 1_001;
    expect(await batches().claimQuote('b', 1_000)).toEqual({ id, environment: 'sandbox' });
    await batches().quoteProgress(id, 'a', 2);
    expect((await batches().get('sandbox', id))!.quoting).toMatchObject({ done: 1 });
    expect(await batches().quote(id, prices, undefined, 'a')).toBe(false);
    await batches().quoteFailed(id, 'a', { detail: 'not a', errors: [] });
    expect((await batches().get('sandbox', id))!.status).toBe('quoting');
    // b's refusal sends it back where it was, saying why; asked again, it quotes.
    await batches().quoteFailed(id, 'b', {
      detail: 'The API would not price some rows',
      errors: [{ field: 'rows.3', message: 'was refused (422)' }],
    });
    expect((await batches().get('sandbox', id))!).toMatchObject({
      status: 'validated',
      quoting: null,
      quoteProblem: { errors: [{ field: 'rows.3', message: 'was refused (422)' }] },
    });
    expect(await batches().startQuote(id, 'u1', 2)).toBe(true);
    await batches().claimQuote('b', 1_000);
    expect(await batches().quote(id, prices, undefined, 'b')).toBe(true);
    expect((await batches().get('sandbox', id))!).toMatchObject({
      status: 'awaiting_approval',
      quoting: null,
      quoteProblem: null,
    });
  });

  it('stops a quote the batch is cancelled during', async () => {
    const id = await create([valid(2)]);
    await batches().startQuote(id, 'u1', 1);
    await batches().claimQuote('a', 30_000);
    expect(await batches().cancel(id, 'wrong file')).toBe(true);
    // The quoter's renewal fails (it stops), and its quote no longer applies.
    expect(await batches().renewQuote(id, 'a', 30_000)).toBe(false);
    expect(
      await batches().quote(
        id,
        [{ row: 2, depositAmount: '2', rate: '1', payee: PAYEE }],
        undefined,
        'a',
      ),
    ).toBe(false);
    expect((await batches().get('sandbox', id))!.status).toBe('cancelled');
  });

  it('lets one server at a time hold a batch it submits, until its claim lapses', async () => {
    const id = await create([valid(2)]);
    await batches().quote(id, [{ row: 2, depositAmount: '2.10', rate: '0.95', payee: PAYEE }]);
    await decide(id, approver('a1'), 'approve', null);
    const claimOf = async (owner: string) => {
      for (;;) {
        const claimed = await batches().claim(owner, 1_000);
        if (!claimed || claimed.id === id) return claimed;
      }
    };
    expect(await claimOf('one')).toMatchObject({ id, environment: 'sandbox' });
    expect(await claimOf('two')).toBeUndefined();
    expect(await batches().renew(id, 'two', 1_000)).toBe(false);
    clock += 500;
    expect(await batches().renew(id, 'one', 1_000)).toBe(true);
    clock += 999;
    expect(await claimOf('two')).toBeUndefined();
    clock += 2;
    // Lapsed: another takes it, and the first can no longer renew or finish it.
    expect(await claimOf('two')).toMatchObject({ id });
    expect(await batches().renew(id, 'one', 1_000)).toBe(false);
    await batches().finish(id, 'one');
    expect((await batches().get('sandbox', id))!.status).toBe('submitting');
    await batches().recordCreated(id, 2, 41, 'OnOff_PENDING');
    await batches().finish(id, 'two');
    expect((await batches().get('sandbox', id))!).toMatchObject({
      status: 'submitted',
      rows: [expect.objectContaining({ state: 'created', transactionId: 41 })],
    });
  });
});
