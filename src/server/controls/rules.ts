// Who may move money (docs/decisions/025), as plain functions over plain data: which policies
// apply to an action and what the strictest asks, whether a person may decide, what a decision
// does, and what a status simulation may change. The controls service (./controls.ts) applies
// them; the tests walk them as a table and as a property.
import Decimal from 'decimal.js';
import { ANY, type ControlledAction, type Policy } from '#/api/controls';
import { ibanKey } from '#/api/payee';
import { SIMULATION_FIELD, splitSuffix } from '#/api/simulation';
import { type Role, WORKSPACE_ROLES, hasRole } from '#/api/roles';
import type { Product } from '#/api/schemas/transaction';
import { type Words } from '#/i18n/words';

export type PolicyRule = Pick<
  Policy,
  'id' | 'action' | 'product' | 'currency' | 'amountSide' | 'minAmount' | 'approvers'
> & { inBase?: boolean | undefined };

/** An amount in a currency; the amount is null while it is not known (a deposit not quoted). */
export interface Money {
  currency: string;
  amount: string | null;
}

/** What an action would move: the transaction's two sides, or a payee's account currency. */
export interface ControlSubject {
  action: ControlledAction;
  /** The transaction's product; null for a bank-detail change. */
  product: Product | null;
  payout: Money;
  deposit: Money | null;
  /**
   * Each side's amount in the workspace's base currency, as converted at the API's rate for a
   * decision (docs/decisions/042); a side not converted (null or absent) reaches every
   * base-currency threshold: the safe side.
   */
  base?: { payout: string | null; deposit: string | null } | undefined;
}

const sameCurrency = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Whether an amount is in a policy's currency and reaches its threshold; unknown ones do. A
 * base-currency policy judges the amount's value in the base currency (`inBase`), every
 * currency alike; a value not known reaches it.
 */
function reaches(policy: PolicyRule, money: Money | null, inBase?: string | null): boolean {
  if (!money) return false;
  if (policy.currency !== ANY && !sameCurrency(policy.currency, money.currency)) return false;
  const amount = policy.inBase ? inBase : money.amount;
  if (amount === null || amount === undefined) return true;
  try {
    return new Decimal(amount).gte(policy.minAmount);
  } catch {
    return true;
  }
}

/** Whether a policy covers a subject. An amount not known yet is covered: the safe side. */
export function policyApplies(policy: PolicyRule, subject: ControlSubject): boolean {
  if (policy.action !== subject.action) return false;
  if (policy.product !== ANY && policy.product !== subject.product) return false;
  return policy.amountSide === 'deposit'
    ? reaches(policy, subject.deposit, subject.base?.deposit)
    : reaches(policy, subject.payout, subject.base?.payout);
}

/** What a base-currency conversion was: `amount` of `from` is `value` of `to` at `rate`. */
export interface Conversion {
  from: string;
  to: string;
  /** Units of `to` per unit of `from`, as the API quoted it (1 for the same currency). */
  rate: string;
  amount: string;
  value: string;
}

/** An amount in the base currency at a rate; the same currency converts at 1. */
export function convert(money: Money, base: string, rate: string | null): Conversion | null {
  if (money.amount === null) return null;
  if (sameCurrency(money.currency, base))
    return { from: money.currency, to: base, rate: '1', amount: money.amount, value: money.amount };
  if (rate === null) return null;
  try {
    const value = new Decimal(money.amount).times(rate);
    return { from: money.currency, to: base, rate, amount: money.amount, value: value.toFixed() };
  } catch {
    return null;
  }
}

/** Whether any policy is in the base currency: only then is a conversion needed. */
export const needsConversion = (policies: readonly PolicyRule[]) => policies.some((p) => p.inBase);

/** The strictest policy that applies (most approvers) and what it asks; one approver otherwise. */
export function requirementOf(
  policies: readonly PolicyRule[],
  subject: ControlSubject,
): { required: number; policy: PolicyRule | undefined } {
  let strictest: PolicyRule | undefined;
  for (const policy of policies) {
    if (!policyApplies(policy, subject)) continue;
    if (!strictest || policy.approvers > strictest.approvers) strictest = policy;
  }
  return { required: Math.max(1, strictest?.approvers ?? 1), policy: strictest };
}

/**
 * A bulk payout file as the policies judge it (docs/decisions/034): its totals per payout and
 * per deposit currency, and every row. A deposit total is unknown (null) until the batch is
 * quoted, which the safe side counts as reaching any threshold.
 */
export interface BatchSubject {
  product: Product;
  payoutTotals: readonly Money[];
  depositTotals: readonly Money[];
  rows: ReadonlyArray<{ payout: Money; deposit: Money | null }>;
  /**
   * Base-currency value per currency of the file, as `rate` per unit (docs/decisions/042): a
   * currency without one reaches every base-currency threshold. The totals per side are summed
   * across currencies in the base currency, since a base-currency policy is about the file.
   */
  rates?: ReadonlyMap<string, string> | undefined;
  baseCurrency?: string | undefined;
}

