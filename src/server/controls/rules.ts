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

export type PolicyRule = Pick<
  Policy,
  'id' | 'action' | 'product' | 'currency' | 'amountSide' | 'minAmount' | 'approvers'
>;

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
}

const sameCurrency = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Whether an amount is in a policy's currency and reaches its threshold; unknown ones do. */
function reaches(policy: PolicyRule, money: Money | null): boolean {
  if (!money) return false;
  if (policy.currency !== ANY && !sameCurrency(policy.currency, money.currency)) return false;
  if (money.amount === null) return true;
  try {
    return new Decimal(money.amount).gte(policy.minAmount);
  } catch {
    return true;
  }
}

/** Whether a policy covers a subject. An amount not known yet is covered: the safe side. */
export function policyApplies(policy: PolicyRule, subject: ControlSubject): boolean {
  if (policy.action !== subject.action) return false;
  if (policy.product !== ANY && policy.product !== subject.product) return false;
  return reaches(policy, policy.amountSide === 'deposit' ? subject.deposit : subject.payout);
}

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
      if (totals.some((total) => reaches(policy, total))) consider(policy);
    } else if (policy.action === 'approveQuote') {
      const row = batch.rows.find((r) =>
        policyApplies(policy, { action: 'approveQuote', product: batch.product, ...r }),
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
    new Decimal(a.minAmount).eq(b.minAmount)
  );
}

/** A request for approvals: of a transaction's quote or deposit, or of a payee's new details. */
export interface RequestState {
  kind: 'transaction' | 'payee' | 'batch';
  status: string;
  expiresAt: number;
  /** Who created the transaction through the dashboard, proposed the change, uploaded the file. */
  originatorId: string | null;
  decisions: ReadonlyArray<{ userId: string; decision: 'approve' | 'reject' }>;
}

export interface Decider {
  id: string;
  roles: readonly Role[];
}

export type Refusal =
  | 'FORBIDDEN_ROLE'
  | 'CREATOR_CANNOT_APPROVE'
  | 'AUTHOR_CANNOT_APPROVE'
  | 'UPLOADER_CANNOT_APPROVE'
  | 'ALREADY_DECIDED'
  | 'APPROVAL_CLOSED'
  | 'APPROVAL_EXPIRED';

export const REFUSAL_TEXT: Record<Refusal, string> = {
  FORBIDDEN_ROLE: 'Approving needs the Approver role.',
  CREATOR_CANNOT_APPROVE:
    'You created this transaction, so someone else must approve it (separation of duties).',
  AUTHOR_CANNOT_APPROVE:
    'You proposed this change, so someone else must approve it (separation of duties).',
  UPLOADER_CANNOT_APPROVE:
    'You uploaded this batch, so someone else must approve it (separation of duties).',
  ALREADY_DECIDED: 'You have already given your decision on this approval.',
  APPROVAL_CLOSED: 'This approval is already closed.',
  APPROVAL_EXPIRED: 'This approval request has expired; start a new one.',
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
};

/** Distinct people who approved. */
export const approversOf = (state: Pick<RequestState, 'decisions'>) =>
  new Set(state.decisions.filter((d) => d.decision === 'approve').map((d) => d.userId));

/**
 * What one person's decision does to a request, given how many approvers the policies ask now.
 * Approvers decide; whoever created the transaction or proposed the change never approves it;
 * a person decides once, but one who approved may finish a request that a policy change has
 * since made complete.
 */
export function decide(
  state: RequestState,
  decider: Decider,
  decision: 'approve' | 'reject',
  required: number,
  now: number,
): Outcome {
  const refused = (refusal: Refusal): Outcome => ({ kind: 'refused', refusal });
  if (!hasRole(decider.roles, WORKSPACE_ROLES.decideApprovals)) return refused('FORBIDDEN_ROLE');
  if (state.status !== 'pending') return refused('APPROVAL_CLOSED');
  if (state.expiresAt <= now) return refused('APPROVAL_EXPIRED');
  if (decision === 'approve' && state.originatorId === decider.id)
    return refused(ORIGINATOR_REFUSAL[state.kind]);
  const approvers = approversOf(state);
  const needed = Math.max(1, required);
  if (state.decisions.some((d) => d.userId === decider.id)) {
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

/** Whether a person could approve now, and if not, why in words. */
export function mayApprove(
  state: RequestState,
  decider: Decider,
  required: number,
  now: number,
): { canAct: boolean; why: string | null } {
  const outcome = decide(state, decider, 'approve', required, now);
  return outcome.kind === 'refused'
    ? { canAct: false, why: REFUSAL_TEXT[outcome.refusal] }
    : { canAct: true, why: null };
}

/** The people of a list who could approve now: approvers, not the originator, not decided. */
export function whoCanApprove<P extends Decider & { name: string }>(
  state: RequestState,
  people: readonly P[],
  required: number,
  now: number,
): string[] {
  return people.filter((p) => mayApprove(state, p, required, now).canAct).map((p) => p.name);
}

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
