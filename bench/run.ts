// `npm run bench`: our figures beside a peer's, measured in one run on loopback. Each server runs
// in a process of its own so that its CPU time can be read from /proc; targets take turns within
// each round, and each figure is the median over the rounds. Prints a markdown table (figure,
// ours, peer, ratio, p99) and writes the `peers` section of bench/results.json. How each figure
// is measured, and how noisy it is: bench/README.md.
//
//   npm run bench                  every figure (the first run also seeds 100,000 merchants and
//                                  installs Stoplight Prism into bench/.cache, a few minutes)
//   BENCH_ROUNDS=3 npm run bench   fewer rounds
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { Pool } from 'undici';
import { firstLoad } from '../scripts/bundle-report';
import { buildIsFresh } from '../scripts/build-inputs.mjs';
import { createStore } from '../src/sandbox/store';
import { openDatabase } from '../src/sandbox/store/db';
import { upsertPartner } from '../src/sandbox/domain/partners';
import { seedVolume } from '../src/sandbox/volume';
import { CHROMIUM } from '../e2e/chromium';
import { batchFigures } from './batch-figures';
import { liveFigures } from './live-figures';
import { loadFigures } from './load-figures';
import { sessionCookieOf } from '../src/server/session-cookie';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Rounds of the merchants page's LCP and the blank page's, at least. */
const LCP_ROUNDS = 15;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONCURRENCY = 16;
const DEEP_MERCHANTS = 100_000;
const CACHE = path.resolve('bench/.cache');
const PRISM_VERSION = '5.16.0';
const CREDENTIALS = { apiKey: 'pk_bench_key', apiSecret: 'sk_bench_secret_0123456789abcdef' };
const API_HEADERS = {
  'x-api-key': CREDENTIALS.apiKey,
  'x-api-secret': CREDENTIALS.apiSecret,
  accept: 'application/json',
};
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

// ---------------------------------------------------------------------------------------------
// Processes and their CPU time

export interface Server {
  name: string;
  url: string;
  pid: number;
  info: Record<string, string>;
  stop(): Promise<void>;
}

