// The money controls' tables and questions as one store (docs/decisions/025), on SQLite and
// PostgreSQL alike, put together from the modules that own each: policies and settings
// (./policy-store.ts), who created each transaction and what it was sent to (./origin-store.ts),
// approval requests (../approvals/request-store.ts; deciding one is ../approvals/decide.ts),
// what waits for an approval (./waiting.ts) and bulk files' deposits that wait
// (../batches/deposits-waiting.ts). The rules themselves are in ./rules.ts.
import type { Notices } from '../notifications/notices';
import type { DashboardDb } from '../store/db';
import { requestStore } from '../approvals/request-store';
import { depositsWaiting } from '../batches/deposits-waiting';
import { originStore } from './origin-store';
import { policyStore } from './policy-store';
import { waitingQueries } from './waiting';

/** The money controls' tables and questions, each from the module that owns it. */
export function controlsStore(
  store: DashboardDb,
  now: () => number = Date.now,
  /** Who is told what waits for them (docs/decisions/035); none in tests of the rules. */
  notices?: Notices,
) {
  const policies = policyStore(store, now);
  return {
    ...policies,
    ...originStore(store, now, notices),
    ...requestStore(store, now, notices),
    ...waitingQueries(store, now, policies.settings),
    ...depositsWaiting(store),
  };
}

export type ControlsStore = ReturnType<typeof controlsStore>;
