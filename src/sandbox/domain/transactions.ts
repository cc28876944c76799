// Transactions of the three products: creation with its checks, the approvals, cancellation,
// the automatic moves (quote, settlement) and the payout confirmation. Each state change and
// its event are written in one database transaction, after the state is read inside it.
import type { z } from 'zod';
import type {
  CancelRequest,
  CollectionCreate,
  PaidRecipient,
  PayoutConfirmation,
  Product,
  Transaction,
  TransactionCreate,
} from '#/api/schemas/transaction';
import { decimalsOf } from '#/api/money';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import type {
  RecipientSnapshot,
  TransactionFilter,
  TransactionRecord,
} from '../store/transactions';
import type { DomainContext } from './context';
import { bankDetails, walletAddress } from './deposit-details';
import { invalidField, notFound, refused } from './errors';
import { recordEvent } from './events';
import { toPage } from './pagination';
import { depositFor, quoteRate, referenceRateOf, toCurrencyDecimals, wireRate } from './pricing';
import { isCompleted } from '#/api/transaction-states';
import { initialStatus, nextStatus, type TransactionAction } from './transaction-states';

export const QUOTE_TASK = 'transaction_quote';
export const SETTLE_TASK = 'transaction_settle';

type CreateInput = z.output<typeof TransactionCreate> | z.output<typeof CollectionCreate>;

/** The record as the API shows it: payouts carry walletDetails, the others bankDetails. */
export function toWire(record: TransactionRecord): Transaction {
  const wire: Transaction = {
    businessRequestId: record.businessRequestId,
    creationTime: record.creationTime,
    lastUpdateTime: record.lastUpdateTime,
    toAmount: record.toAmount,
    fromAmount: record.fromAmount,
    purpose: record.purpose,
    quoteApprovedDate: record.quoteApprovedDate,
    depositApprovedDate: record.depositApprovedDate,
    depositReceivedDate: record.depositReceivedDate,
    depositReceivedAmount: record.depositReceivedAmount,
    payout: record.payout,
    fromCurrencySymbol: record.fromCurrencySymbol,
    toCurrencySymbol: record.toCurrencySymbol,
    fromBusinessId: record.fromBusinessId,
    toBusinessExternalAccountId: record.toBusinessExternalAccountId,
    toBusinessId: record.toBusinessId,
    clientStatus: record.clientStatus,
    payoutStatus: record.payoutStatus,
    cancelReason: record.cancelReason,
  };
  // Extensions (docs/decisions/067): the quote's rate and its reference, once it is quoted.
  if (record.fromAmount !== null) {
    const reference = referenceRateOf(record.fromCurrencySymbol, record.toCurrencySymbol);
    wire.rate = wireRate(record.rate);
    wire.referenceRate = reference === null ? null : wireRate(reference);
  } else {
    wire.rate = null;
    wire.referenceRate = null;
  }
  if (record.product === 'sendc2f') wire.walletDetails = record.walletDetails;
  else wire.bankDetails = record.bankDetails;
  return wire;
}

/** The account's bank details as a transaction made now will pay them (docs/decisions/040). */
export function recipientSnapshot(account: PayoutAccount): RecipientSnapshot {
  return {
    accountId: account.id,
    accountHolderName: account.accountHolderName,
    bankName: account.bankName,
    accountNumber: account.accountNumber ?? null,
    iban: account.iban ?? null,
    swiftCode: account.swiftCode ?? null,
    routingNumber: account.routingNumber ?? null,
    countryIso: account.countryIso,
  };
}

/** Who is paid, as a confirmation or an event tells it: the number down to its last four. */
export function paidRecipient(snapshot: RecipientSnapshot): PaidRecipient {
  const number = snapshot.accountNumber ?? snapshot.iban ?? '';
  return {
    accountHolderName: snapshot.accountHolderName,
    bankName: snapshot.bankName,
    accountNumberLast4: number.slice(-4),
    countryIso: snapshot.countryIso,
  };
}

function load(ctx: DomainContext, partnerId: number, product: Product, id: number) {
  const record = ctx.store.transactions.byId(partnerId, product, id);
  if (!record) throw notFound('Transaction', id);
  return record;
}

export function getTransaction(
  ctx: DomainContext,
  partnerId: number,
  product: Product,
  id: number,
) {
  return toWire(load(ctx, partnerId, product, id));
}

export function listTransactions(
  ctx: DomainContext,
  partnerId: number,
  product: Product,
  filter: TransactionFilter,
  start: number,
  limit: number,
) {
  const rows = ctx.store.transactions.list(partnerId, product, filter, start, limit);
  return toPage(rows.map(toWire), start, limit);
}

