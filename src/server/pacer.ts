// One pace for the server's own calls of a partner API (decision 045): the local index's passes
// and re-reads, its reconciliation, and bulk quoting and submission all wait their turn here. A
// 429 pauses every background caller of that environment for as long as its Retry-After says (a
// second when it says nothing, at most ten), and the call is made again, a few times over, so
// that a lower rate limit slows the work down and never stops it. People's own requests through
// the proxy do not wait here: they see the 429 as the API sends it. Where servers share a
// database, the pace is theirs together: a budget of background calls a second and the pause of
// a 429 are kept in it (./api-budget.ts, decision 081).
import type { ApiBudget } from './api-budget';
import type { UpstreamResponse } from './upstream';

/** Tries of one call that keeps meeting 429s before its answer is taken as it is. */
export const PACED_TRIES = 8;

/** What a Retry-After header asks for, in milliseconds: a second by default, at most ten. */
export function retryAfterMs(headers: UpstreamResponse['headers']): number {
  const value = headers['retry-after'];
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Math.min(10, Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000;
}

export function apiPacer(
  options: {
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
    /** The budget shared with the other servers (../api-budget.ts); this server's alone without. */
    budget?: ApiBudget | undefined;
  } = {},
) {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const { budget } = options;
  /** Per environment: no background call before this moment. */
  const pausedUntil = new Map<string, number>();

  return {
    /** Makes `attempt` when the environment's pace allows, again after each 429 (waited out). */
    async send<R extends Pick<UpstreamResponse, 'status' | 'headers'>>(
      environment: string,
      attempt: () => Promise<R>,
      tries = PACED_TRIES,
    ): Promise<R> {
      for (let n = 1; ; n++) {
        const wait = (pausedUntil.get(environment) ?? 0) - now();
        if (wait > 0) await sleep(wait);
        // A token of the shared budget first: every server's background calls together keep it.
        for (let asked = await budget?.take(environment); asked;) {
          await sleep(asked);
          asked = await budget!.take(environment);
        }
        const response = await attempt();
        if (response.status !== 429 || n >= tries) return response;
        const until = now() + retryAfterMs(response.headers);
        pausedUntil.set(environment, Math.max(pausedUntil.get(environment) ?? 0, until));
        await budget?.pause(environment, until);
      }
    },
  };
}

export type ApiPacer = ReturnType<typeof apiPacer>;
