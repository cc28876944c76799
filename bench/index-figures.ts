// The local index at scale (docs/decisions/018): 100,000 merchants and 1,000,000 transactions in
// the sandbox (`seed volume`), the dashboard's first fill of them through the API, then search,
// filtered, sorted list pages and money reports through the dashboard server, measured from a
// client on loopback. Prints a markdown table and writes bench/results.json (the `index` section).
//
//   npm run bench                      the full figures (first run ≈ 10 min; the filled data is
//                                      kept in bench/.cache and reused while it matches)
//   BENCH_MERCHANTS=10000 BENCH_TRANSACTIONS=100000 npm run bench     a quicker, smaller run
//   BENCH_ONLY=report npm run bench:index     only the figures whose names start so (`export`:
//                                              the export alone); the others are kept
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bootSandbox } from '../src/sandbox/boot';
import { SandboxEnv, settingsFrom } from '../src/sandbox/env';
import { seedVolume } from '../src/sandbox/volume';
import { presetPeriod } from '../src/api/periods';
import { buildDashboardServer } from '../src/server/app';
import { openDashboardDb } from '../src/server/store/db';
import { createVault } from '../src/server/store/vault';
import { sessionCookieOf } from '../src/server/session-cookie';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 100_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const ONLY = process.env.BENCH_ONLY;
const CACHE = path.resolve('bench/.cache', `index-v2-${MERCHANTS}-${TRANSACTIONS}`);

