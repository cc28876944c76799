// A bulk payout survives a real crash (docs/decisions/034): the dashboard server (its own
// process, with the embedded sandbox) is killed with SIGKILL while it submits a batch, started
// again, and finishes it with every row's transaction made once, none missing, on SQLite and on
// PostgreSQL. The sandbox's rate limit slows the submission enough to kill it midway.
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../store/testing';
import {
  callApi,
  uploadBatchFile,
  partiesThrough,
  dashboardProcess,
  signInAt,
  serverProcessFolders,
  quoteBatch,
} from '../testing';

const ROWS = 150;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const folders = serverProcessFolders('batch-crash-');

describe.each(DIALECTS)('submitting a bulk payout (%s)', (dialect) => {
  it('finishes after a SIGKILL midway, each row made once and none lost', async () => {
    const { base, start } = await dashboardProcess(folders, dialect, {
      // About 2 rows a second per call pair: slow enough to be killed midway.
      SANDBOX_RATE_LIMIT: '60',
      DASHBOARD_BATCH_LEASE_MS: '1500',
    });
    const signIn = async (who: string) => (await signInAt(base, who)).cookie;

    const first = await start();
    const finance = await signIn('operations@demo.example');
    const approver = await signIn('approver@demo.example');
    const call = (cookie: string, method: string, url: string, body?: unknown) =>
      callApi(base, cookie, method, url, body);
    const parties = await partiesThrough(base, finance);
    const lines = Array.from(
      { length: ROWS },
      (_, i) => `${parties.merchantId},ACC-EUR,USDT(TRC20),${10 + i}.50,SALARY,CRASH-${i}`,
    );
    const uploaded = await uploadBatchFile(
      base,
      finance,
      `merchant,payout_account,deposit_currency,payout_amount,purpose,reference\n${lines.join('\n')}\n`,
    );
    expect(uploaded.json).toMatchObject({ status: 'validated', counts: { ready: ROWS } });
    const id = uploaded.json.id as string;
    expect((await quoteBatch(base, finance, id)).status).toBe(200);
    const approved = await call(approver, 'POST', `/batches/${id}/decision`, {
      decision: 'approve',
    });
    expect(approved.json.status).toBe('submitting');

    // Midway: some rows done, most not.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const batch = await call(finance, 'GET', `/batches/${id}`);
      if (batch.json.progress.done >= 15) break;
      if (Date.now() > deadline) throw new Error('the submission never got under way');
      await sleep(50);
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    await start();
    const again = await signIn('operations@demo.example');
    const midway = await call(again, 'GET', `/batches/${id}`);
    expect(midway.json.status).toBe('submitting');
    expect(midway.json.progress.done).toBeLessThan(ROWS);
    let done;
    for (;;) {
      done = (await call(again, 'GET', `/batches/${id}`)).json;
      if (done.status !== 'submitting') break;
      if (Date.now() > deadline + 60_000) throw new Error('the batch was not finished');
      await sleep(200);
    }
    expect(done).toMatchObject({ status: 'submitted', progress: { done: ROWS, total: ROWS } });
    const ids = done.rows.map((r: { transactionId: number }) => r.transactionId);
    expect(new Set(ids).size).toBe(ROWS);

    // The sandbox holds exactly one transaction per row, each with its quote approved.
    const made: { businessRequestId: number; toAmount: string; quoteApprovedDate: unknown }[] = [];
    for (let start = 0; ; start += 100) {
      // The sandbox's rate limit (kept low here) may turn a read away: it is asked again.
      let page = await call(
        again,
        'GET',
        `/v1/sendc2f/?businessId=${parties.merchantId}&limit=100&start=${start}`,
      );
      while (page.status === 429) {
        await sleep(500);
        page = await call(
          again,
          'GET',
          `/v1/sendc2f/?businessId=${parties.merchantId}&limit=100&start=${start}`,
        );
      }
      expect(page.status).toBe(200);
      made.push(...page.json.results);
      if (!page.json.hasMore) break;
    }
    expect(made).toHaveLength(ROWS);
    expect(made.map((t) => t.businessRequestId).sort()).toEqual([...ids].sort());
    expect(made.every((t) => t.quoteApprovedDate !== null)).toBe(true);
  }, 120_000);
});
