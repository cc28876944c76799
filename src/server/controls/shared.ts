// What the parts of the money controls share (docs/decisions/025): who may approve, a request
// in words, the payee of a transaction, and the second-factor check before money is released.
import { toldStored } from '../words';
import type { z } from 'zod';
import { type LimitStore, limitChecks } from './limits';
import type {
  ActionState,
  ApprovalInfo,
  BankDetails,
  PayeeChange,
  RecipientRecord,
  Requirement,
  TransactionApproval,
} from '#/api/controls';
import { operations } from '#/api/operations';
import { bankDetailsOf, changedBankDetails, maskedNumber } from '#/api/payee';
import { WORKSPACE_ROLES } from '#/api/roles';
import { type Product, Transaction } from '#/api/schemas/transaction';
import type { LocalIndex } from '../local-index/store';
import { type PartnerApi } from '../partner-api';
import type { User } from '../store/workspace';
import {
  type ControlSubject,
  type PolicyRule,
  type RequestState,
  stepUpNeeded,
  requirementOf,
  isActiveApprover,
} from './rules';
import type { ControlsStore } from './store';
import { explainState } from '../approvals/explain';
import type { Approvals } from '../approvals/approvals';
import { type StoredRequest, type TransactionRef, subjectOf } from '../approvals/requests';
import { controlRates } from './rates';
import type { Refused } from './verdict';
import { said, wordsCode } from '#/i18n/words';
import { REFUSED, FIELD } from '../refusal-words';

/** Payout account statuses whose bank details change only with someone else's approval. */
export const HELD_STATUSES = new Set<string>(['ACTIVE', 'FROZEN']);
export const APPROVER = WORKSPACE_ROLES.decideApprovals;

