// The money controls (docs/decisions/025): the one place that decides who may move money. The
// proxy asks `gate` about every call to the partner's API and applies the verdict; the
// /api/controls endpoints (./routes.ts) ask the rest. Each concern is a part of its own, on what
// they all share (./shared.ts):
//
// - ./gate.ts: the verdict on a call of the partner's API (./verdict.ts);
// - ./transaction-approvals.ts: a transaction's approvals, rejecting one with a reason;
// - ./inbox.ts: what waits for a decision;
// - ./payee-changes.ts: new bank details, held for someone else's approval;
// - ./policies.ts: policies and settings;
// - ./rates.ts: the API's currencies and prices, as decisions use them.
//
// The rules are ./rules.ts, the tables ./store.ts.
import { gateControls } from './gate';
import { inboxControls } from './inbox';
import { payeeControls } from './payee-changes';
import { policyControls } from './policies';
import { type ControlsDeps, controlsCore } from './shared';
import { transactionApprovalControls } from './transaction-approvals';

export type { ControlsDeps } from './shared';
export type { ProxiedCall, Refused, Verdict } from './verdict';

export function moneyControls(deps: ControlsDeps) {
  const core = controlsCore(deps);
  const { payeeUpdateVerdict, ...payee } = payeeControls(core);
  return {
    ...gateControls(core, payeeUpdateVerdict),
    /** Refused when releasing money needs the second factor given again (decision 041). */
    releaseRefusal: core.releaseRefusal,
    /** The API's currency list, read at most every few minutes per environment. */
    currencies: core.currencies,
    /** Limits per person, merchant and workspace (docs/decisions/089), and a creation's check. */
    limits: core.limits,
    reserveCreation: core.reserveCreation,
    ...policyControls(core),
    ...inboxControls(core),
    ...transactionApprovalControls(core),
    ...payee,
  };
}

export type MoneyControls = ReturnType<typeof moneyControls>;
