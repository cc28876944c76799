// `npm run bench -- load`: the dashboard server under its staff (issue 45). Simulated people,
// each signed in as a different person with the roles a partner's team has, each doing what
// their role does in a day's mix (lists with filters, opening records, Go to… search, the
// approvals inbox, creating payouts and approving them, a report, an export), with a person's
// pause between two steps, for a fixed time. Per route: p50 and p99; errors (a 5xx, a refused
// connection or an answer the step did not expect: must be 0); the server's CPU per request.
// Then more people, until p99 passes 200 ms (the knee); and the same against two servers on one
// PostgreSQL database in front of one sandbox.
import { Pool } from 'undici';
import type { Server } from './run';
import {
  partiesAt,
  percentile,
  rolesAt,
  type StaffBenchDeps,
  withOneServer,
  withTwoServers,
} from './people';
import type { Parties } from '../src/sandbox/testing';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const STAFF = 50;
/** Larger teams, tried in turn until p99 passes 200 ms. */
const KNEE_STEPS = (process.env.BENCH_LOAD_STEPS ?? '100,200,400,800')
  .split(',')
  .filter(Boolean)
  .map(Number);
/** `one`, `two` or both (the default): which set-ups run. */
const SETUPS = process.env.BENCH_LOAD_SETUPS ?? 'one,two';
/** A person's pause between two steps: 0.5 to 1.5 s (reading what the page shows). */
const pause = () => 500 + Math.random() * 1000;

interface Sample {
  route: string;
  ms: number;
  error?: string;
}

interface Client {
  send(
    route: string,
    method: string,
    url: string,
    body?: unknown,
    expect?: readonly number[],
  ): Promise<{ status: number; json: unknown }>;
}

