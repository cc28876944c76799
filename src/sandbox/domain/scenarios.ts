// Scenarios (docs/decisions/024): a partner's records exported as a file, and a file (or a named
// preset) built again through the same domain functions a real request runs — creation with the
// status simulation, agreements, onboarding, approvals, the automatic moves and cancellation —
// in one write transaction, so that a file that fails halfway leaves nothing behind.
import { withStatusSuffix } from '#/api/simulation';
import type { z } from 'zod';
import type { FieldError } from '#/api/schemas/common';
import { MERCHANT_LIMITS, MerchantUpdate, type KycStatus } from '#/api/schemas/merchant';
import { PayoutAccountUpdate, type AccountStatus } from '#/api/schemas/payout-account';
import {
  SCENARIO_FORMAT,
  SCENARIO_LIMITS,
  type Scenario,
  type ScenarioInput,
  type ScenarioLoaded,
  type ScenarioMerchant,
  type ScenarioPayoutAccount,
  type ScenarioTransaction,
  type SandboxReset,
} from '#/api/schemas/scenario';
import { isCancelled } from '#/api/transaction-states';
import type { CancelRequest, Product } from '#/api/schemas/transaction';
import type { TransactionRecord } from '../store/transactions';
import type { DomainContext } from './context';
import { DomainError, refused, validationProblem } from './errors';
import { acceptAgreements, createMerchant, submitOnboarding, updateMerchant } from './merchants';
import { createPayoutAccount, updatePayoutAccount } from './payout-accounts';
import { nextStatus } from './transaction-states';
import {
  approveDeposit,
  approveQuote,
  cancelTransaction,
  createTransaction,
  QUOTE_TASK,
  quoteTransaction,
  SETTLE_TASK,
  settleTransaction,
} from './transactions';

const MERCHANT_FIELDS = Object.keys(MerchantUpdate.shape) as Array<
  keyof typeof MerchantUpdate.shape
>;
const ACCOUNT_FIELDS = Object.keys(PayoutAccountUpdate.shape) as Array<
  keyof typeof PayoutAccountUpdate.shape
>;

function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]) {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = record[key];
  return picked;
}

/** A value carrying the status simulation's suffix, unless it asks for what creation gives. */
function withStatus(value: string | null | undefined, status: string, plain: string) {
  if (status === plain && !value?.includes('|')) return value ?? null;
  return withStatusSuffix(value, status);
}

// ---------------------------------------------------------------------------------------------
// Export

/** The partner's records as a scenario: refs from the ids, steps from what each went through. */
export function exportScenario(ctx: DomainContext, partnerId: number, name: string): ScenarioInput {
  const { store } = ctx;
  const tooMany = (what: keyof typeof SCENARIO_LIMITS, count: number) => {
    if (count > SCENARIO_LIMITS[what])
      throw refused(
        'VALIDATION_ERROR',
        `A scenario holds at most ${SCENARIO_LIMITS[what]} ${what}; this partner has more. Reset it, or load a smaller scenario, before exporting.`,
      );
  };
  const merchants = store.merchants.every(partnerId, SCENARIO_LIMITS.merchants + 1);
  tooMany('merchants', merchants.length);
  const accounts = store.payoutAccounts.every(partnerId, SCENARIO_LIMITS.payoutAccounts + 1);
  tooMany('payoutAccounts', accounts.length);
  const transactions = store.transactions.every(partnerId, SCENARIO_LIMITS.transactions + 1);
  tooMany('transactions', transactions.length);
  return {
    scenario: SCENARIO_FORMAT,
    name,
    description: `Exported from the sandbox: ${merchants.length} merchants, ${accounts.length} payout accounts and ${transactions.length} transactions.`,
    merchants: merchants.map((m) => ({
      ref: `m${m.id}`,
      owner: m.contactOwnerBusinessId == null ? null : `m${m.contactOwnerBusinessId}`,
      kycStatus: m.kycStatus,
      agreementsAccepted: [...store.agreements.acceptedTimes(m.id).keys()].sort((a, b) => a - b),
      // The stored record holds what the create body held (decision 012: '' reads as null).
      ...(pick(m, MERCHANT_FIELDS) as z.input<typeof MerchantUpdate>),
    })),
    payoutAccounts: accounts.map((a) => ({
      ref: `a${a.id}`,
      merchant: `m${a.businessId}`,
      accountStatus: a.accountStatus,
      currencySymbol: a.currencySymbol,
      ...pick(a, ACCOUNT_FIELDS),
    })),
    transactions: transactions.map((t) => ({
      ref: `t${t.businessRequestId}`,
      product: t.product,
      from: `m${t.fromBusinessId}`,
      to: `a${t.toBusinessExternalAccountId}`,
      fromCurrencySymbol: t.fromCurrencySymbol,
      toAmount: t.toAmount,
      purpose: t.purpose as ScenarioTransaction['purpose'],
      invoiceUrl: t.invoiceUrl,
      depositConfirmationUrl: t.depositConfirmationUrl,
      steps: stepsOf(t),
      cancel: isCancelled(t.clientStatus)
        ? {
            reason: t.cancelReason as NonNullable<ScenarioTransaction['cancel']>['reason'],
            otherReason: t.otherReason,
          }
        : null,
    })),
  };
}

