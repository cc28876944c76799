// The timer of a sandbox loop that does its work when it falls due (the scheduler's delayed
// moves, the webhook worker's deliveries): one timer at a time, which never keeps the process
// alive, and a loop that does nothing once stopped.

/**
 * Another process (the CLI's scenario load) may add work to the shared database: a loop looks
 * again at least this often even when nothing it knows of is due (one indexed query).
 */
export const LOOK_AGAIN_MS = 2000;

/** How long to wait for work due at `dueAt` (none known: null), looking again meanwhile. */
export const waitFor = (dueAt: number | null | undefined, now: number) =>
  Math.min(LOOK_AGAIN_MS, Math.max(0, (dueAt ?? Infinity) - now));

export function wakeTimer(wake: () => void) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    running: () => running,
    armed: () => timer !== undefined,
    /** Wakes the loop after `ms`, in place of any wake already set; nothing once stopped. */
    wakeIn(ms: number) {
      if (!running) return;
      clear();
      timer = setTimeout(wake, ms);
      timer.unref();
    },
    clear,
    start() {
      running = true;
      wake();
    },
    stop() {
      running = false;
      clear();
    },
  };
}