export function createTransaction(
  ctx: DomainContext,
  partnerId: number,
  product: Product,
  input: CreateInput,
): Transaction {
  const { store } = ctx;
  const merchant = store.merchants.byId(partnerId, input.fromBusinessId);
  if (!merchant) {
    throw invalidField(
      'fromBusinessId',
      `must be one of your merchants; merchant ${input.fromBusinessId} was not found`,
    );
  }
  if (merchant.kycStatus !== 'VALID') {
    throw invalidField(
      'fromBusinessId',
      `must be a VALID merchant to initiate transactions; merchant ${merchant.id} is ${merchant.kycStatus}`,
      'MERCHANT_NOT_VALID',
    );
  }
  const account = store.payoutAccounts.byId(partnerId, input.toBusinessExternalAccountId);
  if (!account) {
    throw invalidField(
      'toBusinessExternalAccountId',
      `must be one of your payout accounts; payout account ${input.toBusinessExternalAccountId} was not found`,
    );
  }
  if (account.accountStatus !== 'ACTIVE') {
    throw invalidField(
      'toBusinessExternalAccountId',
      `must be an ACTIVE payout account; payout account ${account.id} is ${account.accountStatus}`,
      'PAYOUT_ACCOUNT_NOT_ACTIVE',
    );
  }
  // The payout currency is the account's; pricing checks the pair, the precision and the limits.
  // Only the rate is kept: the deposit is worked out from it when the quote is given.
  const quote = quoteRate(
    product,
    input.fromCurrencySymbol,
    account.currencySymbol,
    input.toAmount,
  );
  const now = ctx.now();
  const due = now + ctx.settings.quoteDelayMs;
  const created = store.write(() => {
    const record = store.transactions.insert(partnerId, {
      product,
      creationTime: now,
      lastUpdateTime: now,
      toAmount: toCurrencyDecimals(input.toAmount, account.currencySymbol),
      fromAmount: null,
      rate: quote.rate,
      purpose: input.purpose,
      quoteApprovedDate: null,
      depositApprovedDate: null,
      depositReceivedDate: null,
      depositReceivedAmount: null,
      payout: null,
      fromCurrencySymbol: quote.fromCurrencySymbol,
      toCurrencySymbol: quote.toCurrencySymbol,
      fromBusinessId: merchant.id,
      toBusinessExternalAccountId: account.id,
      toBusinessId: account.businessId,
      clientStatus: initialStatus(product),
      payoutStatus: 'NONE',
      cancelReason: null,
      otherReason: null,
      walletDetails: null,
      bankDetails: null,
      invoiceUrl: input.invoiceUrl ?? null,
      depositConfirmationUrl:
        'depositConfirmationUrl' in input ? (input.depositConfirmationUrl ?? null) : null,
      completedTime: null,
      recipient: recipientSnapshot(account),
    });
    recordStatusEvent(ctx, partnerId, record);
    if (product !== 'receive') store.tasks.schedule(QUOTE_TASK, record.businessRequestId, due);
    return record;
  });
  if (product !== 'receive') ctx.scheduled(due);
  return toWire(created);
}

function recordStatusEvent(ctx: DomainContext, partnerId: number, record: TransactionRecord) {
  recordEvent(ctx, partnerId, {
    type: 'transaction.status.changed',
    objectType: 'transaction',
    objectId: record.businessRequestId,
    product: record.product,
    // The event says who the transaction pays, as fixed when it was created.
    data: record.recipient
      ? { ...toWire(record), recipient: paidRecipient(record.recipient) }
      : toWire(record),
  });
}

interface ActionDetails {
  depositConfirmationUrl?: string | null | undefined;
  cancel?: z.output<typeof CancelRequest>;
}

/** The quoted deposit amount: what the rate fixed at creation asks for, fees included. */
function quotedAmount(record: TransactionRecord): string {
  return depositFor(record.toAmount, record.rate, decimalsOf(record.fromCurrencySymbol));
}

function withQuoteApproved(record: TransactionRecord, now: number): TransactionRecord {
  const fromAmount = record.fromAmount ?? quotedAmount(record);
  return record.product === 'sendc2f'
    ? {
        ...record,
        fromAmount,
        quoteApprovedDate: now,
        walletDetails: {
          walletAddress: walletAddress(record.fromCurrencySymbol, String(record.businessRequestId)),
        },
      }
    : {
        ...record,
        fromAmount,
        quoteApprovedDate: now,
        bankDetails: bankDetails(record.fromCurrencySymbol, record.businessRequestId),
      };
}

