// `npm run bench -- live`: the live hub at a partner's scale (issue 45, docs/decisions/054).
// 1,000 people, each with one page open (a server-sent event stream), on one dashboard server
// (SQLite): how long a new record takes to reach every page (p50, p95, the last), and the CPU the
// server spends a second while nothing happens. Then two dashboard servers on one PostgreSQL
// database, in front of one sandbox, 5,000 pages split between them: a record or a payout made
// through one reaches every page of both, and each server's idle CPU (issue 59).
import http from 'node:http';
import {
  approverAt,
  partiesAt,
  percentile,
  type StaffBenchDeps,
  withOneServer,
  withTwoServers,
} from './people';
import { merchantBody } from '../src/sandbox/testing';

const PEOPLE = Number(process.env.BENCH_LIVE_PEOPLE ?? 1_000);
/** Pages spread over two servers (issue 59: 5,000 hear a new payout within a second, p95). */
const PEOPLE_ON_TWO = Number(process.env.BENCH_LIVE_TWO_PEOPLE ?? 5_000);
const CHANGES = 10;
const IDLE_SECONDS = 10;

/** One open page: when each merchant id was first heard, and its unread counts as they came. */
interface Page {
  heard: Map<number, number>;
  counted: boolean;
  unread: { at: number; unread: number }[];
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function openPage(base: string, cookie: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const page: Page = {
      heard: new Map(),
      counted: false,
      unread: [],
      close: () => request.destroy(),
    };
    const request = http.get(`${base}/api/events`, { agent, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: counts\n')) {
            page.counted = true;
            const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as {
              unread: number;
            };
            page.unread.push({ at: performance.now(), unread: data.unread });
          } else if (block.startsWith('event: records\n')) {
            const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as {
              kind: string;
              ids: number[];
            };
            const at = performance.now();
            if (data.kind === 'merchant')
              for (const id of data.ids) if (!page.heard.has(id)) page.heard.set(id, at);
          }
        }
      });
      response.on('error', () => undefined);
      resolve(page);
    });
    request.on('error', reject);
  });
}

async function until(ok: () => boolean, what: string, seconds = 120) {
  const end = Date.now() + seconds * 1000;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function openPages(servers: string[], cookies: string[]) {
  const pages: Page[] = [];
  // A hundred at a time, as a morning's pages would open: not all in one instant.
  for (let at = 0; at < cookies.length; at += 100)
    pages.push(
      ...(await Promise.all(
        cookies
          .slice(at, at + 100)
          .map((cookie, i) => openPage(servers[(at + i) % servers.length]!, cookie)),
      )),
    );
  await until(() => pages.every((p) => p.counted), 'every page has its first counts');
  return pages;
}

/** Makes `CHANGES` merchants through `base`; per change, how long each page took to hear it. */
async function changes(base: string, cookie: string, pages: Page[]) {
  const delays: number[] = [];
  let missed = 0;
  for (let i = 0; i < CHANGES; i++) {
    const sent = performance.now();
    const response = await fetch(`${base}/api/v1/business/`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'dashboard' },
      body: JSON.stringify(merchantBody()),
    });
    if (response.status !== 200) throw new Error(`making a merchant answered ${response.status}`);
    const { id } = (await response.json()) as { id: number };
    try {
      await until(() => pages.every((p) => p.heard.has(id)), 'every page heard it', 15);
    } catch {
      // Counted below as pages that never heard it.
    }
    for (const page of pages) {
      const at = page.heard.get(id);
      if (at === undefined) missed++;
      else delays.push(at - sent);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { delays, missed };
}

/**
 * Makes `CHANGES` payouts through `base`: each tells the approvers (a notification, in the
 * payout's transaction); per payout, how long each approver's page took to hear its new count.
 */
async function payouts(base: string, cookie: string, approvers: Page[]) {
  const parties = await partiesAt(base, cookie);
  const delays: number[] = [];
  let missed = 0;
  for (let i = 0; i < CHANGES; i++) {
    const before = approvers.map((p) => p.unread.at(-1)?.unread ?? 0);
    const sent = performance.now();
    const response = await fetch(`${base}/api/v1/sendc2f/`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'dashboard' },
      body: JSON.stringify({
        fromBusinessId: parties.merchantId,
        toBusinessExternalAccountId: parties.accounts.EUR,
        fromCurrencySymbol: 'USDT(TRC20)',
        toAmount: '120.00',
        purpose: 'SALARY',
      }),
    });
    if (response.status !== 200) throw new Error(`a payout answered ${response.status}`);
    const told = (page: Page, j: number) =>
      page.unread.find((c) => c.at >= sent && c.unread > before[j]!);
    try {
      await until(() => approvers.every((p, j) => told(p, j)), 'every approver heard it', 15);
    } catch {
      // Counted below as pages that never heard it.
    }
    approvers.forEach((page, j) => {
      const heard = told(page, j);
      if (heard) delays.push(heard.at - sent);
      else missed++;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { delays, missed };
}

type Heard = Awaited<ReturnType<typeof changes>>;

/** A set-up's figures: records and counts heard (p95, and any page that never did), idle CPU. */
function report(
  figure: StaffBenchDeps['figure'],
  label: string,
  { records, counts, idle }: { records: Heard; counts: Heard; idle: number },
) {
  const delay = (what: string, heard: Heard) =>
    figure(`${label}: ${what}, p95`, percentile(heard.delays, 95), 1000, {
      target: '≤ 1,000 ms',
      unit: 'ms',
      digits: 0,
      p99: `${Math.round(percentile(heard.delays, 99))} ms`,
      // A page that never heard it fails the figure, however quick the others were.
      ...(heard.missed ? { ratio: Infinity } : {}),
    });
  delay('a new record heard by every page', records);
  delay("a new payout's count heard by every approver", counts);
  figure(`${label}: pages that never heard a change`, records.missed + counts.missed, 0, {
    target: '0',
    unit: '',
    digits: 0,
    ratio: records.missed + counts.missed,
  });
  figure(`${label}: idle CPU a second, each server`, idle, 50, {
    target: '≤ 50 ms',
    unit: 'ms',
    digits: 1,
  });
}

export async function liveFigures(deps: StaffBenchDeps) {
  const { cpuMs, figure } = deps;
  await withOneServer(deps, 'live', PEOPLE, async (server, cookies) => {
    const pages = await openPages([server.url], cookies);
    const before = cpuMs(server.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = (cpuMs(server.pid) - before) / IDLE_SECONDS;
    const records = await changes(server.url, server.cookie, pages);
    const counts = await payouts(
      server.url,
      server.cookie,
      pages.filter((_, i) => approverAt(i)),
    );
    for (const page of pages) page.close();
    report(figure, `Live: ${PEOPLE} open pages on one server`, { records, counts, idle });
  });
  // Changes made through A, timed on every page of both servers.
  await withTwoServers(deps, 'live', PEOPLE_ON_TWO, async (a, b, cookies) => {
    const pages = await openPages([a.url, b.url], cookies);
    const before = [cpuMs(a.pid), cpuMs(b.pid)];
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    // Each server's own: the busier of the two is the figure.
    const idle = Math.max(cpuMs(a.pid) - before[0]!, cpuMs(b.pid) - before[1]!) / IDLE_SECONDS;
    const records = await changes(a.url, a.cookie, pages);
    const counts = await payouts(
      a.url,
      a.cookie,
      pages.filter((_, i) => approverAt(i)),
    );
    for (const page of pages) page.close();
    report(
      figure,
      `Live, two servers on PostgreSQL: made on one, heard by all ${pages.length} pages of both`,
      { records, counts, idle },
    );
  });
}