/** The sum of amounts in the base currency; null when one of them cannot be converted. */
function baseTotal(
  totals: readonly Money[],
  base: string | undefined,
  rates: ReadonlyMap<string, string> | undefined,
): string | null {
  if (!base) return null;
  let sum = new Decimal(0);
  for (const total of totals) {
    const rate = sameCurrency(total.currency, base)
      ? '1'
      : rates?.get(total.currency.toUpperCase());
    if (total.amount === null || rate === undefined) return null;
    sum = sum.plus(new Decimal(total.amount).times(rate));
  }
  return sum.toFixed();
}

/** A row's value in the base currency, per side. */
function rowBase(
  row: { payout: Money; deposit: Money | null },
  base: string | undefined,
  rates: ReadonlyMap<string, string> | undefined,
) {
  const one = (money: Money | null) => (money ? baseTotal([money], base, rates) : null);
  return { payout: one(row.payout), deposit: one(row.deposit) };
}

/**
 * What approving a batch asks: the strictest of the bulk payout policies over its totals, and of
 * the quote-approval policies over each of its rows (the batch approval approves every row's
 * quote, so a large payment never needs fewer approvers for being in a file).
 */
export function batchRequirement(
  policies: readonly PolicyRule[],
  batch: BatchSubject,
): { required: number; policy: PolicyRule | undefined } {
  let strictest: PolicyRule | undefined;
  const consider = (policy: PolicyRule) => {
    if (!strictest || policy.approvers > strictest.approvers) strictest = policy;
  };
  for (const policy of policies) {
    if (policy.product !== ANY && policy.product !== batch.product) continue;
    if (policy.action === 'approveBatch') {
      const totals = policy.amountSide === 'deposit' ? batch.depositTotals : batch.payoutTotals;
      if (policy.inBase) {
        const whole = baseTotal(totals, batch.baseCurrency, batch.rates);
        if (totals.length > 0 && reaches(policy, totals[0]!, whole)) consider(policy);
      } else if (totals.some((total) => reaches(policy, total))) consider(policy);
    } else if (policy.action === 'approveQuote') {
      const row = batch.rows.find((r) =>
        policyApplies(policy, {
          action: 'approveQuote',
          product: batch.product,
          ...r,
          base: rowBase(r, batch.baseCurrency, batch.rates),
        }),
      );
      if (row) consider(policy);
    }
  }
  return { required: Math.max(1, strictest?.approvers ?? 1), policy: strictest };
}

/** Two policies that say the same thing (whatever number of approvers they ask). */
export function samePolicy(a: Omit<PolicyRule, 'id' | 'approvers'>, b: typeof a): boolean {
  return (
    a.action === b.action &&
    a.product === b.product &&
    a.amountSide === b.amountSide &&
    sameCurrency(a.currency, b.currency) &&
    new Decimal(a.minAmount).eq(b.minAmount) &&
    Boolean(a.inBase) === Boolean(b.inBase)
  );
}

/** A request for approvals: of a transaction's quote or deposit, or of a payee's new details. */
export interface RequestState {
  kind: 'transaction' | 'payee' | 'batch' | 'change';
  status: string;
  expiresAt: number;
  /** Who created the transaction through the dashboard, proposed the change, uploaded the file. */
  originatorId: string | null;
  decisions: ReadonlyArray<{
    userId: string;
    decision: 'approve' | 'reject';
    /** Given by a delegate for this person, away (docs/decisions/088). */
    forUserId?: string | null | undefined;
  }>;
}

export interface Decider {
  id: string;
  roles: readonly Role[];
  /**
   * The approvers away now who named this person their delegate (docs/decisions/088): a person
   * without the approver role decides for one of them, in their place.
   */
  standsInFor?: readonly string[] | undefined;
}

export type Refusal =
  | 'FORBIDDEN_ROLE'
  | 'CREATOR_CANNOT_APPROVE'
  | 'AUTHOR_CANNOT_APPROVE'
  | 'UPLOADER_CANNOT_APPROVE'
  | 'ALREADY_DECIDED'
  | 'APPROVAL_CLOSED'
  | 'APPROVAL_EXPIRED';