const running: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts a server and waits until its output names the URL it listens on. */
function startServer(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Server> {
  const child = spawn(command, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 120_000);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      const info = match.groups ?? {};
      resolve({
        name,
        url: info.url ?? match[1]!,
        pid: child.pid!,
        info,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 3000).unref();
          }),
      });
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}):\n${output}`)));
  });
}

/** CPU time (user and system, all threads) a process has used so far, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

// ---------------------------------------------------------------------------------------------
// Load

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** CPU microseconds per request, per process watched. */
  cpuUs: number[];
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const median = (values: number[]) => percentile(values, 50);

/** `requests` GETs of `pathname` at `concurrency`, while the CPU of `watch` is read. */
async function load(
  url: string,
  pathname: string,
  headers: Record<string, string>,
  watch: number[],
  requests = REQUESTS,
  concurrency = CONCURRENCY,
): Promise<Measured> {
  const origin = new URL(url).origin;
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let issued = 0;
  const before = watch.map(cpuMs);
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < requests) {
        issued++;
        const t0 = process.hrtime.bigint();
        const response = await pool.request({ method: 'GET', path: pathname, headers });
        await response.body.arrayBuffer();
        if (response.statusCode !== 200)
          throw new Error(`${origin}${pathname} answered ${response.statusCode}`);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuUs = watch.map((pid, i) => ((cpuMs(pid) - before[i]!) * 1000) / requests);
  await pool.close();
  return {
    rps: requests / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuUs,
  };
}

/** Targets take turns, `ROUNDS` times; each metric is the median over the rounds. */
async function rounds<T extends string>(
  targets: Record<T, () => Promise<Measured>>,
): Promise<Record<T, Measured>> {
  const names = Object.keys(targets) as T[];
  const all = Object.fromEntries(names.map((n) => [n, [] as Measured[]])) as Record<T, Measured[]>;
  for (const name of names) await targets[name](); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    // A different target goes first each round.
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const name of order) all[name].push(await targets[name]());
    process.stderr.write('.');
  }
  const summary = {} as Record<T, Measured>;
  for (const name of names) {
    const runs = all[name];
    summary[name] = {
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      cpuUs: runs[0]!.cpuUs.map((_, i) => median(runs.map((r) => r.cpuUs[i]!))),
    };
  }
  return summary;
}

// ---------------------------------------------------------------------------------------------
// What the figures need

function tempDir(name: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
}

const TSX = ['--import', 'tsx'];
const SANDBOX_READY = /Sandbox Partner Payments API on (http:\/\/\S+?) /;

function startSandbox(name: string, dataDir: string) {
  return startServer(
    name,
    process.execPath,
    ['dist-server/sandbox.mjs'],
    {
      DATA_DIR: dataDir,
      PORT: '0',
      SANDBOX_API_KEY: CREDENTIALS.apiKey,
      SANDBOX_API_SECRET: CREDENTIALS.apiSecret,
      SANDBOX_RATE_LIMIT: '1000000',
    },
    SANDBOX_READY,
  );
}

async function startDashboard(
  name: string,
  upstream: string,
  dataDir: string,
  env: Record<string, string> = {},
) {
  const server = await startServer(
    name,
    process.execPath,
    [...TSX, 'bench/peers/dashboard.ts'],
    {
      BENCH_UPSTREAM: upstream,
      DATA_DIR: dataDir,
      SANDBOX_API_KEY: CREDENTIALS.apiKey,
      SANDBOX_API_SECRET: CREDENTIALS.apiSecret,
      SANDBOX_RATE_LIMIT: '1000000',
      // A CPU profile of each dashboard the bench starts, for looking into a figure.
      ...(process.env.BENCH_PROFILE_DIR
        ? {
            NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`,
            DASHBOARD_SQL_PROFILE: path.join(
              process.env.BENCH_PROFILE_DIR,
              `sql-${name.replace(/\W+/g, '-')}.json`,
            ),
          }
        : {}),
      ...env,
    },
    /(?<json>\{"url":"(?<url>[^"]+)".*\})/,
  );
  const { email, password } = JSON.parse(server.info.json!) as Record<string, string>;
  const signIn = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'dashboard' },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`${name}: sign-in answered ${signIn.status}`);
  const cookie = sessionCookieOf(signIn);
  return { ...server, cookie };
}

/** Stoplight Prism, installed into bench/.cache on first use (not a dependency of the project). */
function prismBinary(): string | undefined {
  const dir = path.join(CACHE, `prism-${PRISM_VERSION}`);
  const binary = path.join(dir, 'node_modules', '.bin', 'prism');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
    console.error(`Installing @stoplight/prism-cli@${PRISM_VERSION} into ${dir}…`);
    const result = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', `@stoplight/prism-cli@${PRISM_VERSION}`],
      { cwd: dir, stdio: 'inherit' },
    );
    if (result.status !== 0) return undefined;
  }
  return binary;
}