/** What a transaction went through, read from the dates and amounts each move leaves. */
function stepsOf(t: TransactionRecord): ScenarioTransaction['steps'] {
  const steps: ScenarioTransaction['steps'] = [];
  if (t.product !== 'receive' && t.fromAmount !== null) steps.push('quote');
  if (t.quoteApprovedDate !== null) steps.push('approveQuote');
  if (t.depositApprovedDate !== null) steps.push('approveDeposit');
  if (t.completedTime !== null) steps.push('settle');
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Reset

export function resetPartner(ctx: DomainContext, partnerId: number): SandboxReset {
  const { store } = ctx;
  const counts = store.write(() => store.partnerData.deleteAll(partnerId));
  return {
    merchants: counts.merchants + counts.contacts,
    payoutAccounts: counts.payoutAccounts,
    transactions: counts.transactions,
    events: counts.events,
    files: counts.files,
  };
}

// ---------------------------------------------------------------------------------------------
// Load

/** Names a domain error after the place in the file it comes from. */
function at<T>(where: string, ref: string, rename: Record<string, string>, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const errors: FieldError[] = error.errors?.map((e) => ({
      field: `${where}.${rename[e.field] ?? e.field}`,
      message: e.message,
    })) ?? [{ field: where, message: error.detail }];
    const detail = error.errors
      ? errors.map((e) => `${e.field} ${e.message}`).join('; ') + '.'
      : error.detail;
    throw new DomainError(
      error.status === 404 ? 400 : error.status,
      error.code,
      `${where} ("${ref}"): ${detail}`,
      errors,
    );
  }
}

/** Every ref names a record of the right kind listed before it: checked before anything is written. */
function checkRefs(scenario: Scenario): void {
  const errors: FieldError[] = [];
  const seen = (list: Array<{ ref: string }>, name: string) => {
    const refs = new Map<string, number>();
    list.forEach((item, i) => {
      const first = refs.get(item.ref);
      if (first !== undefined)
        errors.push({
          field: `scenario.${name}.${i}.ref`,
          message: `repeats "${item.ref}", the ref of ${name}.${first}`,
        });
      else refs.set(item.ref, i);
    });
    return refs;
  };
  const merchants = seen(scenario.merchants, 'merchants');
  const accounts = seen(scenario.payoutAccounts, 'payoutAccounts');
  seen(scenario.transactions, 'transactions');
  scenario.merchants.forEach((m, i) => {
    if (m.owner == null) return;
    const owner = merchants.get(m.owner);
    if (owner === undefined || owner >= i)
      errors.push({
        field: `scenario.merchants.${i}.owner`,
        message: `must be the ref of a customer listed before it; "${m.owner}" is not`,
      });
    else if (scenario.merchants[owner]!.owner != null)
      errors.push({
        field: `scenario.merchants.${i}.owner`,
        message: `must be a customer; "${m.owner}" is a contact, and a contact cannot own contacts`,
      });
  });
  scenario.payoutAccounts.forEach((a, i) => {
    if (!merchants.has(a.merchant))
      errors.push({
        field: `scenario.payoutAccounts.${i}.merchant`,
        message: `must be the ref of a merchant in the scenario; "${a.merchant}" is not`,
      });
  });
  scenario.transactions.forEach((t, i) => {
    if (!merchants.has(t.from))
      errors.push({
        field: `scenario.transactions.${i}.from`,
        message: `must be the ref of a merchant in the scenario; "${t.from}" is not`,
      });
    if (!accounts.has(t.to))
      errors.push({
        field: `scenario.transactions.${i}.to`,
        message: `must be the ref of a payout account in the scenario; "${t.to}" is not`,
      });
  });
  if (errors.length > 0) throw validationProblem(errors);
}