/** Why someone may not decide an approval, in words told in their language (decision 091). */
export const REFUSAL_WORDS: Record<Refusal, Words> = {
  FORBIDDEN_ROLE: /*i18n*/ {
    id: 'approval.refusal.FORBIDDEN_ROLE',
    message: 'Approving needs the Approver role.',
  },
  CREATOR_CANNOT_APPROVE: /*i18n*/ {
    id: 'approval.refusal.CREATOR_CANNOT_APPROVE',
    message:
      'You created this transaction, or the person you stand in for did, so someone else must approve it (separation of duties).',
  },
  AUTHOR_CANNOT_APPROVE: /*i18n*/ {
    id: 'approval.refusal.AUTHOR_CANNOT_APPROVE',
    message: 'You proposed this change, so someone else must approve it (separation of duties).',
  },
  UPLOADER_CANNOT_APPROVE: /*i18n*/ {
    id: 'approval.refusal.UPLOADER_CANNOT_APPROVE',
    message: 'You uploaded this batch, so someone else must approve it (separation of duties).',
  },
  ALREADY_DECIDED: /*i18n*/ {
    id: 'approval.refusal.ALREADY_DECIDED',
    message: 'You have already given your decision on this approval.',
  },
  APPROVAL_CLOSED: /*i18n*/ {
    id: 'approval.refusal.APPROVAL_CLOSED',
    message: 'This approval is already closed.',
  },
  APPROVAL_EXPIRED: /*i18n*/ {
    id: 'approval.refusal.APPROVAL_EXPIRED',
    message: 'This approval request has expired; start a new one.',
  },
};

export type Outcome =
  | { kind: 'refused'; refusal: Refusal }
  /** Recorded; more approvers are needed. */
  | { kind: 'recorded'; approvals: number }
  /** Enough distinct approvers: the action may go ahead now. `fresh`: this decision added one. */
  | { kind: 'complete'; approvals: number; fresh: boolean }
  | { kind: 'rejected' };

const ORIGINATOR_REFUSAL: Record<RequestState['kind'], Refusal> = {
  transaction: 'CREATOR_CANNOT_APPROVE',
  payee: 'AUTHOR_CANNOT_APPROVE',
  batch: 'UPLOADER_CANNOT_APPROVE',
  change: 'AUTHOR_CANNOT_APPROVE',
};

/** Distinct people who approved. */
export const approversOf = (state: Pick<RequestState, 'decisions'>) =>
  new Set(state.decisions.filter((d) => d.decision === 'approve').map((d) => d.userId));

/** Whether `id` has decided already, themselves or through a delegate. */
const hasDecided = (state: Pick<RequestState, 'decisions'>, id: string) =>
  state.decisions.some((d) => d.userId === id || d.forUserId === id);

/**
 * For whom a person decides (docs/decisions/088): themselves when they hold the approver role
 * (`self`); else, as a delegate, the first approver away now who has not decided and did not
 * originate it (to approve); else the refusal that says why not.
 */
export function actingFor(
  state: RequestState,
  decider: Decider,
  decision: 'approve' | 'reject',
): { self: true } | { for: string } | { refusal: Refusal } {
  if (hasRole(decider.roles, WORKSPACE_ROLES.decideApprovals)) return { self: true };
  const away = decider.standsInFor ?? [];
  if (away.length === 0) return { refusal: 'FORBIDDEN_ROLE' };
  const open = away.filter((id) => !hasDecided(state, id));
  if (open.length === 0) return { refusal: 'ALREADY_DECIDED' };
  const allowed = decision === 'approve' ? open.filter((id) => id !== state.originatorId) : open;
  if (allowed.length === 0) return { refusal: ORIGINATOR_REFUSAL[state.kind] };
  return { for: allowed[0]! };
}

/**
 * What one person's decision does to a request, given how many approvers the policies ask now.
 * Approvers decide; whoever created the transaction or proposed the change never approves it;
 * a person decides once, but one who approved may finish a request that a policy change has
 * since made complete.
 */
export function judge(
  state: RequestState,
  decider: Decider,
  decision: 'approve' | 'reject',
  required: number,
  now: number,
): Outcome {
  const refused = (refusal: Refusal): Outcome => ({ kind: 'refused', refusal });
  const acting = actingFor(state, decider, decision);
  if ('refusal' in acting && acting.refusal === 'FORBIDDEN_ROLE') return refused('FORBIDDEN_ROLE');
  if (state.status !== 'pending') return refused('APPROVAL_CLOSED');
  if (state.expiresAt <= now) return refused('APPROVAL_EXPIRED');
  // A delegate never approves what they created themselves, nor decides twice.
  if (decision === 'approve' && state.originatorId === decider.id)
    return refused(ORIGINATOR_REFUSAL[state.kind]);
  if ('refusal' in acting) return refused(acting.refusal);
  const approvers = approversOf(state);
  const needed = Math.max(1, required);
  if (hasDecided(state, decider.id)) {
    return decision === 'approve' && approvers.has(decider.id) && approvers.size >= needed
      ? { kind: 'complete', approvals: approvers.size, fresh: false }
      : refused('ALREADY_DECIDED');
  }
  if (decision === 'reject') return { kind: 'rejected' };
  const approvals = approvers.size + 1;
  return approvals >= needed
    ? { kind: 'complete', approvals, fresh: true }
    : { kind: 'recorded', approvals };
}