function client(pools: Pool[], cookie: string, at: number, samples: Sample[]): Client {
  const pool = pools[at % pools.length]!;
  return {
    async send(route, method, url, body, expect = [200]) {
      const t0 = performance.now();
      try {
        const response = await pool.request({
          method: method as 'GET',
          path: `/api${url}`,
          headers: {
            cookie,
            'x-requested-with': 'dashboard',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.body.text();
        const ms = performance.now() - t0;
        const ok = expect.includes(response.statusCode);
        samples.push({
          route,
          ms,
          ...(ok
            ? {}
            : { error: `${route} answered ${response.statusCode}: ${text.slice(0, 200)}` }),
        });
        const json = /^[[{]/.test(text) ? (JSON.parse(text) as unknown) : undefined;
        return { status: response.statusCode, json };
      } catch (error) {
        samples.push({ route, ms: performance.now() - t0, error: `${route}: ${String(error)}` });
        return { status: 0, json: undefined };
      }
    },
  };
}

type Page<T> = { results?: T[] };
const pick = <T>(list: readonly T[] | undefined) =>
  list && list.length > 0 ? list[Math.floor(Math.random() * list.length)] : undefined;
const WORDS = ['a', 'e', 'gmbh', 'ltd', 'lumen', 'an', 'o'];
const DAY = 86_400_000;

/** One person's day: steps chosen by weight among those their roles allow. */
async function person(api: Client, roles: readonly string[], parties: Parties, until: number) {
  const merchants: number[] = [];
  const payouts: number[] = [];
  const steps: [number, () => Promise<unknown>][] = [
    [
      20,
      async () => {
        const status = pick(['OnOff_AWAITING_QUOTE_APPROVAL', 'OnOff_COMPLETED', undefined]);
        const page = await api.send(
          'list payouts, filtered',
          'GET',
          `/index/transactions?product=sendc2f&limit=25${status ? `&clientStatus=${status}` : ''}`,
        );
        for (const t of (page.json as Page<{ id: number }>)?.results ?? []) payouts.push(t.id);
      },
    ],
    [
      15,
      async () => {
        const page = await api.send(
          'list merchants, searched',
          'GET',
          `/index/merchants?limit=25&q=${pick(WORDS)}`,
        );
        for (const m of (page.json as Page<{ id: number }>)?.results ?? []) merchants.push(m.id);
      },
    ],
    [
      15,
      async () => {
        const id = pick(merchants.slice(-50));
        if (id) await api.send('open a merchant', 'GET', `/v1/business/${id}`);
        const payout = pick(payouts.slice(-50));
        if (payout) await api.send('open a payout', 'GET', `/v1/sendc2f/${payout}`);
      },
    ],
    [10, () => api.send('Go to… search', 'GET', `/index/search?q=${pick(WORDS)}`)],
    [8, () => api.send('notifications', 'GET', '/notifications')],
    [
      4,
      () => {
        const to = Date.now();
        return api.send('a report', 'GET', `/reports?from=${to - 30 * DAY}&to=${to}&tz=UTC`);
      },
    ],
    [
      2,
      () =>
        api.send(
          'an export (CSV)',
          'GET',
          `/index/transactions?format=csv&tz=UTC&fromDate=${Date.now() - 7 * DAY}`,
        ),
    ],
  ];
  if (roles.includes('finance'))
    steps.push([
      8,
      async () => {
        const made = await api.send('create a payout', 'POST', '/v1/sendc2f/', {
          fromBusinessId: parties.merchantId,
          toBusinessExternalAccountId: parties.accounts.EUR,
          fromCurrencySymbol: 'USDT(TRC20)',
          toAmount: (10 + Math.floor(Math.random() * 900)).toFixed(2),
          purpose: 'SALARY',
        });
        const id = (made.json as { businessRequestId?: number } | undefined)?.businessRequestId;
        if (id) payouts.push(id);
      },
    ]);
  if (roles.includes('approver'))
    steps.push([
      10,
      async () => {
        const inbox = await api.send(
          'the approvals inbox',
          'GET',
          '/controls/inbox?scope=you&limit=20',
        );
        const item = (
          inbox.json as
            | {
                results?: {
                  product: string;
                  transactionId: number;
                  action: string;
                  canAct?: boolean;
                }[];
              }
            | undefined
        )?.results?.find((r) => r.canAct && r.action === 'approveQuote');
        if (!item) return;
        await api.send(
          'what an approval needs',
          'GET',
          `/controls/transactions/${item.product}/${item.transactionId}`,
        );
        // Another approver may have got there first (409), or the policy may ask for a second
        // one (202): both are answers a person sees, not errors.
        await api.send(
          'approve a quote',
          'POST',
          `/v1/${item.product}/approveQuote/${item.transactionId}`,
          {},
          [200, 202, 409],
        );
      },
    ]);
  const total = steps.reduce((sum, [weight]) => sum + weight, 0);
  while (Date.now() < until) {
    let roll = Math.random() * total;
    const step = steps.find(([weight]) => (roll -= weight) < 0)![1];
    await step();
    await new Promise((resolve) => setTimeout(resolve, pause()));
  }
}

interface Run {
  staff: number;
  requests: number;
  errors: string[];
  p50: number;
  p99: number;
  cpuUs: number;
  routes: Map<string, number[]>;
}

/** `staff` people on `servers` for `SECONDS`; the servers' CPU per request over the run. */
async function run(
  servers: (Server & { cookie: string })[],
  cookies: string[],
  staff: number,
  parties: Parties,
  cpuMs: StaffBenchDeps['cpuMs'],
): Promise<Run> {
  const pools = servers.map((s) => new Pool(new URL(s.url).origin, { connections: 128 }));
  const samples: Sample[] = [];
  const until = Date.now() + SECONDS * 1000;
  const before = servers.map((s) => cpuMs(s.pid));
  await Promise.all(
    cookies.slice(0, staff).map(async (cookie, i) => {
      // People do not all start in the same instant.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
      await person(client(pools, cookie, i, samples), rolesAt(i), parties, until);
    }),
  );
  const cpu = servers.reduce((sum, s, i) => sum + cpuMs(s.pid) - before[i]!, 0);
  await Promise.all(pools.map((p) => p.close()));
  const routes = new Map<string, number[]>();
  for (const s of samples) routes.set(s.route, [...(routes.get(s.route) ?? []), s.ms]);
  const all = samples.map((s) => s.ms);
  return {
    staff,
    requests: samples.length,
    errors: samples.flatMap((s) => (s.error ? [s.error] : [])),
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    cpuUs: (cpu * 1000) / samples.length,
    routes,
  };
}

function report(label: string, r: Run, figure: StaffBenchDeps['figure']) {
  process.stderr.write(
    `\n${label}: ${r.staff} people, ${r.requests} requests, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors.length} errors\n`,
  );
  for (const error of new Set(r.errors.slice(0, 5))) process.stderr.write(`  ${error}\n`);
  for (const [route, ms] of [...r.routes].sort()) {
    process.stderr.write(
      `  ${route.padEnd(28)} ${String(ms.length).padStart(6)}  p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(ms, 99).toFixed(1).padStart(7)} ms\n`,
    );
    figure(`Load, ${label}, ${r.staff} people: ${route}, p50`, percentile(ms, 50), 200, {
      target: 'p99 ≤ 200 ms',
      unit: 'ms',
      digits: 1,
      p99: `${percentile(ms, 99).toFixed(1)} ms`,
      ratio: percentile(ms, 99) / 200,
    });
  }
  figure(`Load, ${label}, ${r.staff} people: every request, p50`, r.p50, 200, {
    target: 'p99 ≤ 200 ms',
    unit: 'ms',
    digits: 1,
    p99: `${r.p99.toFixed(1)} ms`,
    ratio: r.p99 / 200,
  });
  figure(
    `Load, ${label}, ${r.staff} people: errors (of ${r.requests} requests)`,
    r.errors.length,
    0,
    {
      target: '0',
      unit: '',
      digits: 0,
      ratio: r.errors.length,
    },
  );
  figure(`Load, ${label}, ${r.staff} people: server CPU per request`, r.cpuUs, 1000, {
    target: 'none set',
    unit: 'µs',
    digits: 0,
  });
}

/** The 50 people's run, then larger teams until p99 passes 200 ms: the knee. */
async function withKnee(
  label: string,
  servers: (Server & { cookie: string })[],
  cookies: string[],
  parties: Parties,
  { cpuMs, figure }: Pick<StaffBenchDeps, 'cpuMs' | 'figure'>,
) {
  report(label, await run(servers, cookies, STAFF, parties, cpuMs), figure);
  let knee: number | undefined;
  let last = STAFF;
  for (const staff of KNEE_STEPS) {
    const r = await run(servers, cookies, staff, parties, cpuMs);
    process.stderr.write(
      `${label}: ${staff} people, p99 ${r.p99.toFixed(1)} ms, ${r.errors.length} errors\n`,
    );
    if (r.p99 > 200 || r.errors.length > 0) {
      knee = staff;
      report(label, r, figure);
      break;
    }
    last = staff;
  }
  figure(
    `Load, ${label}: most people with p99 under 200 ms (tried ${[STAFF, ...KNEE_STEPS].join(', ')})`,
    last,
    STAFF,
    {
      target: `≥ ${STAFF}`,
      unit: 'people',
      digits: 0,
      ratio: STAFF / last,
    },
  );
  if (knee === undefined) process.stderr.write(`${label}: no knee up to ${last} people\n`);
}

export async function loadFigures(deps: StaffBenchDeps) {
  const most = Math.max(STAFF, ...KNEE_STEPS);
  if (SETUPS.includes('one'))
    await withOneServer(deps, 'load', most, async (server, cookies) => {
      const parties = await partiesAt(server.url, server.cookie);
      await withKnee('one server', [server], cookies, parties, deps);
    });
  if (SETUPS.includes('two'))
    await withTwoServers(deps, 'load', most, async (a, b, cookies) => {
      const parties = await partiesAt(a.url, a.cookie);
      await withKnee('two servers on PostgreSQL', [a, b], cookies, parties, deps);
    });
}
