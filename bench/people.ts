// The bench's staff (`BENCH_PEOPLE`, made by `bench/peers/dashboard.ts`): the roles of the `i`th
// person, as a partner's team has them (one in five approves, about a third are finance, the
// rest onboard merchants, look on or test), their cookies, and what the staff benches share.
import fs from 'node:fs';
import path from 'node:path';
import type { Server } from './run';
import { createParties, type Parties } from '../src/sandbox/testing';

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
