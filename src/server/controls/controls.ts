// The money controls (docs/decisions/025): the one place that decides who may move money. The
// proxy asks `gate` about every call to the partner's API and applies the verdict; the
// /api/controls endpoints (./routes.ts) ask the rest: policies, the inbox, a transaction's
// approvals, payee changes and their decisions. Operations are known from the contract's
// operation list; the rules are ./rules.ts, the tables ./store.ts.
import Decimal from 'decimal.js';
import { isSimulation } from '#/api/simulation';
import { sumByCurrency } from '#/api/totals';
import type {
  ActionState,
  ApprovalInfo,
  ApprovalSettings,
  PayeeInfo,
  Policy,
  QuoteInfo,
  BankDetails,
  InboxPage,
  PayeeChange,
  PayeeCheck,
  PayeeCheckResult,
  PolicyCreate,
  RecipientRecord,
  Requirement,
  TransactionApproval,
  TransactionControls,
} from '#/api/controls';
import { ANY, isTransactionApproval, TRANSACTION_ACTIONS } from '#/api/controls';
import { decimalsProblem } from '#/api/money';
import type { Environment } from '#/api/dashboard';
import {
  operations,
  type OperationDef,
  TRANSACTION_OPERATION_OF,
  transactionOperations,
} from '#/api/operations';
import {
  BANK_DETAIL_LABEL,
  type FieldProblem,
  bankDetailsAfter,
  bankDetailsOf,
  changedBankDetails,
  fromIban,
  maskedNumber,
  payeeCountryProblems,
} from '#/api/payee';
import { WORKSPACE_ROLES, hasRole, refusalFor } from '#/api/roles';
import { PayoutAccountUpdate, type PayoutAccount } from '#/api/schemas/payout-account';
import type { Currency } from '#/api/schemas/reference';
import { type Price, type Product, Transaction } from '#/api/schemas/transaction';
import { isFinalStatus, transitionFor, transitionRefusal } from '#/api/transaction-states';
import type { LocalIndex } from '../local-index/store';
import { pathOf } from '#/api/client';
import { answerJson, type PartnerApi } from '../partner-api';
import type { User } from '../store/workspace';
import type { UpstreamResponse } from '../upstream';
import {
  type ControlSubject,
  type Conversion,
  type Money,
  type PolicyRule,
  type RequestState,
  REFUSAL_TEXT,
  STEP_UP_TEXT,
  convert,
  decide,
  markupPercent,
  needsConversion,
  quoteWindow,
  quotedRate,
  samePolicy,
  stepUpNeeded,
  mayApprove,
  requirementOf,
  simulationChanges,
  whoCanApprove,
} from './rules';
import { type ControlsStore, type StoredRequest, type TransactionRef, subjectOf } from './store';

type Details = Record<string, unknown>;
type PriceAnswer = ReturnType<typeof Price.parse>;

/** What the proxy does with a call to the partner's API. */
export type Verdict =
  /** Refused here: nothing reaches the API. */
  | {
      kind: 'refuse';
      status: number;
      code: string;
      detail: string;
      errors?: FieldProblem[];
      audit: Details;
    }
  /** Held: recorded, waiting for more approvers (202). */
  | { kind: 'hold'; body: object; audit: Details }
  /** The API's own answer to a read the controls made (a transaction or account not found). */
  | { kind: 'relay'; response: UpstreamResponse; audit: Details }
  /** Sent to the API, as asked or as rewritten here; `settle` records what followed. */
  | {
      kind: 'forward';
      path?: string;
      body?: Buffer | undefined;
      idempotencyKey?: string;
      headers?: Record<string, string>;
      settle?: (response: UpstreamResponse) => Promise<Details>;
    };

/** A decision refused, as the problem the endpoint answers. */
export interface Refused {
  refused: { status: number; code: string; detail: string };
}

export interface ProxiedCall {
  op: OperationDef;
  user: User;
  /** When the person last gave their second factor in this session (null: not yet). */
  stepUpAt?: number | null | undefined;
  environment: Environment;
  /** The path's `{id}`, when the operation has one. */
  id: number | undefined;
  body: Buffer | undefined;
}

/** What the controls look at in a transaction operation of the contract: approvals and creations. */
function transactionCall(opId: string) {
  const known = TRANSACTION_OPERATION_OF.get(opId);
  if (!known) return undefined;
  const { product, name } = known;
  if (isTransactionApproval(name)) return { kind: 'approval' as const, product, action: name };
  if (name === 'create') return { kind: 'create' as const, product };
  return undefined;
}

const CURRENCY_LIST_TTL_MS = 10 * 60 * 1000;
/** Payout account statuses whose bank details change only with someone else's approval. */
const HELD_STATUSES = new Set<string>(['ACTIVE', 'FROZEN']);
const APPROVER = WORKSPACE_ROLES.decideApprovals;

