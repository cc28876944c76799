// A bulk payout survives a real crash (docs/decisions/034): the dashboard server (its own
// process, with the embedded sandbox) is killed with SIGKILL while it submits a batch, started
// again, and finishes it with every row's transaction made once, none missing, on SQLite and on
// PostgreSQL; and, two servers on one PostgreSQL and one sandbox of its own, the one submitting
// is killed and the other finishes it (issue 59). The sandbox's rate limit slows the submission
// enough to kill it midway.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '#/http/free-port';
import { DIALECTS } from '../store/testing';
import {
  callApi,
  uploadBatchFile,
  partiesThrough,
  dashboardProcess,
  signInAt,
  serverProcessFolders,
  quoteBatch,
  processEnv,
} from '../testing';

const ROWS = 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const folders = serverProcessFolders('batch-crash-');

/** Waits until the batch is no longer submitting: submitted, every row's transaction its own. */
async function finished(base: string, cookie: string, id: string, deadline: number) {
  let done;
  for (;;) {
    done = (await callApi(base, cookie, 'GET', `/batches/${id}`)).json;
    if (done.status !== 'submitting') break;
    if (Date.now() > deadline) throw new Error('the batch was not finished');
    await sleep(200);
  }
  expect(done).toMatchObject({ status: 'submitted', progress: { done: ROWS, total: ROWS } });
  const ids = done.rows.map((r: { transactionId: number }) => r.transactionId) as number[];
  expect(new Set(ids).size).toBe(ROWS);
  return ids;
}

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
    const ids = await finished(base, again, id, deadline + 60_000);

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

describe('submitting a bulk payout on two servers', () => {
  it('is finished by the other server when the one submitting is killed, each row once', async () => {
    // The production shape: one sandbox of its own, two dashboard servers on one PostgreSQL.
    const credentials = {
      SANDBOX_API_KEY: 'pk_two_servers',
      SANDBOX_API_SECRET: 'sk_two_servers_secret',
    };
    const sandboxPort = await freePort();
    const sandbox = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        ...processEnv(
          {
            dataDir: fs.mkdtempSync(path.join(folders.dataDir, 'sandbox-')),
            port: sandboxPort,
            distDir: folders.distDir,
          },
          { ...credentials, SANDBOX_RATE_LIMIT: '60' },
        ),
      },
      stdio: 'ignore',
    });
    folders.running.push(sandbox);
    const sandboxBase = `http://127.0.0.1:${sandboxPort}`;
    await expect
      .poll(
        () =>
          fetch(`${sandboxBase}/v1/business/`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe(401);
    const shared = {
      ...credentials,
      SANDBOX_API_BASE_URL: sandboxBase,
      DASHBOARD_SECRET_KEY: randomBytes(32).toString('base64'),
      DASHBOARD_BATCH_LEASE_MS: '1500',
    };
    const a = await dashboardProcess(folders, 'postgres', shared);
    const b = await dashboardProcess(folders, 'postgres', shared);
    b.env.DASHBOARD_DATABASE_URL = a.env.DASHBOARD_DATABASE_URL!;
    const onA = await a.start();
    await b.start();

    const finance = (await signInAt(a.base, 'operations@demo.example')).cookie;
    const approver = (await signInAt(a.base, 'approver@demo.example')).cookie;
    const parties = await partiesThrough(a.base, finance);
    const lines = Array.from(
      { length: ROWS },
      (_, i) => `${parties.merchantId},ACC-EUR,USDT(TRC20),${10 + i}.50,SALARY,TWO-${i}`,
    );
    const uploaded = await uploadBatchFile(
      a.base,
      finance,
      `merchant,payout_account,deposit_currency,payout_amount,purpose,reference\n${lines.join('\n')}\n`,
    );
    const id = uploaded.json.id as string;
    expect((await quoteBatch(a.base, finance, id)).status).toBe(200);
    const approved = await callApi(a.base, approver, 'POST', `/batches/${id}/decision`, {
      decision: 'approve',
    });
    expect(approved.json.status).toBe('submitting');

    // A submits (its approval kicked its submitter); killed midway, B takes the file over.
    const deadline = Date.now() + 60_000;
    while ((await callApi(a.base, finance, 'GET', `/batches/${id}`)).json.progress.done < 15) {
      if (Date.now() > deadline) throw new Error('the submission never got under way');
      await sleep(50);
    }
    onA.kill('SIGKILL');
    await new Promise((r) => onA.once('exit', r));
    const onB = (await signInAt(b.base, 'operations@demo.example')).cookie;
    const ids = await finished(b.base, onB, id, deadline + 60_000);
    // The sandbox holds exactly one transaction per row.
    const made: number[] = [];
    for (let start = 0; ; start += 100) {
      const page = await fetch(
        `${sandboxBase}/v1/sendc2f/?businessId=${parties.merchantId}&limit=100&start=${start}`,
        {
          headers: {
            'x-api-key': credentials.SANDBOX_API_KEY,
            'x-api-secret': credentials.SANDBOX_API_SECRET,
          },
        },
      );
      if (page.status === 429) {
        await sleep(500);
        start -= 100;
        continue;
      }
      const body = (await page.json()) as {
        results: { businessRequestId: number }[];
        hasMore: boolean;
      };
      made.push(...body.results.map((t) => t.businessRequestId));
      if (!body.hasMore) break;
    }
    expect(made.sort()).toEqual([...ids].sort());
  }, 180_000);
});