/** A sandbox data folder with 100,000 merchants of the bench partner, made once and kept. */
function deepSandboxData(): string {
  const dir = path.join(CACHE, `deep-${DEEP_MERCHANTS}`);
  if (fs.existsSync(path.join(dir, 'ready'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  console.error(`Seeding ${DEEP_MERCHANTS} merchants into ${dir}…`);
  const store = createStore(openDatabase(path.join(dir, 'sandbox.db')));
  const { partner } = upsertPartner(store, 'Demo partner', CREDENTIALS, Date.now());
  seedVolume(store, partner.id, { merchants: DEEP_MERCHANTS, transactions: 0 });
  store.db.close();
  fs.writeFileSync(path.join(dir, 'ready'), '');
  return dir;
}

// ---------------------------------------------------------------------------------------------
// The figures

interface Figure {
  figure: string;
  ours: number;
  peer: number;
  /** ours ÷ peer, or peer ÷ ours when `higherIsBetter` is about the peer's unit. */
  ratio: number;
  target: string;
  unit: string;
  p99?: string;
}

const figures: Figure[] = [];
const fixed = (n: number, digits = 2) => Number(n.toFixed(digits));

/**
 * Records a figure: `ours` against `peer` (both rounded to `digits`) and their ratio, which
 * `ratio` overrides where the better side is the peer's.
 */
function figure(
  name: string,
  ours: number,
  peer: number,
  rest: { target: string; unit: string; p99?: string; digits?: number; ratio?: number },
) {
  const { digits = 2, ratio = ours / peer, ...shown } = rest;
  figures.push({
    figure: name,
    ours: fixed(ours, digits),
    peer: fixed(peer, digits),
    ratio: fixed(ratio),
    ...shown,
  });
}

async function apiFigures() {
  const sandboxData = tempDir('sandbox');
  const sandbox = await startSandbox('sandbox', sandboxData);
  const bare = await startServer(
    'bare Fastify',
    process.execPath,
    ['bench/peers/bare-fastify.mjs'],
    { PORT: '0' },
    /listening on (http:\/\/\S+)/,
  );
  const openapi = path.join(tempDir('openapi'), 'openapi.json');
  fs.writeFileSync(openapi, await (await fetch(`${sandbox.url}/openapi.json`)).text());
  const prismBin = prismBinary();
  const prism = prismBin
    ? await startServer(
        'Prism',
        prismBin,
        ['mock', '-h', '127.0.0.1', '-p', String(40_000 + (process.pid % 20_000)), openapi],
        {},
        /Prism is listening on (http:\/\/\S+)/,
      ).catch((error: unknown) => {
        console.error(String(error).slice(0, 600));
        return undefined;
      })
    : undefined;
  const remote = await startDashboard(
    'dashboard → sandbox elsewhere',
    sandbox.url,
    tempDir('dash'),
  );
  const embedded = await startDashboard('dashboard, embedded sandbox', 'embedded', tempDir('emb'));
  const byId = '/v1/business/1';
  const cookie = (d: { cookie: string }) => ({ cookie: d.cookie, accept: 'application/json' });
  try {
    const results = await rounds({
      sandbox: () => load(sandbox.url, byId, API_HEADERS, [sandbox.pid]),
      bare: () => load(bare.url, byId, API_HEADERS, [bare.pid]),
      ...(prism
        ? { prism: () => load(prism.url, byId, API_HEADERS, [prism.pid], REQUESTS / 4) }
        : {}),
      remote: () => load(remote.url, `/api${byId}`, cookie(remote), [remote.pid, sandbox.pid]),
      embedded: () => load(embedded.url, `/api${byId}`, cookie(embedded), [embedded.pid]),
    } as Record<string, () => Promise<Measured>>);
    const s = results.sandbox!;
    const b = results.bare!;
    figure(
      'GET merchant by id: CPU per request, sandbox ÷ bare Fastify',
      s.cpuUs[0]!,
      b.cpuUs[0]!,
      { target: '≤ 1.6', unit: 'µs CPU', p99: `${fixed(s.p99)} / ${fixed(b.p99)} ms` },
    );
    if (results.prism) {
      const p = results.prism;
      figure(
        'GET merchant by id: requests per second, sandbox ÷ Prism',
        Math.round(s.rps),
        Math.round(p.rps),
        {
          target: '≥ 10',
          unit: 'req/s',
          p99: `${fixed(s.p99)} / ${fixed(p.p99)} ms`,
          ratio: s.rps / p.rps,
        },
      );
      figure('GET merchant by id: CPU per request, Prism ÷ sandbox', s.cpuUs[0]!, p.cpuUs[0]!, {
        target: '(higher is better)',
        unit: 'µs CPU',
        ratio: p.cpuUs[0]! / s.cpuUs[0]!,
      });
    }
    const r = results.remote!;
    figure(
      'Proxy to a sandbox elsewhere: dashboard CPU per request ÷ the sandbox’s',
      r.cpuUs[0]!,
      r.cpuUs[1]!,
      { target: '≤ 2', unit: 'µs CPU', p99: `${fixed(r.p99)} ms` },
    );
    const e = results.embedded!;
    figure('Proxy, embedded: CPU per request ÷ the sandbox’s, direct', e.cpuUs[0]!, s.cpuUs[0]!, {
      target: '≤ 1.5',
      unit: 'µs CPU',
      p99: `${fixed(e.p99)} / ${fixed(s.p99)} ms`,
    });
  } finally {
    for (const server of [sandbox, bare, prism, remote, embedded]) await server?.stop();
  }
}

async function deepPageFigure() {
  const sandbox = await startSandbox('sandbox with 100,000 merchants', deepSandboxData());
  try {
    const last = `/v1/business/?start=${DEEP_MERCHANTS - 20}&limit=20`;
    const results = await rounds({
      first: () => load(sandbox.url, '/v1/business/?start=0&limit=20', API_HEADERS, [], 400, 1),
      last: () => load(sandbox.url, last, API_HEADERS, [], 400, 1),
    });
    figure(
      'Last page ÷ first page of 100,000 merchants (p50 latency)',
      results.last.p50,
      results.first.p50,
      {
        target: '≤ 1.5',
        unit: 'ms',
        p99: `${fixed(results.last.p99)} / ${fixed(results.first.p99)} ms`,
        digits: 3,
      },
    );
  } finally {
    await sandbox.stop();
  }
}

async function pageFigures() {
  const gzipFigure = firstLoad('dist').total;
  figure('Sign-in first load, JS + CSS (gzip, from the build)', gzipFigure / 1024, 190, {
    target: '≤ 190 KB',
    unit: 'KB',
    digits: 1,
  });
  const blankFile = path.resolve('dist', 'bench-blank.html');
  fs.writeFileSync(blankFile, '<!doctype html><title>blank</title><p>Blank page</p>');
  const dashboard = await startDashboard('dashboard', 'embedded', tempDir('pages'));
  const browser = await chromium.launch(CHROMIUM);
  /** A cold load of `url` (a new context: empty cache); bytes on the wire and the LCP. */
  const visit = async (url: string, cookie?: string) => {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url: dashboard.url }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(NaN), 3000);
        }),
    );
    await context.close();
    return { bytes, lcp };
  };
  /**
   * A signed-in page loaded cold, until its first content shows: its heading, in ms since the
   * navigation began (issue 43: the overview and Settings took 1.7 to 3.2 s on a busy machine).
   */
  const firstContent = async (pathname: string, heading: string) => {
    const context = await browser.newContext();
    const [name, value] = dashboard.cookie.split('=');
    await context.addCookies([{ name: name!, value: value!, url: dashboard.url }]);
    const page = await context.newPage();
    await page.goto(`${dashboard.url}${pathname}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    const at = await page.evaluate(() => performance.now());
    await context.close();
    return at;
  };
  try {
    const signIn: number[] = [];
    const blank: number[] = [];
    const merchants: number[] = [];
    const overview: number[] = [];
    const settings: number[] = [];
    // The LCP ratio swings by ±0.5 between medians of five (a blank page paints in about 60 ms,
    // so a few ms of noise move it): fifteen rounds at least.
    for (let round = 0; round < Math.max(ROUNDS, LCP_ROUNDS); round++) {
      blank.push((await visit(`${dashboard.url}/bench-blank.html`)).lcp);
      merchants.push((await visit(`${dashboard.url}/merchants`, dashboard.cookie)).lcp);
      if (round < ROUNDS) {
        signIn.push((await visit(`${dashboard.url}/sign-in`)).bytes);
        overview.push(await firstContent('/', 'Overview'));
        settings.push(await firstContent('/settings', 'Settings'));
      }
      process.stderr.write('.');
    }
    for (const [page, times] of [
      ['Overview', overview],
      ['Settings', settings],
    ] as const)
      figure(`${page} page, first content (its heading), cold, signed in`, median(times), 1000, {
        target: '≤ 1000 ms',
        unit: 'ms',
        digits: 0,
        p99: `max ${fixed(Math.max(...times))} ms`,
      });
    figure(
      'Sign-in page, bytes transferred ÷ the build’s gzip figure',
      median(signIn) / 1024,
      gzipFigure / 1024,
      { target: '≤ 1.05', unit: 'KB', digits: 1, ratio: median(signIn) / gzipFigure },
    );
    figure(
      'Merchants page LCP ÷ blank page LCP, same server, cold',
      median(merchants),
      median(blank),
      { target: '≤ 4', unit: 'ms', digits: 0 },
    );
  } finally {
    await browser.close();
    await dashboard.stop();
    fs.rmSync(blankFile, { force: true });
  }
}

/**
 * Starts `npm start` one more time than the rounds, on one data folder, and runs `each` on every
 * start after the first (which seeds the demo): `started` is when that start began.
 */
async function eachSecondStart(
  name: string,
  each: (server: Awaited<ReturnType<typeof startServer>>, started: number) => Promise<void>,
) {
  const data = tempDir(name);
  for (let i = 0; i < 1 + Math.max(3, ROUNDS); i++) {
    const started = Date.now();
    const server = await startServer(
      'npm start',
      process.execPath,
      ['scripts/start.mjs'],
      { DATA_DIR: data, PORT: '0' },
      /dashboard on (http:\/\/\S+)/,
    );
    if (i > 0) await each(server, started);
    await server.stop();
  }
}

async function startupFigure() {
  const times: number[] = [];
  await eachSecondStart('start', async (server, started) => {
    for (;;) {
      const page = await fetch(`${server.url}/sign-in`).catch(() => undefined);
      if (page?.status === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    times.push(Date.now() - started);
  });
  figure('Second npm start until the sign-in page answers', median(times) / 1000, 3, {
    target: '≤ 3 s',
    unit: 's',
    digits: 2,
    ratio: median(times) / 3000,
  });
}

/**
 * The first signed-in page a person opens right after a start, drawn by the server, against the
 * same page once warm (decision 059: the server draws its most asked-for pages once at start).
 */
async function firstPageFigure() {
  const first: number[] = [];
  const warm: number[] = [];
  await eachSecondStart('first-page', async (server) => {
    const signedIn = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'dashboard' },
      body: JSON.stringify({ demoUser: 'finance@demo.example' }),
    });
    const cookie = sessionCookieOf(signedIn);
    const timed = async () => {
      const started = performance.now();
      await (await fetch(`${server.url}/merchants`, { headers: { cookie } })).text();
      return performance.now() - started;
    };
    // A person signs in a few seconds after a start at the earliest: by then the server build
    // has loaded (it loads once the server listens) and drawn its warm-up pages.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    first.push(await timed());
    warm.push(await timed());
  });
  figure(
    'First signed-in page after a start, against the same page warm',
    median(first),
    median(warm),
    { target: '≤ 150 ms', unit: 'ms', digits: 0 },
  );
}

async function main() {
  if (!buildIsFresh()) {
    console.error('Building first (npm run build)…');
    const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  const only = process.argv[2];
  if (!only || only === 'api') await apiFigures();
  if (!only || only === 'deep') await deepPageFigure();
  if (!only || only === 'pages') await pageFigures();
  if (!only || only === 'startup') {
    await startupFigure();
    await firstPageFigure();
  }
  if (!only || only === 'batches') await batchFigures({ startServer, tempDir, figure });
  if (!only || only === 'load')
    await loadFigures({ startDashboard, startSandbox, tempDir, cpuMs, figure });
  if (!only || only === 'live')
    await liveFigures({ startDashboard, startSandbox, tempDir, cpuMs, figure });
  process.stderr.write('\n');

  const table = [
    '| Figure | Ours | Peer | Ratio | Target | p99 |',
    '|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.figure} | ${f.ours} ${f.unit} | ${f.peer} ${f.unit} | ${f.ratio} | ${f.target} | ${f.p99 ?? ''} |`,
    ),
  ].join('\n');
  console.log(table);
  const resultsFile = path.resolve('bench/results.json');
  const results = fs.existsSync(resultsFile)
    ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>)
    : {};
  // A run on the newest LTS (npm run bench:newest-lts) keeps its figures beside the pinned Node's.
  const section = process.env.PROJECT_NODE_LINE === 'newest-lts' ? 'peersNewestLts' : 'peers';
  const previous = (results[section] as { figures?: Figure[] } | undefined)?.figures ?? [];
  const merged = [
    ...previous.filter((p) => !figures.some((f) => f.figure === p.figure)),
    ...figures,
  ];
  results[section] = {
    rounds: ROUNDS,
    requestsPerRound: REQUESTS,
    concurrency: CONCURRENCY,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
    measuredAt: new Date().toISOString(),
    figures: merged,
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