/** Whether a person may decide approvals now: the approver role, not deactivated. The one rule. */
export const isActiveApprover = (person: { disabledAt: number | null; roles: readonly Role[] }) =>
  person.disabledAt === null && hasRole(person.roles, WORKSPACE_ROLES.decideApprovals);

function comparable(field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (field === 'iban') return ibanKey(text);
  if (field === 'swiftCode' || field === 'countryIso') return text.toUpperCase();
  return text;
}

/**
 * The fields a status simulation would change besides the status: a simulation sets the status
 * and nothing else, so every other field it sends must be what the record holds already.
 */
export function simulationChanges(
  operationId: string,
  record: Record<string, unknown>,
  body: Record<string, unknown>,
): string[] {
  const suffixed = SIMULATION_FIELD[operationId];
  const changed: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (field === suffixed && typeof value === 'string') {
      const kept = splitSuffix(value)?.value ?? value.trim();
      if (kept !== '' && kept !== comparable(field, record[field])) changed.push(field);
      continue;
    }
    if (comparable(field, value) !== comparable(field, record[field])) changed.push(field);
  }
  return changed;
}

// When a quote may be approved until: `quoteWindow` in src/api/quote-window.ts, which pages use
// to say a quote has expired; the refusal of an expired quote is decided here (`gate.ts`).
export { quoteWindow } from '#/api/quote-window';

// A transaction's rate, its markup and its fee: `quoteFigures` in src/api/rates.ts (decision 067).

/**
 * Until when a person's second factor, given at `stepUpAt`, lets them release money without
 * giving it again (the workspace's window, docs/decisions/041); null once it has run out.
 */
export function stepUpUntil(
  stepUpAt: number | null,
  windowMinutes: number,
  now: number,
): number | null {
  if (stepUpAt === null) return null;
  const until = stepUpAt + windowMinutes * 60_000;
  return until > now ? until : null;
}

/**
 * Whether releasing money (approving a deposit, a bulk file or new bank details) must first
 * ask this person for their second factor: only people who have one enrolled, and only when
 * they have not given it within the window.
 */
export function stepUpNeeded(
  person: { secondFactor: boolean },
  stepUpAt: number | null,
  windowMinutes: number,
  now: number,
): boolean {
  return person.secondFactor && stepUpUntil(stepUpAt, windowMinutes, now) === null;
}

/**
 * Whether the workspace's controls change only with a second admin (docs/decisions/042): once it
 * has two or more active admins. A lone admin's changes apply at once (nobody could approve
 * them), and are on the audit trail as ever.
 */
export const fourEyesOnControls = (activeAdmins: number) => activeAdmins >= 2;

export type ControlChangeRefusal =
  'FORBIDDEN_ROLE' | 'AUTHOR_CANNOT_APPROVE' | 'APPROVAL_CLOSED' | 'APPROVAL_EXPIRED';

export const CONTROL_CHANGE_REFUSAL_WORDS: Record<ControlChangeRefusal, Words> = {
  FORBIDDEN_ROLE: /*i18n*/ {
    id: 'controlChange.refusal.FORBIDDEN_ROLE',
    message: 'Deciding changes of the controls needs the Admin role.',
  },
  AUTHOR_CANNOT_APPROVE: /*i18n*/ {
    id: 'controlChange.refusal.AUTHOR_CANNOT_APPROVE',
    message: 'You proposed this change, so another admin must decide it; you may withdraw it.',
  },
  APPROVAL_CLOSED: /*i18n*/ {
    id: 'controlChange.refusal.APPROVAL_CLOSED',
    message: 'This change is already decided.',
  },
  APPROVAL_EXPIRED: /*i18n*/ {
    id: 'controlChange.refusal.APPROVAL_EXPIRED',
    message: 'This change waited too long and has expired; propose it again.',
  },
};

/**
 * Who may decide a change of the controls: another active admin than its author, while it
 * waits. (Its author may withdraw it instead.)
 */
export function judgeControlChange(
  change: { status: string; expiresAt: number; authorId: string },
  decider: Decider,
  now: number,
): ControlChangeRefusal | null {
  if (!hasRole(decider.roles, WORKSPACE_ROLES.administer)) return 'FORBIDDEN_ROLE';
  if (change.status !== 'pending') return 'APPROVAL_CLOSED';
  if (change.expiresAt <= now) return 'APPROVAL_EXPIRED';
  if (change.authorId === decider.id) return 'AUTHOR_CANNOT_APPROVE';
  return null;
}