export interface LoadOptions {
  /** Delete the partner's records first. */
  reset: boolean;
}

/**
 * Builds the scenario's records for the partner. Merchants that send transactions are VALID and
 * accounts paid by one are ACTIVE while the transactions are made (as the API requires); their
 * own statuses are set afterwards, through the same simulation a tester's update uses.
 */
export function loadScenario(
  ctx: DomainContext,
  partnerId: number,
  scenario: Scenario,
  options: LoadOptions,
): ScenarioLoaded {
  checkRefs(scenario);
  const { store } = ctx;
  return store.write(() => {
    if (options.reset) store.partnerData.deleteAll(partnerId);
    const senders = new Set(scenario.transactions.map((t) => t.from));
    const paid = new Set(scenario.transactions.map((t) => t.to));
    const merchantIds = new Map<string, number>();
    const accountIds = new Map<string, number>();

    scenario.merchants.forEach((m, i) =>
      merchantIds.set(
        m.ref,
        at(`scenario.merchants.${i}`, m.ref, MERCHANT_RENAMES, () =>
          loadMerchant(ctx, partnerId, m, senders.has(m.ref), merchantIds),
        ),
      ),
    );
    scenario.payoutAccounts.forEach((a, i) =>
      accountIds.set(
        a.ref,
        at(`scenario.payoutAccounts.${i}`, a.ref, ACCOUNT_RENAMES, () =>
          loadAccount(ctx, partnerId, a, paid.has(a.ref), merchantIds),
        ),
      ),
    );
    const transactions = scenario.transactions.map((t, i) =>
      loadTransaction(ctx, partnerId, t, `scenario.transactions.${i}`, merchantIds, accountIds),
    );
    // The statuses that had to wait for the transactions.
    scenario.merchants.forEach((m, i) => {
      if (senders.has(m.ref) && m.kycStatus !== 'VALID')
        at(`scenario.merchants.${i}`, m.ref, MERCHANT_RENAMES, () =>
          updateMerchant(ctx, partnerId, merchantIds.get(m.ref)!, {
            ...pick(m, MERCHANT_FIELDS),
            localRegNumber: withStatusSuffix(m.localRegNumber, m.kycStatus),
          }),
        );
    });
    scenario.payoutAccounts.forEach((a, i) => {
      if (paid.has(a.ref) && a.accountStatus !== 'ACTIVE')
        at(`scenario.payoutAccounts.${i}`, a.ref, ACCOUNT_RENAMES, () =>
          updatePayoutAccount(ctx, partnerId, accountIds.get(a.ref)!, {
            ...pick(a, ACCOUNT_FIELDS),
            accountNumber: withStatusSuffix(a.accountNumber, a.accountStatus),
          }),
        );
    });
    return {
      name: scenario.name ?? null,
      reset: options.reset,
      merchants: scenario.merchants.map((m) => ({
        ref: m.ref,
        id: merchantIds.get(m.ref)!,
        label: store.merchants.byId(partnerId, merchantIds.get(m.ref)!)!.name,
      })),
      payoutAccounts: scenario.payoutAccounts.map((a) => ({
        ref: a.ref,
        id: accountIds.get(a.ref)!,
        label: `${a.currencySymbol} account of ${a.accountHolderName}`,
      })),
      transactions,
    };
  });
}

/**
 * A scenario never makes a second merchant of a name the partner has already (a preset loaded
 * into the demo data, or twice): the first free "Name (2)", "Name (3)"… is used instead, so that
 * lists and pickers tell them apart (docs/decisions/031).
 */
