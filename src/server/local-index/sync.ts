// Keeps the local index of each environment fresh (docs/decisions/018), from named parts:
// - first-fill.ts pages through every list endpoint, each page written with its place in the
//   same database transaction, so that a crash or restart carries on where it stopped;
// - registration.ts keeps the dashboard's own webhook endpoint registered with the environment
//   (and the index to one partner), and webhook-intake.ts turns each delivery into a re-read of
//   the record it names, and puts what the proxy returns in the index at once;
// - reconcile.ts catches on a schedule what webhooks missed: new records, records not final,
//   events since the last seen, and a rolling sweep through every list for older changes;
// - webhook-health.ts tells people when one of the partner's own webhook endpoints keeps failing;
// - partner-reader.ts reads the API; progress.ts keeps where each list stands.
// This module runs them: one pass at a time per environment, on an interval. A 401 from the
// environment stops its sync until an admin stores credentials again; an environment that is
// down is tried again at the next pass. The index keeps answering meanwhile, and its status says
// how fresh it is.
import type { Environment } from '#/api/dashboard';
import { fill } from './first-fill';
import { reread } from './partner-reader';
import { freshnessOf, listStatuses, setError, syncRow } from './progress';
import { catchUpEvents, forgetRecords, refreshNewest, sweep } from './reconcile';
import { checkOwner, ensureWebhook } from './registration';
import { LISTS, type SyncOptions, SyncStop, syncState } from './sync-state';
import { noteAnswer, receive } from './webhook-intake';
import { watchWebhooks } from './webhook-health';
import { repeatingPass } from '../repeating-pass';

export { type Kind, LISTS, type ListName, type SyncOptions } from './sync-state';
export type { ListStatus } from './progress';

/** How often a pass looks at the planner's statistics once the lists are filled (decision 056). */
const ANALYZE_EVERY_MS = 3_600_000;

export function indexSync(options: SyncOptions) {
  const s = syncState(options);
  const recheckPerPass = options.recheckPerPass ?? 50;
  let analyzedAt = s.now();
  /** One repeating pass per environment (../repeating-pass.ts). */
  const jobs = new Map(
    [...options.upstreams.keys()].map((environment) => [
      environment,
      repeatingPass(() => pass(environment), {
        intervalMs: options.intervalMs,
        name: `index (${environment})`,
        log: (message, error) => s.log(message, { environment, error: String(error) }),
      }),
    ]),
  );

  /** One pass for an environment: owner, webhook, events, fill or refresh, re-reads, sweep. */
  async function pass(environment: Environment) {
    try {
      await checkOwner(s, environment);
      await ensureWebhook(s, environment);
      await catchUpEvents(s, environment);
      await watchWebhooks(s, environment);
      for (const list of LISTS) {
        const row = await syncRow(s, environment, list);
        if (row.filled_at === null) await fill(s, environment, list);
        else await refreshNewest(s, environment, list);
      }
      for (const t of await s.index.openTransactions(environment, recheckPerPass))
        await reread(s, environment, t.product, t.id);
      for (const id of await s.index.reviewingMerchants(environment, recheckPerPass))
        await reread(s, environment, 'merchant', id);
      for (const list of LISTS) await sweep(s, environment, list);
      // The index keeps growing from webhooks and sweeps: its statistics follow, hourly.
      if (s.now() - analyzedAt >= ANALYZE_EVERY_MS) {
        analyzedAt = s.now();
        await s.store.analyze();
      }
    } catch (error) {
      if (!(error instanceof SyncStop)) throw error;
      if (error.message !== 'not configured') await setError(s, environment, error.message);
      s.log('index: sync paused', { environment, reason: error.message });
    }
  }

  /** A pass now, or the one under way; none for an environment this server does not reach. */
  const runPass = async (environment: Environment) => {
    await jobs.get(environment)?.kick();
  };

  return {
    /** Starts the passes: one now, then one every interval, for every environment. */
    start() {
      s.stopped = false;
      for (const job of jobs.values()) job.start();
    },

    /** What each environment's passes have done. */
    reports: () => [...jobs.values()].map((job) => job.report()),

    /** A pass now (and waits for it), e.g. after credentials are stored or from a refresh. */
    syncNow: (environment: Environment) => runPass(environment),

    /**
     * A pass that starts after this moment (a pass already under way may have read the records
     * before a change the caller just made: it is waited for, then another runs).
     */
    async syncAfterChange(environment: Environment, change: { reset: boolean }) {
      await jobs.get(environment)?.idle();
      if (change.reset) await forgetRecords(s, environment);
      await runPass(environment);
    },

    async stop() {
      s.stopped = true;
      await Promise.all([...jobs.values()].map((job) => job.stop()));
      await s.rereading;
    },

    receive: (environment: Environment, signature: string | undefined, rawBody: string) =>
      receive(s, environment, signature, rawBody),

    noteAnswer: (
      environment: Environment,
      kind: Parameters<typeof noteAnswer>[2],
      path: string,
      raw: string,
    ) => noteAnswer(s, environment, kind, path, raw),

    /** How fresh the index is, without counting its records (asked with every list). */
    async freshness(environment: Environment) {
      return freshnessOf(await listStatuses(s, environment));
    },

    async status(environment: Environment) {
      const lists = await listStatuses(s, environment);
      const hook = await s.db
        .selectFrom('index_webhook')
        .select('url')
        .where('environment', '=', environment)
        .executeTakeFirst();
      return {
        lists,
        ...freshnessOf(lists),
        webhook: hook !== undefined,
        webhookUrl: hook?.url ?? null,
        counts: await s.index.counts(environment),
      };
    },
  };
}

export type IndexSync = ReturnType<typeof indexSync>;