/** The effects of one action on a record, after `nextStatus` allowed it. */
export function applyAction(
  record: TransactionRecord,
  action: TransactionAction,
  status: string,
  now: number,
  details: ActionDetails = {},
): TransactionRecord {
  let next: TransactionRecord = { ...record, clientStatus: status, lastUpdateTime: now };
  switch (action) {
    case 'quote':
      next.fromAmount = quotedAmount(record);
      break;
    case 'approveQuote':
      next = withQuoteApproved(next, now);
      break;
    case 'approveDeposit':
      if (next.quoteApprovedDate === null) next = withQuoteApproved(next, now);
      next.depositApprovedDate = now;
      next.depositReceivedDate = now;
      next.depositReceivedAmount = next.fromAmount;
      next.depositConfirmationUrl = details.depositConfirmationUrl ?? next.depositConfirmationUrl;
      break;
    case 'settle':
      next.payout = next.toAmount;
      next.completedTime = now;
      break;
    case 'cancel':
      next.cancelReason = details.cancel?.reason ?? 'CLIENT_REQUEST';
      next.otherReason = details.cancel?.otherReason ?? null;
      break;
  }
  return next;
}

function perform(
  ctx: DomainContext,
  partnerId: number,
  product: Product,
  id: number,
  action: TransactionAction,
  details: ActionDetails = {},
): Transaction {
  const { store } = ctx;
  let settleAt: number | undefined;
  const saved = store.write(() => {
    // Read inside the write transaction: a concurrent request sees this one's result.
    const record = load(ctx, partnerId, product, id);
    const status = nextStatus(product, record, action);
    const now = ctx.now();
    const updated = store.transactions.save(
      partnerId,
      applyAction(record, action, status, now, details),
    );
    recordStatusEvent(ctx, partnerId, updated);
    if (action === 'approveDeposit') {
      settleAt = now + ctx.settings.settlementDelayMs;
      store.tasks.schedule(SETTLE_TASK, id, settleAt);
    }
    if (action === 'cancel') {
      store.tasks.cancel(QUOTE_TASK, id);
      store.tasks.cancel(SETTLE_TASK, id);
    }
    return updated;
  });
  if (settleAt !== undefined) ctx.scheduled(settleAt);
  return toWire(saved);
}

export const approveQuote = (ctx: DomainContext, partnerId: number, product: Product, id: number) =>
  perform(ctx, partnerId, product, id, 'approveQuote');

export const approveDeposit = (
  ctx: DomainContext,
  partnerId: number,
  product: Product,
  id: number,
  depositConfirmationUrl?: string | null,
) => perform(ctx, partnerId, product, id, 'approveDeposit', { depositConfirmationUrl });

export const cancelTransaction = (
  ctx: DomainContext,
  partnerId: number,
  product: Product,
  id: number,
  cancel: z.output<typeof CancelRequest>,
) => perform(ctx, partnerId, product, id, 'cancel', { cancel });

/** A scheduled move: runs only if the transaction still stands where the move starts. */
function automaticMove(ctx: DomainContext, id: number, action: 'quote' | 'settle') {
  const record = ctx.store.transactions.byIdAnyPartner(id);
  if (!record) return;
  const { partnerId, ...transaction } = record;
  let status: string;
  try {
    status = nextStatus(transaction.product, transaction, action);
  } catch {
    return; // Approved, cancelled or settled meanwhile: nothing to do.
  }
  const updated = ctx.store.transactions.save(
    partnerId,
    applyAction(transaction, action, status, ctx.now()),
  );
  recordStatusEvent(ctx, partnerId, updated);
}

export const quoteTransaction = (ctx: DomainContext, id: number) => automaticMove(ctx, id, 'quote');
export const settleTransaction = (ctx: DomainContext, id: number) =>
  automaticMove(ctx, id, 'settle');

export function getPayoutConfirmation(
  ctx: DomainContext,
  partnerId: number,
  id: number,
): PayoutConfirmation {
  const record = load(ctx, partnerId, 'sendc2f', id);
  if (!isCompleted(record.clientStatus) || record.completedTime === null) {
    throw refused(
      'CONFIRMATION_NOT_AVAILABLE',
      `The confirmation of payout ${id} is available once it is OnOff_COMPLETED; it is ${record.clientStatus}.`,
    );
  }
  const sender = ctx.store.merchants.byId(partnerId, record.fromBusinessId)!;
  // The account as it was paid; a row older than the snapshot rule falls back to it as it is.
  const snapshot =
    record.recipient ??
    recipientSnapshot(
      ctx.store.payoutAccounts.byId(partnerId, record.toBusinessExternalAccountId)!,
    );
  return {
    businessRequestId: record.businessRequestId,
    completedTime: record.completedTime,
    fromAmount: record.fromAmount!,
    fromCurrencySymbol: record.fromCurrencySymbol,
    payout: record.payout!,
    toCurrencySymbol: record.toCurrencySymbol,
    rate: wireRate(record.rate),
    sender: { businessId: sender.id, name: sender.name },
    recipient: paidRecipient(snapshot),
    reference: `PPS-${record.businessRequestId}-${record.completedTime.toString(36).toUpperCase()}`,
  };
}