function objectOf(body: Buffer | undefined): Record<string, unknown> | null {
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

const transactionSubject = (
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
const stateOf = (request: StoredRequest, originatorId: string | null): RequestState => ({
  ...request,
  originatorId: request.kind === 'payee' ? request.authorId : originatorId,
});

/** A transaction approval nobody has given yet. */
const noRequestYet = (originatorId: string | null): RequestState => ({
  kind: 'transaction',
  status: 'pending',
  expiresAt: Number.POSITIVE_INFINITY,
  originatorId,
  decisions: [],
});

export interface ControlsDeps {
  store: ControlsStore;
  index: LocalIndex;
  /** Everyone in the workspace (for who can decide). */
  people: () => Promise<User[]>;
  now: () => number;
}

export function moneyControls({ store, index, people, now }: ControlsDeps) {
  const currencyLists = new Map<string, { at: number; list: Currency[] }>();

  const approvers = async () =>
    (await people()).filter((p) => p.disabledAt === null && hasRole(p.roles, APPROVER));

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
  ): Promise<ActionState> {
    const time = now();
    const mine = mayApprove(state, user, required, time);
    return {
      ...mine,
      whoCan: whoCanApprove(state, everyone ?? (await approvers()), required, time),
    };
  }

  function approvalInfo(
    request: StoredRequest,
    policies: readonly PolicyRule[],
    /** What the policies asked at the decision just taken (base-currency policies included). */
    required?: number,
  ): ApprovalInfo {
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
      rejectReason: request.reason,
      decisions: request.decisions,
    };
  }

  /** A payee change in words; with its account's open payments while it waits or as it applies. */
  async function payeeChangeInfo(
    request: StoredRequest,
    policies: readonly PolicyRule[],
    withOpenPayments = request.status === 'pending',
  ): Promise<PayeeChange> {
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
      reason: request.reason,
      before: change.before,
      after: change.after,
      changed: change.changed as PayeeChange['changed'],
      warnings: change.warnings,
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
      message: `is also on payout account #${a.accountId} of ${a.merchantName ?? 'a merchant'} (merchant #${a.businessId})`,
    }));
  }

  const refuse = (
    status: number,
    code: string,
    detail: string,
    audit: Details,
    errors?: FieldProblem[],
  ): Verdict => ({ kind: 'refuse', status, code, detail, audit, ...(errors ? { errors } : {}) });

  const countryRefusal = (problems: FieldProblem[]) =>
    refuse(
      400,
      'VALIDATION_ERROR',
      'The IBAN, the BIC and the bank country must agree.',
      { reason: 'bank details disagree', fields: problems.map((p) => p.field) },
      problems,
    );

  // The verdicts, one per kind of call the controls look at.

  async function approvalVerdict(
    call: ProxiedCall,
    { product, action }: { product: Product; action: TransactionApproval },
    api: PartnerApi,
  ): Promise<Verdict> {
    const id = call.id!;
    // The decision is about the transaction as it is now: read again from the API.
    const read = await api.call(transactionOperations[product].get, { params: { id } });
    if (!read.ok) return { kind: 'relay', response: read.response, audit: {} };
    const t = read.data;
    // A state that does not allow it is refused here, as the API would: never sent unguarded,
    // since the state may change before the API sees the call (a quote approval in flight).
    if (!transitionFor(product, t, action))
      return refuse(400, 'INVALID_STATE_TRANSITION', transitionRefusal(product, t, action), {
        reason: 'state does not allow it',
        status: t.clientStatus,
      });
    // A quote the API gave is approved within the workspace's validity; after, it is quoted
    // again (docs/decisions/041).
    if (action === 'approveQuote') {
      const { quoteValidityMinutes } = await store.settings();
      const window = quoteWindow(t, quoteValidityMinutes * 60_000);
      if (window && window.expiresAt <= now())
        return refuse(
          409,
          'QUOTE_EXPIRED',
          `The quote of #${id} expired on ${new Date(window.expiresAt).toISOString().replace('T', ' ').slice(0, 16)} UTC (quotes may be approved for ${quoteValidityMinutes} minutes): quote it again.`,
          { reason: 'quote expired', quotedAt: window.quotedAt, expiresAt: window.expiresAt },
        );
    }
    const subject = transactionSubject(action, product, t);
    const payout = { currency: t.toCurrencySymbol, amount: t.toAmount };
    const deposit = subject.deposit!;
    const text = call.body && call.body.length > 0 ? call.body.toString('utf8') : null;
    const opened = await store.openApproval(
      { environment: call.environment, product, transactionId: id, action, payout, deposit },
      text,
    );
    // A base-currency policy judges the amounts converted at the API's rate of this moment.
    const converted = await inBase(call.environment, api, await store.policies(), subject, true);
    const decided = await store.decide(opened.id, call.user, 'approve', null, {
      payout,
      deposit,
      base: converted.subject.base,
      conversions: converted.conversions,
    });
    const { outcome } = decided;
    if (outcome.kind === 'refused') {
      return refuse(403, outcome.refusal, REFUSAL_TEXT[outcome.refusal], {
        reason: outcome.refusal,
        approval: opened.id,
      });
    }
    const request = decided.request!;
    if (outcome.kind === 'recorded') {
      return {
        kind: 'hold',
        body: { approval: approvalInfo(request, await store.policies(), decided.required) },
        audit: { approval: request.id, approvals: outcome.approvals, required: decided.required },
      };
    }
    if (outcome.kind !== 'complete') return { kind: 'forward' };
    // The last approval needed: the API's approve, once (the key is the request's), with the
    // body the first approver sent (a deposit confirmation).
    const body = request.body ?? text;
    return {
      kind: 'forward',
      path: pathOf(transactionOperations[product][action], { params: { id } }),
      body: body === null ? undefined : Buffer.from(body),
      idempotencyKey: `approval-${request.id}`,
      headers: { 'x-approval-id': request.id },
      settle: async (response) => {
        if (response.status === 200) await store.markApproved(request.id);
        else if (outcome.fresh) await store.withdrawDecision(request.id, call.user.id);
        return {
          approval: request.id,
          approvers: request.decisions
            .filter((d) => d.decision === 'approve')
            .map((d) => d.userName),
          required: decided.required,
          status: response.status,
        };
      },
    };
  }

  /** A transaction created here: who created it, and the account it goes to as it is now. */
  async function createVerdict(
    call: ProxiedCall,
    product: Product,
    body: Record<string, unknown> | null,
    api: PartnerApi,
  ): Promise<Verdict> {
    const accountId = body?.toBusinessExternalAccountId;
    let account: PayoutAccount | undefined;
    if (typeof accountId === 'number' && Number.isSafeInteger(accountId) && accountId > 0) {
      const read = await api.call(operations.getPayoutAccount, { params: { id: accountId } });
      if (read.ok) account = read.data;
    }
    return {
      kind: 'forward',
      settle: async (response) => {
        if (response.status !== 200) return {};
        const answer = Transaction.safeParse(answerJson(response));
        if (!answer.success) return {};
        const created = answer.data;
        const ref = {
          environment: call.environment,
          product,
          transactionId: created.businessRequestId,
        };
        await store.recordOrigin(ref, call.user.id, {
          amount: created.toAmount,
          currency: created.toCurrencySymbol,
        });
        if (account && account.id === created.toBusinessExternalAccountId) {
          await store.recordRecipient(
            ref,
            {
              accountId: account.id,
              currency: account.currencySymbol,
              details: bankDetailsOf(account),
              bankName: account.bankName,
            },
            call.user.id,
          );
        }
        return {};
      },
    };
  }

  /** A status simulation sets the status and nothing else, whoever sends it. */
  async function simulationVerdict(
    call: ProxiedCall,
    body: Record<string, unknown>,
    api: PartnerApi,
  ): Promise<Verdict> {
    const read = await api.call(
      call.op.id === 'updateMerchant' ? operations.getMerchant : operations.getPayoutAccount,
      { params: { id: call.id! } },
    );
    if (!read.ok) return { kind: 'relay', response: read.response, audit: {} };
    const changed = simulationChanges(call.op.id, read.data, body);
    if (changed.length === 0) return { kind: 'forward' };
    return refuse(
      400,
      'VALIDATION_ERROR',
      'A status simulation sets the status only: save other changes with Edit.',
      { reason: 'a simulation may change the status only', fields: changed },
      changed.map((field) => ({
        field,
        message: 'cannot change in a status simulation, which sets the status only',
      })),
    );
  }

  /** New bank details of an ACTIVE (or FROZEN) account wait for someone else's approval. */
  async function payeeUpdateVerdict(
    call: ProxiedCall,
    body: Record<string, unknown>,
    api: PartnerApi,
  ): Promise<Verdict> {
    // A body the API would refuse goes to the API, which names its fields.
    if (!PayoutAccountUpdate.safeParse(body).success) return { kind: 'forward' };
    const read = await api.call(operations.getPayoutAccount, { params: { id: call.id! } });
    if (!read.ok) return { kind: 'relay', response: read.response, audit: {} };
    const account = read.data;
    const before = bankDetailsOf(account);
    const after = bankDetailsAfter(before, body);
    const problems = payeeCountryProblems(after);
    if (problems.length > 0) return countryRefusal(problems);
    const changed = changedBankDetails(before, after);
    // An account money may be paid to (ACTIVE), or may be again (FROZEN), keeps its details
    // until someone else approves: freezing it first is no way around the control.
    if (!HELD_STATUSES.has(account.accountStatus) || changed.length === 0)
      return { kind: 'forward' };
    const warnings = await duplicates(call.environment, after, {
      accountId: account.id,
      businessId: account.businessId,
    });
    const opened = await store.openPayeeChange({
      environment: call.environment,
      accountId: account.id,
      currency: account.currencySymbol,
      author: call.user,
      body: JSON.stringify(body),
      change: {
        businessId: account.businessId,
        before,
        after,
        changed,
        warnings: warnings.map((w) => `${BANK_DETAIL_LABEL[w.field]} ${w.message}`),
      },
    });
    if ('pending' in opened) {
      return refuse(
        409,
        'PAYEE_CHANGE_PENDING',
        `A change of this account's bank details by ${opened.pending.authorName} waits for approval; it must be decided or withdrawn first.`,
        { reason: 'payee change pending', change: opened.pending.id },
      );
    }
    return {
      kind: 'hold',
      body: { change: await payeeChangeInfo(opened.change, await store.policies()) },
      audit: { change: opened.change.id, fields: changed, held: true },
    };
  }

  async function currencies(environment: string, api: PartnerApi): Promise<Currency[] | undefined> {
    const known = currencyLists.get(environment);
    if (known && now() - known.at < CURRENCY_LIST_TTL_MS) return known.list;
    const read = await api.call(operations.listCurrencies);
    if (!read.ok) return known?.list;
    currencyLists.set(environment, { at: now(), list: read.data });
    return read.data;
  }

  const RATE_TTL_MS = 60_000;
  const priceCache = new Map<string, { at: number; price: PriceAnswer | null }>();

  /**
   * The API's price for a pair and a payout amount now; a minute's cache per environment unless
   * `fresh` (a decision asks afresh).
   */
  async function priceNow(
    api: PartnerApi,
    environment: string,
    product: Product,
    t: Pick<Transaction, 'fromCurrencySymbol' | 'toCurrencySymbol' | 'toAmount'>,
    fresh = false,
  ): Promise<PriceAnswer | null> {
    const key = `${environment}:${product}:${t.fromCurrencySymbol}:${t.toCurrencySymbol}:${t.toAmount}`;
    const known = priceCache.get(key);
    if (!fresh && known && now() - known.at < RATE_TTL_MS) return known.price;
    const answer = await api
      .call(transactionOperations[product].price, {
        body: {
          fromCurrencySymbol: t.fromCurrencySymbol,
          toCurrencySymbol: t.toCurrencySymbol,
          toAmount: t.toAmount,
        },
      })
      .catch(() => undefined);
    const price: PriceAnswer | null = answer?.ok ? answer.data : null;
    priceCache.set(key, { at: now(), price });
    if (priceCache.size > 1000) priceCache.delete(priceCache.keys().next().value!);
    return price;
  }

  /**
   * Units of `base` per unit of each currency, as the API's price operation quotes them now
   * (end to end for fiat, payout for crypto); a currency the API will not price has none. For a
   * decision the rates are asked afresh (`fresh`); for what pages show, at most a minute old.
   */
  async function baseRates(
    environment: string,
    api: PartnerApi,
    symbols: readonly string[],
    base: string,
    fresh: boolean,
  ): Promise<Map<string, string>> {
    const rates = new Map<string, string>();
    const list = (await currencies(environment, api)) ?? [];
    for (const symbol of new Set(symbols.map((c) => c.trim().toUpperCase()))) {
      if (symbol === base.toUpperCase()) {
        rates.set(symbol, '1');
        continue;
      }
      const currency = list.find((c) => c.symbol.toUpperCase() === symbol);
      const rate = await rateToBase(api, environment, currency, symbol, base, fresh);
      if (rate !== null) rates.set(symbol, rate);
    }
    return rates;
  }

  /**
   * Units of `base` per unit of a currency, from the API's price operation: a currency that can
   * be deposited is priced into the base currency (payout for crypto, end to end for fiat); one
   * that can only be paid out is priced from the base currency and the rate turned round. The
   * API's fee is in either (docs/decisions/042). Null when the API will not price it.
   */
  async function rateToBase(
    api: PartnerApi,
    environment: string,
    currency: Currency | undefined,
    symbol: string,
    base: string,
    fresh: boolean,
  ): Promise<string | null> {
    const toAmount = '1000';
    if (!currency || currency.sendFrom) {
      const price = await priceNow(
        api,
        environment,
        currency?.currencyType === 'CRYPTO' ? 'sendc2f' : 'sendf2f',
        { fromCurrencySymbol: currency?.symbol ?? symbol, toCurrencySymbol: base, toAmount },
        fresh,
      );
      return price && price.rate > 0 ? String(price.rate) : null;
    }
    const price = await priceNow(
      api,
      environment,
      'sendf2f',
      { fromCurrencySymbol: base, toCurrencySymbol: currency.symbol, toAmount },
      fresh,
    );
    if (!price || price.rate <= 0) return null;
    return new Decimal(1).div(String(price.rate)).toSignificantDigits(10).toFixed();
  }

  /**
   * A subject with its amounts in the base currency, when a policy asks for it: the value of
   * each side and the conversions that gave it (kept with a decision).
   */
  async function inBase(
    environment: string,
    api: PartnerApi,
    policies: readonly PolicyRule[],
    subject: ControlSubject,
    fresh: boolean,
    /** The workspace's base currency when the caller has read the settings already. */
    knownBase?: string,
  ): Promise<{ subject: ControlSubject; conversions: Conversion[] }> {
    if (!needsConversion(policies)) return { subject, conversions: [] };
    const baseCurrency = knownBase ?? (await store.settings()).baseCurrency;
    const sides = [subject.payout, subject.deposit].filter((m): m is Money => m !== null);
    const rates = await baseRates(
      environment,
      api,
      sides.map((m) => m.currency),
      baseCurrency,
      fresh,
    );
    const at = (money: Money | null) =>
      money ? convert(money, baseCurrency, rates.get(money.currency.toUpperCase()) ?? null) : null;
    const payout = at(subject.payout);
    const deposit = at(subject.deposit);
    return {
      subject: {
        ...subject,
        base: { payout: payout?.value ?? null, deposit: deposit?.value ?? null },
      },
      conversions: [payout, deposit].filter((c): c is Conversion => c !== null),
    };
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
    return { refused: { status: 403, code: 'STEP_UP_REQUIRED', detail: STEP_UP_TEXT } };
  }

  /** A transaction's open approval (if any) and its state for the rules. */
  const pendingOf = (requests: StoredRequest[], action: TransactionApproval) =>
    requests.find((r) => r.action === action && r.status === 'pending' && r.expiresAt > now());

  /** What a transaction was sent to, and whether the account has changed since. */
  async function recipientRecord(
    ref: TransactionRef,
    api: PartnerApi,
  ): Promise<RecipientRecord | null> {
    const recorded = await store.recipientOf(ref);
    if (!recorded) return null;
    const read = await api
      .call(operations.getPayoutAccount, { params: { id: recorded.accountId } })
      .catch(() => undefined);
    const now_ = read?.ok ? bankDetailsOf(read.data) : undefined;
    const changed = now_ ? changedBankDetails(recorded.details, now_).length > 0 : null;
    return {
      accountId: recorded.accountId,
      accountHolderName: recorded.details.accountHolderName,
      bankName: recorded.bankName,
      number: maskedNumber(recorded.details),
      swiftCode: recorded.details.swiftCode,
      countryIso: recorded.details.countryIso,
      currency: recorded.currency,
      recordedAt: recorded.recordedAt,
      changedSince: changed,
      numberNow: changed && now_ ? maskedNumber(now_) : null,
      firstPayment: !(
        await index.accountsPaidBefore(ref.environment, [recorded.accountId], {
          product: ref.product,
          id: ref.transactionId,
        })
      ).has(recorded.accountId),
    };
  }

  /**
   * What a quote approval approves (docs/decisions/041): the API's deposit and rate once it has
   * given them, with when they may be approved until; before, today's price. The reference rate
   * and markup where the API's price gives one. `price: 'unquoted'`: the API is asked only for
   * a transaction it has not quoted (the inbox's rows).
   */
  async function quoteOf(
    environment: string,
    product: Product,
    t: Transaction,
    validityMs: number,
    api: PartnerApi | undefined,
    price: 'always' | 'unquoted',
  ): Promise<QuoteInfo> {
    const window = quoteWindow(t, validityMs);
    const given = t.fromAmount !== null;
    const asked =
      api && (price === 'always' || !given) ? await priceNow(api, environment, product, t) : null;
    const rate = given ? quotedRate(t.toAmount, t.fromAmount) : asked ? String(asked.rate) : null;
    const reference = asked?.referenceRate !== undefined ? String(asked.referenceRate) : null;
    return {
      source: given ? 'api' : 'priceNow',
      depositAmount: t.fromAmount ?? asked?.amount ?? null,
      rate,
      quotedAt: window?.quotedAt ?? null,
      expiresAt: window?.expiresAt ?? null,
      expired: window !== null && window.expiresAt <= now(),
      referenceRate: reference,
      markupPercent: markupPercent(rate, reference),
    };
  }

  return {
    /** The verdict on a call to the partner's API: the proxy applies it, and nothing else decides. */
    async gate(call: ProxiedCall, api: PartnerApi | undefined): Promise<Verdict> {
      const body = objectOf(call.body);
      const simulation = call.environment === 'sandbox' && isSimulation(call.op.id, body);
      const refusal = refusalFor(call.op.id, call.user.roles, call.environment, simulation);
      if (refusal)
        return refuse(403, refusal.code, refusal.detail, {
          reason: refusal.code,
          roles: call.user.roles,
        });
      if (!api)
        return refuse(
          503,
          'ENVIRONMENT_NOT_CONFIGURED',
          `An admin has not set the ${call.environment} environment's API credentials yet.`,
          { reason: 'no credentials' },
        );
      // A path whose id is not a number names nothing: the API says so.
      const byId = call.id !== undefined;
      const transaction = transactionCall(call.op.id);
      if (transaction?.kind === 'approval' && transaction.action === 'approveDeposit') {
        // Approving a deposit releases the payout: the second factor first, where enrolled.
        const stepUp = await releaseRefusal(call.user, call.stepUpAt ?? null);
        if (stepUp)
          return refuse(stepUp.refused.status, stepUp.refused.code, stepUp.refused.detail, {
            reason: stepUp.refused.code,
          });
      }
      if (transaction?.kind === 'approval')
        return byId ? approvalVerdict(call, transaction, api) : { kind: 'forward' };
      if (transaction?.kind === 'create')
        return createVerdict(call, transaction.product, body, api);
      if (simulation && body && byId) return simulationVerdict(call, body, api);
      if (call.op.id === 'updatePayoutAccount' && body && byId)
        return payeeUpdateVerdict(call, body, api);
      if (call.op.id === 'createPayoutAccount' && body) {
        const problems = payeeCountryProblems(bankDetailsOf(body));
        if (problems.length > 0) return countryRefusal(problems);
      }
      return { kind: 'forward' };
    },

    releaseRefusal,

    /** The API's currency list, read at most every few minutes per environment. */
    currencies,

    /**
     * The base currency and each of `symbols`' rate into it, when a base-currency policy exists
     * (else undefined): afresh for a decision, at most a minute old for what a page shows.
     */
    async baseRatesFor(
      environment: string,
      api: PartnerApi | undefined,
      symbols: readonly string[],
      fresh: boolean,
    ) {
      if (!api || !needsConversion(await store.policies())) return undefined;
      const { baseCurrency } = await store.settings();
      return {
        baseCurrency,
        rates: await baseRates(environment, api, symbols, baseCurrency, fresh),
      };
    },
    policies: () => store.policies(),

    /** Who asked for a transaction made outside the proxy (a bulk payout's uploader). */
    recordOrigin: (ref: TransactionRef, userId: string) => store.recordOrigin(ref, userId),
    /** What a transaction made outside the proxy pays: the account as it was approved. */
    recordRecipient: (
      ref: TransactionRef,
      payee: { accountId: number; currency: string; bankName: string | null; details: BankDetails },
      userId: string,
    ) => store.recordRecipient(ref, payee, userId),

    /**
     * Adds a policy with its currency as the environment's currency list spells it; a policy
     * that says what another says is refused.
     */
    async addPolicy(
      input: ReturnType<typeof PolicyCreate.parse>,
      by: User,
      environment: Environment,
      api: PartnerApi,
    ) {
      const checked = await this.checkPolicy(input, environment, api);
      if (!('policy' in checked)) return checked;
      return store.addPolicy(checked.policy, by.email);
    },

    /** Adds a policy checked by `checkPolicy` (a change a second admin approved). */
    addCheckedPolicy: (policy: Omit<PolicyRule, 'id'>, by: string | null) =>
      store.addPolicy(policy, by),

    /**
     * A policy as it would be kept: its currency as the currency list spells it, its amount
     * checked against the currency's decimals (the base currency's for a base-currency policy);
     * or the field it cannot take, or that the list could not be read.
     */
    async checkPolicy(
      input: ReturnType<typeof PolicyCreate.parse>,
      environment: Environment,
      api: PartnerApi,
    ): Promise<
      | { policy: Omit<PolicyRule, 'id'> & { inBase: boolean } }
      | { problem: FieldProblem }
      | { unavailable: true }
      | { duplicate: Policy }
    > {
      let currency = ANY;
      if (input.currency !== ANY) {
        const list = await currencies(environment, api);
        if (!list) return { unavailable: true as const };
        const typed = input.currency.replace(/\s+/g, '').toUpperCase();
        const found = list.find((c) => c.symbol.replace(/\s+/g, '').toUpperCase() === typed);
        const side =
          input.action === 'changeBankDetails' || input.amountSide === 'payout'
            ? list.filter((c) => c.sendTo)
            : list.filter((c) => c.sendFrom);
        if (!found || !side.includes(found)) {
          const depositSide =
            input.action !== 'changeBankDetails' && input.amountSide === 'deposit';
          const what = depositSide ? 'a deposit currency' : 'a payout currency';
          return {
            problem: {
              field: 'currency',
              message: `must be ${what} of the currency list (${side.map((c) => c.symbol).join(', ')}), or * for any`,
            },
          };
        }
        currency = found.symbol;
        const decimals = decimalsProblem(input.minAmount, currency);
        if (decimals) return { problem: { field: 'minAmount', message: decimals } };
      }
      if (input.inBase) {
        const { baseCurrency } = await store.settings();
        const decimals = decimalsProblem(input.minAmount, baseCurrency);
        if (decimals) return { problem: { field: 'minAmount', message: decimals } };
      }
      const policy = { ...input, currency };
      const duplicate = (await store.policies()).find((p) => samePolicy(p, policy));
      return duplicate ? { duplicate } : { policy };
    },

    removePolicy: (id: string) => store.removePolicy(id),

    settings: () => store.settings(),

    /** Saves approval settings; the base currency must be a payout currency of the list. */
    /**
     * Approval settings as they would be kept: the base currency as the currency list spells
     * it, which must be a fiat payout currency; or the field it cannot take.
     */
    async checkSettings(
      input: ApprovalSettings,
      environment: Environment,
      api: PartnerApi,
    ): Promise<{ settings: ApprovalSettings } | { problem: FieldProblem } | { unavailable: true }> {
      const list = await currencies(environment, api);
      if (!list) return { unavailable: true };
      const typed = input.baseCurrency.replace(/\s+/g, '').toUpperCase();
      const payable = list.filter((c) => c.sendTo && c.currencyType === 'FIAT');
      const found = payable.find((c) => c.symbol.toUpperCase() === typed);
      if (!found)
        return {
          problem: {
            field: 'baseCurrency',
            message: `must be a fiat payout currency of the currency list (${payable.map((c) => c.symbol).join(', ')})`,
          },
        };
      return { settings: { ...input, baseCurrency: found.symbol } };
    },

    /** Saves approval settings checked by `checkSettings`. */
    saveCheckedSettings: (settings: ApprovalSettings, by: string | null) =>
      store.saveSettings(settings, by),

    /** What approving a transaction of this product, currency and amount would need. */
    async requirement(q: {
      product: Product;
      payoutCurrency: string;
      payoutAmount: string;
      depositCurrency?: string | undefined;
      depositAmount?: string | undefined;
    }) {
      const policies = await store.policies();
      return {
        results: TRANSACTION_ACTIONS.map((action) => ({
          action,
          ...requirement(
            policies,
            transactionSubject(action, q.product, {
              toCurrencySymbol: q.payoutCurrency,
              toAmount: q.payoutAmount,
              fromCurrencySymbol: q.depositCurrency ?? ANY,
              fromAmount: q.depositAmount ?? null,
            }),
          ),
        })),
      };
    },

    /** What waits for a decision: what this person can decide, or everything with who can. */
    async inbox(
      user: User,
      environment: Environment,
      q: { scope: 'you' | 'everyone'; start: number; limit: number },
      /** To convert amounts for base-currency policies (without it, they apply: the safe side). */
      api?: PartnerApi,
    ): Promise<InboxPage> {
      const [policies, everyone] = await Promise.all([store.policies(), approvers()]);
      const mine = q.scope === 'you';
      const approver = hasRole(user.roles, APPROVER);
      const changes = await store.pendingPayeeChanges(environment);
      const names = await index.merchantNames(
        environment,
        changes.map((c) => c.change!.businessId),
      );
      const changeItems = [];
      for (const request of changes) {
        const need = requirement(policies, subjectOf(request));
        const state = await actionState(user, stateOf(request, null), need.required, everyone);
        if (mine && !state.canAct) continue;
        changeItems.push({
          kind: 'payeeChange' as const,
          change: await payeeChangeInfo(request, policies),
          merchantName: names.get(request.change!.businessId) ?? null,
          since: request.createdAt,
          ...need,
          ...state,
        });
      }
      const waiting =
        mine && !approver
          ? { rows: [], hasMore: false }
          : await store.waitingTransactions(environment, {
              for: mine ? user.id : undefined,
              start: q.start,
              limit: q.limit,
            });
      const [origins, open, recorded, settings] = await Promise.all([
        store.originsOf(environment, waiting.rows),
        store.pendingApprovalsOf(environment, waiting.rows),
        store.recipientsOf(environment, waiting.rows),
        store.settings(),
      ]);
      const records = waiting.rows.map((row) => JSON.parse(row.record) as Transaction);
      const accountIds = records.map((t) => t.toBusinessExternalAccountId);
      const [accounts, paidBefore] = await Promise.all([
        index.accountsById(environment, accountIds),
        index.accountsPaidBefore(environment, accountIds),
      ]);
      /** Who a waiting transaction pays: as recorded at its creation, else as last seen. */
      const payeeOf = (product: Product, t: Transaction): PayeeInfo | null => {
        const kept = recorded.get(`${product}:${t.businessRequestId}`);
        const account = accounts.get(t.toBusinessExternalAccountId);
        const details = kept?.details ?? (account ? bankDetailsOf(account) : null);
        if (!details) return null;
        const accountId = kept?.accountId ?? t.toBusinessExternalAccountId;
        return {
          accountId,
          accountHolderName: details.accountHolderName,
          bankName: kept ? kept.bankName : (account?.bankName ?? null),
          number: maskedNumber(details),
          countryIso: details.countryIso,
          firstPayment: !paidBefore.has(accountId),
          recorded: kept !== undefined,
        };
      };
      const results = [];
      for (const [i, row] of waiting.rows.entries()) {
        const t = records[i]!;
        const request = open.get(`${row.product}:${row.id}:${row.action}`);
        const creator = origins.get(`${row.product}:${row.id}`) ?? null;
        const need = requirement(
          policies,
          api
            ? (
                await inBase(
                  environment,
                  api,
                  policies,
                  transactionSubject(row.action, row.product, t),
                  false,
                  settings.baseCurrency,
                )
              ).subject
            : transactionSubject(row.action, row.product, t),
        );
        const state = request ? stateOf(request, creator) : noRequestYet(creator);
        results.push({
          kind: 'transaction' as const,
          product: row.product,
          transactionId: row.id,
          action: row.action,
          payoutAmount: t.toAmount,
          payoutCurrency: t.toCurrencySymbol,
          depositAmount: t.fromAmount ?? null,
          depositCurrency: t.fromCurrencySymbol,
          merchantName: row.merchantName,
          since: row.since,
          approval: request ? approvalInfo(request, policies) : null,
          quote: await quoteOf(
            environment,
            row.product,
            t,
            settings.quoteValidityMinutes * 60_000,
            api,
            'unquoted',
          ),
          payee: payeeOf(row.product, t),
          ...need,
          ...(await actionState(user, state, need.required, everyone)),
        });
      }
      const groups = [];
      for (const group of await store.batchDeposits(environment)) {
        const state = await actionState(user, noRequestYet(group.uploadedBy), 1, everyone);
        if (mine && !state.canAct) continue;
        groups.push({
          kind: 'batchDeposits' as const,
          batchId: group.batchId,
          fileName: group.fileName,
          product: group.product,
          count: group.payouts.length,
          payoutTotals: sumByCurrency(group.payouts),
          depositTotals: sumByCurrency(group.deposits),
          since: group.since,
          ...state,
        });
      }
      return {
        start: q.start,
        limit: q.limit,
        hasMore: waiting.hasMore,
        results,
        changes: changeItems,
        batches: [],
        batchDeposits: groups,
        counts: await this.inboxCounts(user, environment, changes),
      };
    },

    /** How many decisions wait for this person, and for anyone (pending changes if read). */
    async inboxCounts(user: User, environment: Environment, pending?: StoredRequest[]) {
      const [changes, waitingAll] = await Promise.all([
        pending ?? store.pendingPayeeChanges(environment),
        store.countWaiting(environment),
      ]);
      const approver = hasRole(user.roles, APPROVER);
      const time = now();
      const changesForYou = changes.filter(
        (c) => mayApprove(stateOf(c, null), user, 1, time).canAct,
      ).length;
      // A file's waiting deposits count once, for approvers other than its uploader.
      const groups = await store.batchDepositFiles(environment);
      const groupsForYou = groups.filter((g) => g.uploadedBy !== user.id).length;
      return {
        you: approver
          ? changesForYou + groupsForYou + (await store.countWaiting(environment, user.id))
          : 0,
        everyone: changes.length + waitingAll + groups.length,
      };
    },

    /**
     * A transaction's approvals, what each approval needs now and whether this person can give
     * it (else who can), and the record of the account it was sent to.
     */
    async transactionControls(
      user: User,
      ref: TransactionRef,
      api: PartnerApi,
    ): Promise<TransactionControls | { response: UpstreamResponse }> {
      const read = await api.call(transactionOperations[ref.product].get, {
        params: { id: ref.transactionId },
      });
      if (!read.ok) return { response: read.response };
      const t = read.data;
      const [policies, requests, creator, everyone, settings] = await Promise.all([
        store.policies(),
        store.approvalsOf(ref),
        store.originOf(ref),
        approvers(),
        store.settings(),
      ]);
      const actionOf = async (action: TransactionApproval) => {
        const need = requirement(
          policies,
          (
            await inBase(
              ref.environment,
              api,
              policies,
              transactionSubject(action, ref.product, t),
              false,
              settings.baseCurrency,
            )
          ).subject,
        );
        const open = pendingOf(requests, action);
        const state = open ? stateOf(open, creator ?? null) : noRequestYet(creator ?? null);
        return { ...need, ...(await actionState(user, state, need.required, everyone)) };
      };
      return {
        approvals: requests.map((r) => approvalInfo(r, policies)),
        actions: {
          approveQuote: await actionOf('approveQuote'),
          approveDeposit: await actionOf('approveDeposit'),
        },
        recipient: await recipientRecord(ref, api),
        creator: creator ? await personNamed(creator) : null,
        quote: isFinalStatus(t.clientStatus)
          ? null
          : await quoteOf(
              ref.environment,
              ref.product,
              t,
              settings.quoteValidityMinutes * 60_000,
              api,
              'always',
            ),
      };
    },

    /** A payout account's bank-detail changes, with what this person can do about each. */
    async payeeChanges(user: User, environment: Environment, accountId: number) {
      const [policies, everyone, requests] = await Promise.all([
        store.policies(),
        approvers(),
        store.payeeChangesOf(environment, accountId),
      ]);
      const results = [];
      for (const request of requests) {
        const need = requirement(policies, subjectOf(request));
        results.push({
          ...(await payeeChangeInfo(request, policies)),
          ...(await actionState(user, stateOf(request, null), need.required, everyone)),
        });
      }
      return { results };
    },

    /**
     * One approver's decision on a payee change. The account must still have the details the
     * change started from; the last approval needed sends the change to the API, once.
     */
    async decidePayeeChange(
      user: User,
      environment: Environment,
      id: string,
      decision: 'approve' | 'reject',
      reason: string | null,
      api: PartnerApi,
      /** Called just before the change is sent to the API (the audit's `sent` entry). */
      beforeSend?: (accountId: number) => Promise<unknown>,
    ): Promise<
      Refused | { change: PayeeChange; applied?: { status: number; account: PayoutAccount | null } }
    > {
      const request = await store.request(id);
      if (!request || request.kind !== 'payee' || request.environment !== environment)
        return { refused: { status: 404, code: 'NOT_FOUND', detail: 'No such change.' } };
      const policies = await store.policies();
      if (decision === 'approve' && request.status === 'pending') {
        const read = await api.call(operations.getPayoutAccount, {
          params: { id: request.objectId },
        });
        const stale = read.ok
          ? changedBankDetails(request.change!.before, bankDetailsOf(read.data)).length > 0
          : read.status === 404;
        if (!read.ok && !stale)
          return {
            refused: {
              status: 502,
              code: 'UPSTREAM_UNAVAILABLE',
              detail: 'The account could not be read from the API. Try again shortly.',
            },
          };
        if (stale) {
          const why = read.ok
            ? "The account's bank details changed after this change was proposed; propose it again from the account as it is now."
            : 'The account no longer exists.';
          await store.close(id, 'stale', why);
          return { refused: { status: 409, code: 'PAYEE_CHANGE_STALE', detail: why } };
        }
      }
      const decided = await store.decide(id, user, decision, reason);
      const { outcome } = decided;
      if (outcome.kind === 'refused') {
        const closed =
          outcome.refusal === 'APPROVAL_CLOSED' || outcome.refusal === 'APPROVAL_EXPIRED';
        return {
          refused: {
            status: closed ? 409 : 403,
            code: outcome.refusal,
            detail: REFUSAL_TEXT[outcome.refusal].replace('approval', 'change'),
          },
        };
      }
      const after = decided.request!;
      if (outcome.kind !== 'complete') return { change: await payeeChangeInfo(after, policies) };
      await beforeSend?.(after.objectId);
      // The body as it was proposed, checked when it was (payeeUpdateVerdict).
      const proposed = PayoutAccountUpdate.safeParse(
        answerJson({ body: Buffer.from(after.body ?? '{}') }),
      );
      const applied = proposed.success
        ? await api
            .call(
              operations.updatePayoutAccount,
              { params: { id: after.objectId }, body: proposed.data },
              // Kept in the local index once the change is marked approved.
              { idempotencyKey: `payee-change-${after.id}`, keepLater: true },
            )
            .catch(() => undefined)
        : undefined;
      if (!proposed.success) {
        await store.close(id, 'failed', 'The proposed bank details can no longer be read.');
      } else if (applied?.ok) {
        await store.markApproved(id);
        await api.keep(operations.updatePayoutAccount, applied);
      } else if (applied?.final) {
        await store.close(
          id,
          'failed',
          `The API refused it: ${applied.refusal ?? `status ${applied.status}`}`,
        );
      } else {
        if (outcome.fresh) await store.withdrawDecision(id, user.id);
        return {
          refused: {
            status: 502,
            code: 'UPSTREAM_UNAVAILABLE',
            detail: 'The API could not be reached; your approval was not used. Try again shortly.',
          },
        };
      }
      const closed = (await store.request(id))!;
      // The approver is told which open payments keep the old details.
      return {
        change: await payeeChangeInfo(closed, policies, closed.status === 'approved'),
        applied: applied && { status: applied.status, account: applied.ok ? applied.data : null },
      };
    },

    /** Its author takes a pending change back. */
    async withdrawPayeeChange(
      user: User,
      environment: Environment,
      id: string,
    ): Promise<Refused | { change: PayeeChange }> {
      const request = await store.request(id);
      if (!request || request.kind !== 'payee' || request.environment !== environment)
        return { refused: { status: 404, code: 'NOT_FOUND', detail: 'No such change.' } };
      if (request.authorId !== user.id)
        return {
          refused: {
            status: 403,
            code: 'FORBIDDEN_ROLE',
            detail: 'Only whoever proposed a change can withdraw it; an approver can reject it.',
          },
        };
      if (request.status !== 'pending')
        return {
          refused: {
            status: 409,
            code: 'APPROVAL_CLOSED',
            detail: 'This change is already closed.',
          },
        };
      await store.close(id, 'withdrawn', null);
      return {
        change: await payeeChangeInfo((await store.request(id))!, await store.policies()),
      };
    },

    /**
     * An approver rejects the approval a transaction waits for, with the reason. The API cancels
     * the transaction first (with the reason where the product's cancellation takes one); only
     * then is the rejection recorded, closing the approval and telling its creator, in one
     * database transaction. An API that does not answer leaves nothing recorded.
     */
    async rejectTransaction(
      user: User,
      ref: TransactionRef,
      action: TransactionApproval,
      reason: string,
      api: PartnerApi,
    ): Promise<
      | Refused
      | { response: UpstreamResponse }
      | { approval: ApprovalInfo; transaction: Transaction; reasonSent: boolean }
    > {
      const { product, transactionId: id } = ref;
      const read = await api.call(transactionOperations[product].get, { params: { id } });
      if (!read.ok) return { response: read.response };
      const t = read.data;
      if (!transitionFor(product, t, action))
        return {
          refused: {
            status: 409,
            code: 'INVALID_STATE_TRANSITION',
            detail: `Nothing to reject: ${transitionRefusal(product, t, action)}`,
          },
        };
      const subject = transactionSubject(action, product, t);
      const payout = { currency: t.toCurrencySymbol, amount: t.toAmount };
      const deposit = subject.deposit!;
      const opened = await store.openApproval({ ...ref, action, payout, deposit }, null);
      // May this person reject it? Asked before anything is sent; asked again under the lock.
      const policies = await store.policies();
      const creator = (await store.originOf(ref)) ?? null;
      const first = decide(
        stateOf(opened, creator),
        user,
        'reject',
        requirementOf(policies, subject).required,
        now(),
      );
      if (first.kind === 'refused')
        return {
          refused: {
            status: first.refusal === 'FORBIDDEN_ROLE' ? 403 : 409,
            code: first.refusal,
            detail: REFUSAL_TEXT[first.refusal],
          },
        };
      const reasonSent = product !== 'receive';
      const cancel = transactionOperations[product].cancel;
      const answer = await api
        .call(
          cancel,
          reasonSent
            ? { params: { id }, body: { reason: 'OTHER', otherReason: reason } }
            : { params: { id } },
          // The cancelled transaction is kept in the index once the rejection is recorded, so
          // that its creator hears of a rejection, not of a cancel.
          { idempotencyKey: `reject-${opened.id}`, keepLater: true },
        )
        .catch(() => undefined);
      if (!answer || (!answer.ok && !answer.final))
        return {
          refused: {
            status: 502,
            code: 'UPSTREAM_UNAVAILABLE',
            detail:
              'The API could not be reached to cancel the transaction; nothing was rejected. Try again shortly.',
          },
        };
      if (!answer.ok) return { response: answer.response };
      const decided = await store.decide(opened.id, user, 'reject', reason, { payout, deposit });
      await api.keep(cancel, answer);
      const request = decided.request ?? opened;
      return {
        approval: approvalInfo(request, policies),
        transaction: answer.data,
        reasonSent,
      };
    },

    /** The transaction an open approval request is about, to reject it by the request's id. */
    async approvalRef(
      environment: Environment,
      id: string,
    ): Promise<{ ref: TransactionRef; action: TransactionApproval } | undefined> {
      const request = await store.request(id);
      if (!request || request.kind !== 'transaction' || request.environment !== environment)
        return undefined;
      return {
        ref: { environment, product: request.product!, transactionId: request.objectId },
        action: request.action as TransactionApproval,
      };
    },

    /** Problems and warnings about bank details, before they are saved. */
    async payeeCheck(environment: Environment, check: PayeeCheck): Promise<PayeeCheckResult> {
      const details = bankDetailsOf(check);
      const found = await duplicates(environment, details, {
        accountId: check.accountId,
        businessId: check.businessId,
      });
      return {
        problems: payeeCountryProblems(details),
        warnings: found.map(({ field, message, accountId, businessId, merchantName }) => ({
          field,
          message,
          accountId,
          businessId,
          merchantName,
        })),
        fromIban: details.iban ? (fromIban(details.iban) ?? null) : null,
      };
    },
  };
}

export type MoneyControls = ReturnType<typeof moneyControls>;
