// Two dashboard servers on one PostgreSQL database and one partner API (docs/decisions/034):
// both look for approved batches every few milliseconds with short claims, and still no batch
// is submitted by both. The audit trail (in the shared database) has exactly one creation and
// one quote approval per row: a second submitter would have written its own, replay or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Parties } from '#/sandbox/testing';
import {
  callApi,
  startTestDashboard,
  type TestDashboard,
  uploadBatchFile,
  partiesThrough,
  quoteBatch,
} from '../testing';

const BATCHES = 3;
const ROWS = 40;
const racing = { intervalMs: 20, leaseMs: 1_000, concurrency: 2 };

describe('two servers on one PostgreSQL', () => {
  let a: TestDashboard;
  let b: TestDashboard;
  let parties: Parties;
  beforeAll(async () => {
    a = await startTestDashboard({ dialect: 'postgres', batchSubmitter: racing });
    b = await startTestDashboard({ alongside: a, batchSubmitter: racing });
    const operations = (await a.signIn('operations@demo.example')).cookie;
    parties = await partiesThrough(a.base, operations);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('never submit one batch twice', async () => {
    const finance = (await a.signIn('finance@demo.example')).cookie;
    const approverA = (await a.signIn('approver@demo.example')).cookie;
    const approverB = (await b.signIn('approver@demo.example')).cookie;
    const ids: string[] = [];
    for (let n = 0; n < BATCHES; n++) {
      const lines = Array.from(
        { length: ROWS },
        (_, i) => `${parties.merchantId},ACC-EUR,USDT(TRC20),${n + 1}${i}.25,SALARY,TWO-${n}-${i}`,
      );
      const uploaded = await uploadBatchFile(
        a.base,
        finance,
        `merchant,payout_account,deposit_currency,payout_amount,purpose,reference\n${lines.join('\n')}\n`,
      );
      expect(uploaded.json.counts).toMatchObject({ ready: ROWS });
      await quoteBatch(a.base, finance, uploaded.json.id);
      ids.push(uploaded.json.id);
    }
    // Approved on either server at once: both kick their submitters.
    await Promise.all(
      ids.map((id, n) =>
        callApi(
          n % 2 ? b.base : a.base,
          n % 2 ? approverB : approverA,
          'POST',
          `/batches/${id}/decision`,
          {
            decision: 'approve',
          },
        ),
      ),
    );
    const deadline = Date.now() + 60_000;
    for (const id of ids) {
      for (;;) {
        const batch = await callApi(a.base, finance, 'GET', `/batches/${id}`);
        if (batch.json.status === 'submitted') break;
        expect(batch.json.status).toBe('submitting');
        if (Date.now() > deadline) throw new Error('the batches were not submitted');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const rows = await a.db.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'in', ['POST /v1/sendc2f/', 'POST /v1/sendc2f/approveQuote/{id}'])
      .where('user_agent', '=', 'dashboard bulk payouts')
      .execute();
    const seen = new Map<string, number>();
    for (const row of rows) {
      const details = JSON.parse(String(row.details)) as { batch: string; row: number };
      const key = `${row.action} ${details.batch} ${details.row}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(BATCHES * ROWS * 2);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  }, 90_000);
});
