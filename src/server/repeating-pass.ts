// A background job of the dashboard server that runs a pass now and then (the bulk payout
// submitter, the outbox, the local index's sync per environment): one pass at a time, one every
// `intervalMs` from start, one at once on a kick, and a stop that waits for the pass in progress.
// A failed pass is told and the next one tries again. Each reports what it did (../jobs.ts).

/** What a repeating job has done since this server started. */
export interface PassReport {
  name: string;
  running: boolean;
  passes: number;
  failures: number;
  /** When the last pass ended (ms since the epoch), null before the first. */
  lastEndedAt: number | null;
  /** The last failure's message, null when the last pass went well. */
  lastFailure: string | null;
}

export function repeatingPass(
  pass: () => Promise<void>,
  options: { intervalMs: number; name: string; log: (message: string, error: unknown) => void },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;
  const report: PassReport = {
    name: options.name,
    running: false,
    passes: 0,
    failures: 0,
    lastEndedAt: null,
    lastFailure: null,
  };
  const kick = () => {
    if (running || stopping) return running;
    running = pass()
      .then(() => void (report.lastFailure = null))
      .catch((error: unknown) => {
        report.failures += 1;
        report.lastFailure = error instanceof Error ? error.message : String(error);
        options.log(`${options.name}: a pass failed; the next one tries again`, error);
      })
      .finally(() => {
        running = undefined;
        report.passes += 1;
        report.lastEndedAt = Date.now();
      });
    return running;
  };
  return {
    /** What the job has done, as the registry reports it. */
    report: (): PassReport => ({ ...report, running: running !== undefined }),
    /** Runs a pass now (unless one is running), then as usual. */
    kick,
    /** The pass under way, if one is (resolved when none is). */
    idle: async () => {
      await running;
    },
    /** Whether the job is stopping: a pass ends early when it is. */
    stopping: () => stopping,
    start() {
      stopping = false;
      // The timer alone does not keep the process alive: the server's listener does.
      timer ??= setInterval(() => void kick(), options.intervalMs).unref();
      void kick();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/**
 * A pass of a worker that holds one piece of work at a time: claims and does work until there
 * is none left or the job is stopping.
 */
function claimingPass<T>(
  job: () => { stopping(): boolean },
  claim: () => Promise<T | undefined>,
  work: (claimed: T) => Promise<void>,
): () => Promise<void> {
  return async () => {
    for (;;) {
      if (job().stopping()) return;
      const claimed = await claim();
      if (claimed === undefined) return;
      await work(claimed);
    }
  };
}

/**
 * A worker that holds one piece of work at a time under its own owner id (the bulk quoter and
 * submitter): claims and works until none is waiting, every `intervalMs` and on a kick; its
 * `stop` waits for the work in hand, which ends early once `stopping()` says so.
 */
export function claimingWorker<T>(options: {
  owner: string;
  name: string;
  intervalMs: number;
  log: (message: string, error: unknown) => void;
  claim: () => Promise<T | undefined>;
  work: (claimed: T) => Promise<void>;
}) {
  const job = repeatingPass(
    claimingPass(() => job, options.claim, options.work),
    options,
  );
  const { kick, start, stop, stopping, report } = job;
  return { owner: options.owner, kick, start, stop, stopping, report };
}
