// The dashboard server's background work, named in one registry (docs/decisions/075): each job
// says what it does, when it runs, how its work is held when several servers share the database,
// what a failure does, and reports what it has done. The composition root (./app.ts) declares
// them once and starts and stops them in one loop; routes kick them by name, with the job's own
// payload type. docs/architecture.md lists them.
import type { PassReport } from './repeating-pass';

export interface Job<Payload = void> {
  /** What it does, in a few words. */
  does: string;
  /** When it runs: an interval, a kick, once after the server listens. */
  schedule: string;
  /** How its work is held so that one server does each piece ("" where nothing is shared). */
  lease: string;
  /** What a failed pass does. */
  retries: string;
  /** Whether this server runs it (the index sync where the options ask for it). */
  enabled?: boolean;
  start(): void;
  stop(): Promise<void>;
  /** Runs it now (unless a pass is under way), with what the kicker knows. */
  kick?: (payload: Payload) => Promise<unknown> | undefined;
  /** What it has done since this server started. */
  report?: () => PassReport | readonly PassReport[];
}

/** What a job's `kick` takes: nothing, or its payload. */
type KickArgs<J> = J extends { kick?: (...args: infer A) => unknown } ? A : never;

export interface JobReport extends Omit<Job<never>, 'start' | 'stop' | 'kick' | 'report'> {
  name: string;
  enabled: boolean;
  passes: readonly PassReport[];
}

export function backgroundJobs<const Jobs extends Record<string, Job<never>>>(
  jobs: Jobs,
  log: (message: string, error: unknown) => void,
) {
  const entries = Object.entries(jobs) as [keyof Jobs & string, Job<never>][];
  return {
    /** Starts every enabled job, in the order declared. */
    start() {
      for (const [name, job] of entries)
        if (job.enabled !== false) {
          try {
            job.start();
          } catch (error) {
            log(`${name}: did not start`, error);
          }
        }
    },
    /** Stops every job, the last declared first, waiting for the work each has in hand. */
    async stop() {
      for (const [name, job] of entries.toReversed())
        await job.stop().catch((error: unknown) => log(`${name}: did not stop cleanly`, error));
    },
    /** Runs one job now, with its payload. */
    kick<Name extends keyof Jobs & string>(name: Name, ...payload: KickArgs<Jobs[Name]>) {
      const kick = jobs[name]?.kick as ((...args: KickArgs<Jobs[Name]>) => unknown) | undefined;
      return kick?.(...payload);
    },
    /** Every job, what it is and what it has done. */
    reports(): JobReport[] {
      return entries.map(([name, job]) => {
        const reported = job.report?.() ?? [];
        return {
          name,
          does: job.does,
          schedule: job.schedule,
          lease: job.lease,
          retries: job.retries,
          enabled: job.enabled !== false,
          passes: Array.isArray(reported) ? reported : [reported as PassReport],
        };
      });
    },
  };
}

export type BackgroundJobs = ReturnType<typeof backgroundJobs>;
