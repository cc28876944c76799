// A lower rate limit slows background work and never stops it (decision 045): with the embedded
// sandbox at 40 requests a second, a 120-row bulk file is quoted, submitted, its deposits approved
// and settled, and the dashboard follows every row to completed through webhooks and passes that
// meet 429s and wait them out.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Parties } from '#/sandbox/testing';
import {
  callApi,
  startTestDashboard,
  type TestDashboard,
  uploadBatchFile,
  quoteBatch,
} from '../testing';

// Each row is several calls (price, create, approve, deposit, reads): well past the limit.
const ROWS = 120;

let t: TestDashboard;
let finance: string;
let approver: string;
let parties: Parties;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A person's call, which (like a person) tries again after a 429. */
async function call(cookie: string, method: string, path: string, body?: unknown) {
  for (;;) {
    const answer = await callApi(t.base, cookie, method, path, body);
    if (answer.status !== 429) return answer;
    // A token comes back every 25 ms at 40 a second: a person's quick second try.
    await sleep(250);
  }
}

beforeAll(async () => {
  // The background budget above the API's limit (decision 081), so that the work meets the
  // API's 429s and waits them out, which is what this file tests.
  t = await startTestDashboard({
    sandboxRateLimit: 40,
    apiBudgetPerSecond: 80,
    indexSync: { intervalMs: 10_000 },
  });
  const operations = (await t.signIn('operations@demo.example')).cookie;
  finance = (await t.signIn('finance@demo.example')).cookie;
  approver = (await t.signIn('approver@demo.example')).cookie;
  parties = await t.parties(operations);
});
afterAll(() => t.close());

it(
  'completes a 120-row batch with the API at 40 requests a second',
  { timeout: 180_000 },
  async () => {
    const m = parties.merchantId;
    const rows = Array.from(
      { length: ROWS },
      (_, i) => `${m},ACC-EUR,USDT(TRC20),${10 + i},SUPPLIER_PAYMENT,SLOW-${i}`,
    );
    const uploaded = await uploadBatchFile(t.base, finance, rows);
    expect(uploaded.json).toMatchObject({ counts: { ready: ROWS } });
    const id = uploaded.json.id as string;
    const quoted = await quoteBatch(t.base, finance, id);
    expect(quoted.status).toBe(200);
    // Quoted in full: every row priced, the file waiting for its approval.
    expect(quoted.json, JSON.stringify(quoted.json.counts)).toMatchObject({
      status: 'awaiting_approval',
    });
    const approved = await call(approver, 'POST', `/batches/${id}/decision`, {
      decision: 'approve',
    });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);

    let batch = approved.json;
    for (let i = 0; i < 600 && batch.status !== 'submitted'; i++) {
      await sleep(200);
      batch = (await call(finance, 'GET', `/batches/${id}`)).json;
    }
    expect(batch).toMatchObject({ status: 'submitted', counts: { done: ROWS } });

    for (const row of batch.rows as { transactionId: number }[]) {
      const deposit = await call(
        approver,
        'POST',
        `/v1/sendc2f/approveDeposit/${row.transactionId}`,
      );
      expect(deposit.status).toBe(200);
    }
    // The dashboard learns of each settlement by itself: webhooks and its passes, paced.
    for (let i = 0; i < 600 && batch.status !== 'completed'; i++) {
      await sleep(200);
      batch = (await call(finance, 'GET', `/batches/${id}`)).json;
    }
    expect(batch.status).toBe('completed');
    expect(new Set((batch.rows as { clientStatus: string }[]).map((r) => r.clientStatus))).toEqual(
      new Set(['OnOff_COMPLETED']),
    );
  },
);