export function objectOf(body: Buffer | undefined): Record<string, unknown> | null {
  if (!body || body.length === 0) return null;
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const transactionSubject = (
  action: TransactionApproval,
  product: Product,
  t: Pick<Transaction, 'toCurrencySymbol' | 'toAmount' | 'fromCurrencySymbol' | 'fromAmount'>,
): ControlSubject => ({
  action,
  product,
  payout: { currency: t.toCurrencySymbol, amount: t.toAmount },
  deposit: { currency: t.fromCurrencySymbol, amount: t.fromAmount ?? null },
});

/** A request as the rules judge it. */
export const stateOf = (request: StoredRequest, originatorId: string | null): RequestState => ({
  ...request,
  originatorId: request.kind === 'payee' ? request.authorId : originatorId,
});

/** A transaction approval nobody has given yet. */
export const noRequestYet = (originatorId: string | null): RequestState => ({
  kind: 'transaction',
  status: 'pending',
  expiresAt: Number.POSITIVE_INFINITY,
  originatorId,
  decisions: [],
});

export interface ControlsDeps {
  store: ControlsStore;
  /** Where every approval is decided (docs/decisions/074). */
  approvals: Approvals;
  index: LocalIndex;
  /** Everyone in the workspace (for who can decide). */
  people: () => Promise<User[]>;
  /** Limits per person, merchant and workspace (docs/decisions/089). */
  limits: LimitStore;
  now: () => number;
}

/** What every part of the controls shares: the stores, the people, and the words of a decision. */
export function controlsCore(deps: ControlsDeps) {
  const { store, index, people, now } = deps;
  const rates = controlRates(deps);

  const approvers = async () => (await people()).filter(isActiveApprover);

  /** A creation's reservation against the limits (089), through the same rates as decisions. */
  const reserveCreation = limitChecks({
    limits: deps.limits,
    baseCurrency: async () => (await store.settings()).baseCurrency,
    rateToBase: async (environment, api, symbol, base) =>
      (await rates.baseRates(environment, api, [symbol], base, true)).get(symbol.toUpperCase()) ??
      null,
    merchantName: async (environment, id) =>
      (await index.merchantNames(environment, [id])).get(id) ?? null,
  });

  /** A person by id, with their name (a person removed since keeps their id). */
  const personNamed = async (id: string) => {
    const person = (await people()).find((p) => p.id === id);
    return { id, name: person?.name ?? 'someone no longer in the workspace' };
  };

  const requirement = (policies: readonly PolicyRule[], subject: ControlSubject): Requirement => {
    const { required, policy } = requirementOf(policies, subject);
    return { required, policy: (policy as Requirement['policy']) ?? null };
  };

  async function actionState(
    user: User,
    state: RequestState,
    required: number,
    everyone?: User[],
  ): Promise<z.input<typeof ActionState>> {
    const person = await deps.approvals.asDecider(user);
    return explainState(state, person, required, everyone ?? (await approvers()), now());
  }

  function approvalInfo(
    request: StoredRequest,
    policies: readonly PolicyRule[],
    /** What the policies asked at the decision just taken (base-currency policies included). */
    required?: number,
  ): z.input<typeof ApprovalInfo> {
    return {
      id: request.id,
      product: request.product!,
      transactionId: request.objectId,
      action: request.action as TransactionApproval,
      currency: request.payout.currency,
      amount: request.payout.amount ?? '0',
      depositCurrency: request.deposit?.currency || null,
      depositAmount: request.deposit?.amount ?? null,
      required: required ?? requirementOf(policies, subjectOf(request)).required,
      status: request.status as ApprovalInfo['status'],
      createdAt: request.createdAt,
      expiresAt: request.expiresAt,
      closedAt: request.closedAt,
      rejectReason: request.reason === null ? null : toldStored(request.reason),
      decisions: request.decisions,
    };
  }

  /** A payee change in words; with its account's open payments while it waits or as it applies. */
  async function payeeChangeInfo(
    request: StoredRequest,
    policies: readonly PolicyRule[],
    withOpenPayments = request.status === 'pending',
  ): Promise<z.input<typeof PayeeChange>> {
    const change = request.change!;
    const openPayments = withOpenPayments
      ? await index.openPaymentsTo(request.environment, request.objectId)
      : [];
    return {
      id: request.id,
      accountId: request.objectId,
      businessId: change.businessId,
      currency: request.payout.currency,
      authorId: request.authorId ?? '',
      authorName: request.authorName ?? '',
      status: request.status as PayeeChange['status'],
      createdAt: request.createdAt,
      expiresAt: request.expiresAt,
      closedAt: request.closedAt,
      reason: request.reason === null ? null : toldStored(request.reason),
      before: change.before,
      after: change.after,
      changed: change.changed as PayeeChange['changed'],
      alsoChanged: change.alsoChanged ?? [],
      warnings: change.warnings.map(toldStored),
      required: requirementOf(policies, subjectOf(request)).required,
      decisions: request.decisions,
      openPayments,
    };
  }

  /** Other merchants' accounts with the same IBAN or account number, in words. */
  async function duplicates(
    environment: string,
    details: Pick<BankDetails, 'iban' | 'accountNumber'>,
    notOf: { accountId?: number | undefined; businessId?: number | undefined },
  ) {
    const found = await index.accountsWithNumber(environment, details, notOf);
    return found.map((a) => ({
      ...a,
      message:
        a.merchantName === null
          ? wordsCode(FIELD.onOtherAccountUnnamed, {
              accountId: a.accountId,
              businessId: a.businessId,
            })
          : wordsCode(FIELD.onOtherAccount, {
              accountId: a.accountId,
              businessId: a.businessId,
              owner: a.merchantName,
            }),
    }));
  }

  /**
   * Releasing money (a deposit, a bulk file, new bank details) by someone with a second factor
   * enrolled needs it given within the workspace's window (docs/decisions/041): refused if not.
   */
  async function releaseRefusal(
    person: { secondFactor: boolean },
    stepUpAt: number | null,
  ): Promise<Refused | undefined> {
    const { stepUpMinutes } = await store.settings();
    if (!stepUpNeeded(person, stepUpAt, stepUpMinutes, now())) return undefined;
    return { refused: { status: 403, code: 'STEP_UP_REQUIRED', detail: said(REFUSED.stepUp) } };
  }

  /** A transaction's open approval (if any) and its state for the rules. */
  const pendingOf = (requests: StoredRequest[], action: TransactionApproval) =>
    requests.find((r) => r.action === action && r.status === 'pending' && r.expiresAt > now());

  /**
   * What a transaction was sent to, and whether the account has changed since; for one the
   * dashboard did not create, the account it names as it reads now, so that an approver still
   * sees the payee by name (null when the account cannot be read).
   */
  async function recipientRecord(
    ref: TransactionRef,
    accountId: number,
    api: PartnerApi,
  ): Promise<RecipientRecord | null> {
    const recorded = await store.recipientOf(ref);
    const read = await api
      .call(operations.getPayoutAccount, { params: { id: recorded?.accountId ?? accountId } })
      .catch(() => undefined);
    // The account as it reads now, in the shape of a record.
    const current = read?.ok
      ? {
          accountId: read.data.id,
          details: bankDetailsOf(read.data),
          bankName: read.data.bankName,
          currency: read.data.currencySymbol,
          recordedAt: now(),
        }
      : undefined;
    const kept = recorded ?? current;
    if (!kept) return null;
    const changed =
      recorded && current ? changedBankDetails(recorded.details, current.details).length > 0 : null;
    return {
      accountId: kept.accountId,
      accountHolderName: kept.details.accountHolderName,
      bankName: kept.bankName,
      number: maskedNumber(kept.details),
      swiftCode: kept.details.swiftCode,
      countryIso: kept.details.countryIso,
      currency: kept.currency,
      recorded: recorded !== undefined,
      recordedAt: kept.recordedAt,
      changedSince: changed,
      numberNow: changed && current ? maskedNumber(current.details) : null,
      firstPayment: !(
        await index.accountsPaidBefore(ref.environment, [kept.accountId], {
          product: ref.product,
          id: ref.transactionId,
        })
      ).has(kept.accountId),
    };
  }

  return {
    ...deps,
    ...rates,
    limits: deps.limits,
    reserveCreation,
    approvers,
    personNamed,
    requirement,
    actionState,
    approvalInfo,
    payeeChangeInfo,
    duplicates,
    pendingOf,
    recipientRecord,
    releaseRefusal,
  };
}

export type ControlsCore = ReturnType<typeof controlsCore>;
