// `npm run test:stress`: the long checks that do not belong in CI (docs/reliability.md).
//
// 1. Crash loop: the standalone sandbox is killed with SIGKILL at random moments while workers
//    create transactions and merchants with Idempotency-Keys, retrying each write with the same
//    key until it is answered. After at least KILLS kills, every acknowledged write must be there
//    exactly once: lost writes and duplicates must both be zero.
// 2. Load: a bounded run of reads and writes on loopback against the sandbox alone and through
//    the dashboard server's proxy; zero errors, latency percentiles printed.
//
// Everything runs on 127.0.0.1 and stops by itself. STRESS_KILLS and STRESS_LOAD_REQUESTS tune it.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/http/free-port';
import { sessionCookieOf } from '../src/server/session-cookie';

const KILLS = Number(process.env.STRESS_KILLS ?? 30);
const LOAD_REQUESTS = Number(process.env.STRESS_LOAD_REQUESTS ?? 4000);
const WORKERS = 4;
const API_KEY = 'stress-key';
const API_SECRET = 'stress-secret-0123456789';
const ROOT = path.resolve(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a TypeScript entry point as one node process (so SIGKILL reaches the server itself). */
function start(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilUp(url: string, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up within 30 s`);
    await sleep(50);
  }
}

const auth = { 'x-api-key': API_KEY, 'x-api-secret': API_SECRET };

async function crashLoop() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stress-crash-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    SANDBOX_API_KEY: API_KEY,
    SANDBOX_API_SECRET: API_SECRET,
    SANDBOX_SEED: 'none',
    SANDBOX_RATE_LIMIT: '1000000',
    SANDBOX_QUOTE_DELAY_MS: '200',
    SANDBOX_SETTLEMENT_DELAY_MS: '200',
  };
  let server = start('src/sandbox/cli.ts', env);
  await waitUntilUp(`${base}/v1/currency/`, auth);

  const post = (url: string, body: unknown, key?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
  const merchant = await (
    await post('/v1/business/', {
      name: 'Stress GmbH',
      localRegNumber: 'HRB 1|VALID',
      countryIso: 'DE',
      city: 'Berlin',
      address: 'Torstraße',
      streetNumber: '1',
      zipcode: '10119',
      contactName: 'Stress Test',
      contactEmail: 'stress@example.com',
      contactPhonePrefix: '49',
      contactPhone: '301234567',
      industry: 'TECHNOLOGY',
    })
  ).json();
  const account = await (
    await post('/v1/businessExternalAccount/', {
      businessId: merchant.id,
      currencySymbol: 'EUR',
      accountHolderName: 'Stress GmbH',
      bankName: 'Bank',
      countryIso: 'DE',
      accountNumber: 'STRESS1|ACTIVE',
    })
  ).json();

  let stopping = false;
  let kills = 0;
  let replays = 0;
  let retries = 0;
  const acknowledged = new Map<string, { kind: 'transaction' | 'merchant'; id: number }>();

  /** One logical write: retried with the same key and body until the sandbox answers it. */
  async function write(key: string, url: string, body: unknown, kind: 'transaction' | 'merchant') {
    for (;;) {
      try {
        const response = await post(url, body, key);
        if (response.status === 200) {
          if (response.headers.get('idempotent-replayed') === 'true') replays++;
          const json = await response.json();
          acknowledged.set(key, {
            kind,
            id: kind === 'merchant' ? json.id : json.businessRequestId,
          });
          return;
        }
        throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.includes('answered')) throw error;
        retries++;
        await sleep(20);
      }
    }
  }

  async function worker(n: number) {
    for (let seq = 1; !stopping; seq++) {
      const key = `w${n}-${seq}`;
      if (seq % 4 === 0) {
        await write(
          key,
          '/v1/business/',
          {
            name: `Merchant ${key}`,
            countryIso: 'FR',
            city: 'Paris',
            address: 'Rue',
            streetNumber: '2',
            zipcode: '75001',
            contactName: 'Someone',
            contactEmail: 'someone@example.com',
            contactPhonePrefix: '33',
            contactPhone: '123456789',
            industry: 'GAMING',
          },
          'merchant',
        );
      } else {
        await write(
          key,
          '/v1/sendf2f/',
          {
            fromBusinessId: merchant.id,
            toBusinessExternalAccountId: account.id,
            fromCurrencySymbol: 'USD',
            // A unique amount per logical write, so that a duplicate shows in the list.
            toAmount: `${seq}.${String(n).padStart(2, '0')}`,
            purpose: 'SUPPLIER_PAYMENT',
          },
          'transaction',
        );
      }
    }
  }

  const workers = Array.from({ length: WORKERS }, (_, n) => worker(n + 1));
  while (kills < KILLS) {
    await sleep(50 + Math.random() * 400);
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    kills++;
    server = start('src/sandbox/cli.ts', env);
    await waitUntilUp(`${base}/v1/currency/`, auth);
  }
  stopping = true;
  await Promise.all(workers);

  // Every record, page by page.
  async function all(url: string) {
    const records: Record<string, unknown>[] = [];
    for (let start = 0; ; start += 100) {
      const page = await (
        await fetch(`${base}${url}?start=${start}&limit=100`, { headers: auth })
      ).json();
      records.push(...page.results);
      if (!page.hasMore) return records;
    }
  }
  const transactions = await all('/v1/sendf2f/');
  const merchants = await all('/v1/business/');
  const byAmount = new Map<string, number>();
  for (const t of transactions)
    byAmount.set(String(t.toAmount), (byAmount.get(String(t.toAmount)) ?? 0) + 1);
  const byName = new Map<string, number>();
  for (const m of merchants) byName.set(String(m.name), (byName.get(String(m.name)) ?? 0) + 1);
  const transactionIds = new Set(transactions.map((t) => t.businessRequestId));
  const merchantIds = new Set(merchants.map((m) => m.id));
  let lost = 0;
  for (const { kind, id } of acknowledged.values())
    if (!(kind === 'transaction' ? transactionIds : merchantIds).has(id)) lost++;
  const duplicates =
    [...byAmount.values()].filter((n) => n > 1).length +
    [...byName.values()].filter((n) => n > 1).length;
  const integrity = await fetch(`${base}/v1/currency/`, { headers: auth });

  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    kills,
    acknowledged: acknowledged.size,
    lost,
    duplicates,
    replays,
    retries,
    serving: integrity.ok,
  };
}

interface LoadFigures {
  target: string;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  perSecond: number;
}

async function load(
  target: string,
  requests: number,
  send: (i: number) => Promise<Response>,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < requests) {
        const i = next++;
        const t0 = performance.now();
        try {
          const response = await send(i);
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    target,
    requests,
    errors,
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    perSecond: Math.round(requests / seconds),
  };
}

async function loadRun(): Promise<LoadFigures[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stress-load-'));
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stress-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>dashboard</title>');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start('src/server/main.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    SANDBOX_API_KEY: API_KEY,
    SANDBOX_API_SECRET: API_SECRET,
    SANDBOX_RATE_LIMIT: '1000000',
  });
  try {
    await waitUntilUp(`${base}/sandbox/v1/currency/`, auth);
    const signIn = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'dashboard' },
      body: JSON.stringify({ environment: 'sandbox', demo: true }),
    });
    const cookie = sessionCookieOf(signIn);
    const merchants = await (
      await fetch(`${base}/sandbox/v1/business/?limit=50`, { headers: auth })
    ).json();
    const ids = merchants.results.map((m: { id: number }) => m.id) as number[];
    const read = (prefix: string, headers: Record<string, string>) => (i: number) =>
      fetch(
        i % 2 === 0
          ? `${base}${prefix}/business/${ids[i % ids.length]}`
          : `${base}${prefix}/business/?limit=20`,
        { headers },
      );
    const price = (prefix: string, headers: Record<string, string>) => (i: number) =>
      fetch(`${base}${prefix}/sendf2f/price`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'x-requested-with': 'dashboard',
        },
        body: JSON.stringify({
          fromCurrencySymbol: 'USD',
          toCurrencySymbol: 'EUR',
          toAmount: String(100 + (i % 900)),
        }),
      });
    return [
      await load('sandbox: merchant by id and list', LOAD_REQUESTS, read('/sandbox/v1', auth)),
      await load('proxy: merchant by id and list', LOAD_REQUESTS, read('/api/v1', { cookie })),
      await load('sandbox: price', LOAD_REQUESTS / 2, price('/sandbox/v1', auth)),
      await load('proxy: price', LOAD_REQUESTS / 2, price('/api/v1', { cookie })),
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(distDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`Crash loop: ${KILLS} SIGKILLs of the sandbox under keyed write load…`);
  const crash = await crashLoop();
  console.log('\n| figure | value | must be |\n|---|---|---|');
  console.log(`| kills | ${crash.kills} | at least ${KILLS} |`);
  console.log(`| acknowledged writes | ${crash.acknowledged} | more than 0 |`);
  console.log(`| lost acknowledged writes | ${crash.lost} | 0 |`);
  console.log(`| duplicates | ${crash.duplicates} | 0 |`);
  console.log(`| retries after a kill | ${crash.retries} | (information) |`);
  console.log(`| retries answered by a replay | ${crash.replays} | (information) |`);

  console.log(`\nLoad on loopback: ${LOAD_REQUESTS} requests per read target, 16 at a time…`);
  const figures = await loadRun();
  console.log(
    '\n| target | requests | errors | p50 ms | p99 ms | req/s |\n|---|---|---|---|---|---|',
  );
  for (const f of figures)
    console.log(
      `| ${f.target} | ${f.requests} | ${f.errors} | ${f.p50} | ${f.p99} | ${f.perSecond} |`,
    );

  const failures = [
    crash.kills < KILLS && 'too few kills',
    crash.acknowledged === 0 && 'no write was acknowledged',
    crash.lost > 0 && `${crash.lost} acknowledged writes lost`,
    crash.duplicates > 0 && `${crash.duplicates} duplicates`,
    !crash.serving && 'the sandbox did not serve after the loop',
    ...figures.filter((f) => f.errors > 0).map((f) => `${f.errors} errors in "${f.target}"`),
  ].filter(Boolean);
  if (failures.length > 0) {
    console.error(`\nFAILED: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('\nAll stress checks passed.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