function freeName(ctx: DomainContext, partnerId: number, name: string): string {
  const taken = ctx.store.merchants.namesLike(partnerId, name);
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, MERCHANT_LIMITS.name - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const MERCHANT_RENAMES = { contactOwnerBusinessId: 'owner', agreementIds: 'agreementsAccepted' };
const ACCOUNT_RENAMES = { businessId: 'merchant' };
const TRANSACTION_RENAMES = { fromBusinessId: 'from', toBusinessExternalAccountId: 'to' };

function loadMerchant(
  ctx: DomainContext,
  partnerId: number,
  m: ScenarioMerchant,
  sends: boolean,
  ids: Map<string, number>,
): number {
  // Under review means onboarding was submitted: it is, below, unless transactions need VALID.
  const first: KycStatus = sends
    ? 'VALID'
    : m.kycStatus === 'UNDER_REVIEW'
      ? 'PENDING'
      : m.kycStatus;
  const merchant = createMerchant(ctx, partnerId, {
    ...pick(m, MERCHANT_FIELDS),
    name: freeName(ctx, partnerId, m.name),
    localRegNumber: withStatus(m.localRegNumber, first, 'PENDING'),
    contactOwnerBusinessId: m.owner == null ? null : ids.get(m.owner)!,
  });
  if (m.agreementsAccepted.length > 0)
    acceptAgreements(ctx, partnerId, merchant.id, m.agreementsAccepted, '');
  if (!sends && m.kycStatus === 'UNDER_REVIEW') submitOnboarding(ctx, partnerId, merchant.id);
  return merchant.id;
}

function loadAccount(
  ctx: DomainContext,
  partnerId: number,
  a: ScenarioPayoutAccount,
  paid: boolean,
  merchantIds: Map<string, number>,
): number {
  const first: AccountStatus = paid ? 'ACTIVE' : a.accountStatus;
  return createPayoutAccount(ctx, partnerId, {
    ...pick(a, ACCOUNT_FIELDS),
    accountNumber: withStatus(a.accountNumber, first, 'PENDING'),
    businessId: merchantIds.get(a.merchant)!,
    currencySymbol: a.currencySymbol,
  }).id;
}

function loadTransaction(
  ctx: DomainContext,
  partnerId: number,
  t: ScenarioTransaction,
  where: string,
  merchantIds: Map<string, number>,
  accountIds: Map<string, number>,
): ScenarioLoaded['transactions'][number] {
  const { product } = t;
  const id = at(where, t.ref, TRANSACTION_RENAMES, () =>
    createTransaction(ctx, partnerId, product, {
      fromBusinessId: merchantIds.get(t.from)!,
      toBusinessExternalAccountId: accountIds.get(t.to)!,
      fromCurrencySymbol: t.fromCurrencySymbol,
      toAmount: t.toAmount,
      purpose: t.purpose,
      invoiceUrl: t.invoiceUrl,
      ...(product === 'receive' ? {} : { depositConfirmationUrl: t.depositConfirmationUrl }),
    }),
  ).businessRequestId;
  walkTransaction(ctx, partnerId, product, id, t.steps, {
    depositConfirmationUrl: t.depositConfirmationUrl,
    cancel: t.cancel,
    around: (label, work) => at(`${where}.${label}`, t.ref, {}, work),
  });
  const record = ctx.store.transactions.byId(partnerId, product, id)!;
  return {
    ref: t.ref,
    id,
    product,
    clientStatus: record.clientStatus,
    label: `${record.toAmount} ${record.toCurrencySymbol}`,
  };
}

type Step = ScenarioTransaction['steps'][number];

/**
 * Takes a created transaction through its moves in order, then cancels it if asked: the
 * automatic moves as the scheduler does them (the task goes, its handler runs), the others
 * through the operations. A move its state does not allow is refused as the API refuses it.
 * `around` wraps each step (`steps.K`, then `cancel`); `after` runs after each one (the demo
 * data's clock).
 */
export function walkTransaction(
  ctx: DomainContext,
  partnerId: number,
  product: Product,
  id: number,
  steps: readonly Step[],
  options: {
    depositConfirmationUrl?: string | null | undefined;
    cancel?: z.output<typeof CancelRequest> | null | undefined;
    around?: <T>(label: string, work: () => T) => T;
    after?: (step: Step | 'cancel') => void;
  } = {},
): void {
  const around = options.around ?? (<T>(_label: string, work: () => T) => work());
  const automatic = (action: 'quote' | 'settle') => {
    nextStatus(product, ctx.store.transactions.byId(partnerId, product, id)!, action);
    ctx.store.tasks.cancel(action === 'quote' ? QUOTE_TASK : SETTLE_TASK, id);
    if (action === 'quote') quoteTransaction(ctx, id);
    else settleTransaction(ctx, id);
  };
  steps.forEach((step, k) => {
    around(`steps.${k}`, () => {
      if (step === 'quote' || step === 'settle') automatic(step);
      else if (step === 'approveQuote') approveQuote(ctx, partnerId, product, id);
      else approveDeposit(ctx, partnerId, product, id, options.depositConfirmationUrl ?? null);
    });
    options.after?.(step);
  });
  const { cancel } = options;
  if (cancel) {
    around('cancel', () => cancelTransaction(ctx, partnerId, product, id, cancel));
    options.after?.('cancel');
  }
}