/** The figures with a goal (issue 45): printed beside them. */
const TARGETS: Record<string, string> = {
  exportSeconds: '≤ 60 s at 1,000,000 rows',
  exportHeapGrowthMegabytes: 'bounded: not growing with the rows',
};

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const fresh = !fs.existsSync(path.join(CACHE, 'filled'));
  if (fresh) fs.rmSync(CACHE, { recursive: true, force: true });
  fs.mkdirSync(CACHE, { recursive: true });
  const env = SandboxEnv.parse({ DATA_DIR: CACHE, SANDBOX_RATE_LIMIT: '1000000' });
  const settings = settingsFrom(env);
  const booted = bootSandbox(env, settings);
  const partner = booted.store.partners.byKey(booted.demo.apiKey)!;
  const figures: Record<string, number | string> = {
    merchants: MERCHANTS,
    transactions: TRANSACTIONS,
  };
  if (fresh) {
    const seeded = Date.now();
    seedVolume(booted.store, partner.id, { merchants: MERCHANTS, transactions: TRANSACTIONS });
    console.error(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  }
  const db = await openDashboardDb({ file: path.join(CACHE, 'dashboard.db') });
  const keyFile = path.join(CACHE, 'bench-secret.key');
  if (!fs.existsSync(keyFile)) fs.writeFileSync(keyFile, Buffer.alloc(32, 9));
  const { app, sync } = await buildDashboardServer({
    distDir: path.resolve('dist'),
    workspace: { db, vault: createVault(fs.readFileSync(keyFile)) },
    demoWorkspace: true,
    embedded: { store: booted.store, settings, rateLimit: 1_000_000, demo: booted.demo },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  if (fresh) {
    const started = Date.now();
    await sync.syncNow('sandbox');
    const status = await sync.status('sandbox');
    const merchants = status.lists.find((l) => l.list === 'merchants')!;
    figures.fillMerchantsSeconds = Number(((merchants.filledAt! - started) / 1000).toFixed(1));
    figures.fillAllSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
    if (!status.filled) throw new Error(`the first fill did not finish: ${status.error}`);
    fs.writeFileSync(path.join(CACHE, 'filled'), JSON.stringify(figures));
  } else {
    Object.assign(figures, JSON.parse(fs.readFileSync(path.join(CACHE, 'filled'), 'utf8')));
  }

  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'dashboard' },
    body: JSON.stringify({ demoUser: 'viewer@demo.example' }),
  });
  const cookie = sessionCookieOf(signIn);
  const measure = async (name: string, url: string) => {
    if (ONLY && !name.startsWith(ONLY)) return;
    const times: number[] = [];
    for (let i = 0; i < ROUNDS + 10; i++) {
      const started = process.hrtime.bigint();
      const response = await fetch(`${base}${url}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      if (i >= 10) times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    figures[`${name}P50Ms`] = Number(percentile(times, 50).toFixed(2));
    figures[`${name}P95Ms`] = Number(percentile(times, 95).toFixed(2));
  };
  await measure('searchName', '/api/index/search?q=lumen%20textiles%2042');
  await measure('searchIbanTail', '/api/index/search?q=00004242');
  await measure(
    'transactionsFilteredSorted',
    '/api/index/transactions?clientStatus=OnOff_AWAITING_DEPOSIT&sort=amount&order=desc&limit=20',
  );
  await measure(
    'transactionsByMerchant',
    '/api/index/transactions?businessId=4242&sort=created&limit=20',
  );
  await measure(
    'merchantsFilteredSorted',
    '/api/index/merchants?kycStatus=ACTION_NEEDED&sort=name&limit=20',
  );
  await measure('merchantsDeepPage', '/api/index/merchants?start=99900&limit=20');

  // The money reports (docs/decisions/036) over the year of seeded transactions: a month by
  // day, a quarter by week, the whole year by month, and a month for one merchant.
  const report = (from: number, to: number, extra = '') =>
    `/api/reports?from=${from}&to=${to}&tz=Europe/Berlin${extra}`;
  const now = Date.now();
  const month = presetPeriod('lastMonth', now, 'Europe/Berlin');
  const quarter = presetPeriod('thisQuarter', now, 'Europe/Berlin');
  await measure('reportLastMonthByDay', report(month.from, month.to));
  await measure('reportQuarterByWeek', report(quarter.from, quarter.to, '&bucket=week'));
  await measure('reportYearByMonth', report(now - 365 * 86_400_000, now, '&bucket=month'));
  await measure('reportMonthOneMerchant', report(month.from, month.to, '&merchant=4242'));
  // A statement's summary (docs/decisions/037): its count and exact totals in and out.
  await measure(
    'statementSummaryMonth',
    `/api/statements/summary?currency=EUR&from=${month.from}&to=${month.to}&tz=Europe/Berlin`,
  );

  if (!ONLY || 'export'.startsWith(ONLY)) await exportFigures(base, cookie, figures);

  await app.close();
  await db.close();
  booted.store.db.close();

  const rows = Object.entries(figures).map(([k, v]) => `| ${k} | ${v} | ${TARGETS[k] ?? ''} |`);
  console.log(['| Figure | Value | Target |', '|---|---|---|', ...rows].join('\n'));
  const resultsFile = path.resolve('bench/results.json');
  const results = fs.existsSync(resultsFile)
    ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, Record<string, unknown>>)
    : {};
  results.index = {
    ...(ONLY ? results.index : {}),
    ...figures,
    measuredAt: new Date().toISOString(),
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

async function exportFigures(
  base: string,
  cookie: string,
  figures: Record<string, number | string>,
) {
  // The whole transactions export, streamed, while a session read is timed every 20 ms: how
  // long it takes, how much memory it adds, and what it does to everyone else's latency.
  const sessionTimes: number[] = [];
  let exporting = true;
  const sampler = (async () => {
    while (exporting) {
      const started = process.hrtime.bigint();
      await (await fetch(`${base}/api/session`, { headers: { cookie } })).arrayBuffer();
      sessionTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let rssPeak = rssBefore;
  let heapPeak = heapBefore;
  const exportStarted = Date.now();
  const exported = await fetch(`${base}/api/index/transactions?format=csv`, {
    headers: { cookie },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of exported.body!) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    const memory = process.memoryUsage();
    rssPeak = Math.max(rssPeak, memory.rss);
    heapPeak = Math.max(heapPeak, memory.heapUsed);
  }
  exporting = false;
  await sampler;
  figures.exportRows = lines - 1;
  figures.exportSeconds = Number(((Date.now() - exportStarted) / 1000).toFixed(1));
  figures.exportMegabytes = Number((bytes / 1e6).toFixed(1));
  // Server and client share this process; the client only counts bytes, so growth here is the
  // server's buffers plus SQLite's page cache. Heap growth is what JavaScript holds at once.
  figures.exportRssGrowthMegabytes = Number(((rssPeak - rssBefore) / 1e6).toFixed(1));
  figures.exportHeapGrowthMegabytes = Number(((heapPeak - heapBefore) / 1e6).toFixed(1));
  figures.sessionDuringExportP50Ms = Number(percentile(sessionTimes, 50).toFixed(2));
  figures.sessionDuringExportP99Ms = Number(percentile(sessionTimes, 99).toFixed(2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
