// The bench's staff (`BENCH_PEOPLE`, made by `bench/peers/dashboard.ts`): the roles of the `i`th
// person, as a partner's team has them (one in five approves, about a third are finance, the
// rest onboard merchants, look on or test), their cookies, and what the staff benches share.
import fs from 'node:fs';
import path from 'node:path';
import type { Server } from './run';
import { createParties, type Parties } from '../src/sandbox/testing';
import { createDatabase, startPostgresCluster } from '../src/server/store/postgres-cluster';

/** What `npm run bench`'s staff benches (live, load) get from it. */
export interface StaffBenchDeps {
  startDashboard: (
    name: string,
    upstream: string,
    dataDir: string,
    env?: Record<string, string>,
  ) => Promise<Server & { cookie: string }>;
  startSandbox: (name: string, dataDir: string) => Promise<Server>;
  tempDir: (name: string) => string;
  cpuMs: (pid: number) => number;
  figure: (
    name: string,
    ours: number,
    peer: number,
    rest: { target: string; unit: string; digits?: number; ratio?: number; p99?: string },
  ) => void;
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The session cookies of the people a dashboard peer made in `dataDir`. */
export const peopleOf = (dataDir: string) =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'people.json'), 'utf8')) as string[];

/** A VALID merchant with payout accounts, made through the dashboard at `base`. */
export function partiesAt(base: string, cookie: string): Promise<Parties> {
  return createParties({
    request: async (o: { method: string; url: string; payload?: object }) => {
      const response = await fetch(`${base}/api${o.url}`, {
        method: o.method,
        headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'dashboard' },
        ...(o.payload ? { body: JSON.stringify(o.payload) } : {}),
      });
      const text = await response.text();
      return { json: () => JSON.parse(text) as unknown, statusCode: response.status, body: text };
    },
  } as never);
}
const MIXES = [
  ['approver'],
  ['finance'],
  ['viewer'],
  ['onboarding'],
  ['finance'],
  ['approver', 'finance'],
  ['viewer'],
  ['finance'],
  ['onboarding'],
  ['tester'],
] as const;

export const rolesAt = (i: number): readonly string[] => MIXES[i % MIXES.length]!;
export const approverAt = (i: number) => rolesAt(i).includes('approver');

export type BenchDashboard = Server & { cookie: string };

/** One dashboard with its sandbox embedded (SQLite) and `people` staff: `work` with it. */
export async function withOneServer(
  { startDashboard, tempDir }: StaffBenchDeps,
  name: string,
  people: number,
  work: (server: BenchDashboard, cookies: string[]) => Promise<void>,
) {
  const dataDir = tempDir(`${name}-one`);
  const server = await startDashboard(`dashboard, ${name}`, 'embedded', dataDir, {
    BENCH_PEOPLE: String(people),
  });
  try {
    await work(server, peopleOf(dataDir));
  } finally {
    await server.stop();
  }
}

/**
 * Two dashboards on one throwaway PostgreSQL database in front of one sandbox process, the
 * `people` staff made through A: `work` with both.
 */
export async function withTwoServers(
  { startDashboard, startSandbox, tempDir }: StaffBenchDeps,
  name: string,
  people: number,
  work: (a: BenchDashboard, b: BenchDashboard, cookies: string[]) => Promise<void>,
) {
  const cluster = await startPostgresCluster();
  try {
    const url = await createDatabase(cluster.url, `bench_${name}`);
    const sandbox = await startSandbox('sandbox for two dashboards', tempDir(`${name}-sandbox`));
    const aDir = tempDir(`${name}-a`);
    const a = await startDashboard('dashboard A on PostgreSQL', sandbox.url, aDir, {
      BENCH_DATABASE_URL: url,
      BENCH_PEOPLE: String(people),
    });
    const b = await startDashboard('dashboard B on PostgreSQL', sandbox.url, tempDir(`${name}-b`), {
      BENCH_DATABASE_URL: url,
    });
    try {
      await work(a, b, peopleOf(aDir));
    } finally {
      await Promise.all([a.stop(), b.stop(), sandbox.stop()]);
    }
  } finally {
    cluster.stop();
  }
}
