// Prices and transactions of the three products: payout (sendc2f), end to end (sendf2f) and
// collections (receive). They share one transaction shape.
import { z } from 'zod';
import { invalid } from '../validation-words';
import { R } from '../record-validation-words';
import {
  HttpUrl,
  Id,
  IdParam,
  integerParam,
  Money,
  MoneyInput,
  oneOf,
  optionalText,
  PageQuery,
  requiredText,
  Timestamp,
} from './common';
import { PRODUCTS } from '../products';
import { CLIENT_STATUSES, ONOFF_STATUSES, PURPOSES, RECEIVE_STATUSES } from '../list-choices';

export { CLIENT_STATUSES, ONOFF_STATUSES, PRODUCTS, PURPOSES, RECEIVE_STATUSES };

export const Product = z.enum(PRODUCTS);
export type Product = z.infer<typeof Product>;

export const Purpose = oneOf(PURPOSES);
export type Purpose = z.infer<typeof Purpose>;

export const CANCEL_REASONS = [
  'WRONG_PAYMENT_AMOUNT',
  'WRONG_RECIPIENT',
  'DUPLICATE',
  'CLIENT_REQUEST',
  'OTHER',
] as const;
export const CancelReason = oneOf(CANCEL_REASONS);
export type CancelReason = z.infer<typeof CancelReason>;

const CurrencySymbolInput = requiredText(20, { type: invalid(R.currencySymbol) });

export const PriceRequest = z
  .object({
    fromCurrencySymbol: CurrencySymbolInput.meta({ description: 'Currency the client deposits.' }),
    toCurrencySymbol: CurrencySymbolInput.meta({ description: 'Payout currency.' }),
    toAmount: MoneyInput.meta({ description: 'Payout amount.' }),
  })
  .meta({ id: 'PriceRequest' });
export type PriceRequest = z.input<typeof PriceRequest>;

export const Price = z
  .object({
    fromCurrencySymbol: z.string(),
    toCurrencySymbol: z.string(),
    rate: z.number().meta({ description: 'Payout units per deposit unit, fees included.' }),
    amount: Money.meta({ description: 'Deposit amount, fees included.' }),
    referenceRate: z.number().optional().meta({
      description:
        'Sandbox extension: the reference rate before the product’s fee, so that the fee shows as a markup. The specification does not have it; the dashboard shows the markup only when it is sent.',
    }),
  })
  .meta({ id: 'Price' });
export type Price = z.infer<typeof Price>;

const transactionCreateFields = {
  fromBusinessId: Id,
  toBusinessExternalAccountId: Id,
  fromCurrencySymbol: CurrencySymbolInput,
  toAmount: MoneyInput,
  purpose: Purpose,
  invoiceUrl: HttpUrl.nullish(),
};

/** Body of `POST /v1/sendc2f/` and `POST /v1/sendf2f/`. */
export const TransactionCreate = z
  .object({ ...transactionCreateFields, depositConfirmationUrl: HttpUrl.nullish() })
  .meta({ id: 'TransactionCreate' });
export type TransactionCreate = z.input<typeof TransactionCreate>;

/** Body of `POST /v1/receive/`: no deposit confirmation at creation. */
export const CollectionCreate = z.object(transactionCreateFields).meta({ id: 'CollectionCreate' });
export type CollectionCreate = z.input<typeof CollectionCreate>;

export const CancelRequest = z
  .object({
    reason: CancelReason.nullish(),
    otherReason: optionalText(500),
  })
  .refine((body) => body.reason !== 'OTHER' || Boolean(body.otherReason), {
    error: invalid(R.requiredForOther),
    path: ['otherReason'],
  })
  .meta({
    id: 'CancelRequest',
    // The refinement above, in JSON Schema's words.
    if: { properties: { reason: { const: 'OTHER' } }, required: ['reason'] },
    then: { required: ['otherReason'], properties: { otherReason: { minLength: 1 } } },
  });
export type CancelRequest = z.input<typeof CancelRequest>;

/** Body of end to end `approveDeposit`: the confirmation is optional. */
export const DepositApproval = z
  .object({ depositConfirmationUrl: HttpUrl.nullish() })
  .meta({ id: 'DepositApproval' });
export type DepositApproval = z.input<typeof DepositApproval>;

/** Body of collections `approveDeposit`: the confirmation of the client's bank deposit. */
export const CollectionDepositApproval = z
  .object({ depositConfirmationUrl: HttpUrl })
  .meta({ id: 'CollectionDepositApproval' });
export type CollectionDepositApproval = z.input<typeof CollectionDepositApproval>;

export const WalletDetails = z.object({ walletAddress: z.string() }).meta({ id: 'WalletDetails' });
export const BankDetails = z
  .object({
    bankName: z.string(),
    accountNumber: z.string(),
    reference: z.string(),
    bankAddress: z.string(),
    nameOnAccount: z.string(),
    swiftCode: z.string().optional().meta({
      description:
        'Sandbox extension: the BIC (SWIFT code) of the bank to deposit to, for a transfer from abroad. The specification does not have it.',
    }),
    routingNumber: z.string().optional().meta({
      description:
        'Sandbox extension: the ABA routing number, for a USD deposit from within the United States. The specification does not have it.',
    }),
  })
  .meta({ id: 'BankDetails' });
export type WalletDetails = z.infer<typeof WalletDetails>;
export type BankDetails = z.infer<typeof BankDetails>;

export const Transaction = z
  .object({
    businessRequestId: Id,
    creationTime: Timestamp,
    lastUpdateTime: Timestamp,
    toAmount: Money,
    fromAmount: Money.nullable(),
    purpose: z.string(),
    quoteApprovedDate: Timestamp.nullable(),
    depositApprovedDate: Timestamp.nullable(),
    depositReceivedDate: Timestamp.nullable(),
    depositReceivedAmount: Money.nullable(),
    payout: Money.nullable(),
    fromCurrencySymbol: z.string(),
    toCurrencySymbol: z.string(),
    fromBusinessId: Id,
    toBusinessExternalAccountId: Id,
    toBusinessId: Id,
    // Kept as open strings: the specification does not list every value, and a dashboard
    // pointed at the live service must not break on one it has not seen.
    clientStatus: z.string().meta({ description: `Known values: ${CLIENT_STATUSES.join(', ')}.` }),
    payoutStatus: z.string().optional(),
    cancelReason: z.string().nullish(),
    walletDetails: WalletDetails.nullish(),
    bankDetails: BankDetails.nullish(),
    rate: z.number().nullish().meta({
      description:
        'Sandbox extension: the rate the quote gives, payout units per deposit unit, fees included; null until the transaction is quoted. The specification gives a rate only with a price; the dashboard works the rate out from the two amounts where it is not sent.',
    }),
    referenceRate: z.number().nullish().meta({
      description:
        'Sandbox extension: the reference rate before the product’s fee, so that the fee shows as money and as a markup; null until the transaction is quoted. The dashboard shows the fee only when it is sent.',
    }),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof Transaction>;

/**
 * What the sandbox sends for each product, as its document states it (docs/decisions/039): the
 * product's statuses as an enum, and every field it always sends required. Clients of the live
 * service keep reading with the open `Transaction` above; these are what a generated client
 * types and what the contract tests hold the sandbox's answers to.
 */
const sentFields = (statuses: readonly [string, ...string[]]) => ({
  payoutStatus: z.string(),
  cancelReason: z.string().nullable(),
  clientStatus: z.enum(statuses).meta({ description: 'Where the transaction stands.' }),
});
const depositDetails = <T extends z.ZodType>(details: T, description: string) =>
  details.nullable().meta({ description });
const SEND_DEPOSIT = 'Where to send the deposit, once the quote is approved.';
export const CryptoPayout = Transaction.omit({ bankDetails: true })
  .extend({
    ...sentFields(ONOFF_STATUSES),
    walletDetails: depositDetails(WalletDetails, SEND_DEPOSIT),
  })
  .meta({ id: 'CryptoPayout' });
export const EndToEndTransfer = Transaction.omit({ walletDetails: true })
  .extend({ ...sentFields(ONOFF_STATUSES), bankDetails: depositDetails(BankDetails, SEND_DEPOSIT) })
  .meta({ id: 'EndToEndTransfer' });
export const Collection = Transaction.omit({ walletDetails: true })
  .extend({
    ...sentFields(RECEIVE_STATUSES),
    bankDetails: depositDetails(
      BankDetails,
      'Where the client sends the deposit, once the quote is approved.',
    ),
  })
  .meta({ id: 'Collection' });
export const SENT_TRANSACTION: Record<Product, z.ZodType> = {
  sendc2f: CryptoPayout,
  sendf2f: EndToEndTransfer,
  receive: Collection,
};

export const TransactionListQuery = PageQuery.extend({
  businessId: IdParam.optional(),
  fromDate: integerParam({ min: 0, label: 'a timestamp in milliseconds' }).optional(),
  toDate: integerParam({ min: 0, label: 'a timestamp in milliseconds' }).optional(),
}).refine((q) => q.fromDate === undefined || q.toDate === undefined || q.fromDate <= q.toDate, {
  error: invalid(R.notAfterToDate),
  path: ['fromDate'],
});
export type TransactionListQuery = z.input<typeof TransactionListQuery>;

/**
 * Who a transaction pays, as the payout account was when the transaction was created: later
 * changes of the account's bank details do not reach a payment already made (docs/decisions/040).
 */
export const PaidRecipient = z
  .object({
    accountHolderName: z.string(),
    bankName: z.string(),
    accountNumberLast4: z.string(),
    countryIso: z.string(),
  })
  .meta({ id: 'PaidRecipient' });
export type PaidRecipient = z.infer<typeof PaidRecipient>;

export const PayoutConfirmation = z
  .object({
    businessRequestId: Id,
    completedTime: Timestamp,
    fromAmount: Money,
    fromCurrencySymbol: z.string(),
    payout: Money,
    toCurrencySymbol: z.string(),
    rate: z.number(),
    sender: z.object({ businessId: Id, name: z.string() }),
    recipient: PaidRecipient,
    reference: z.string(),
  })
  .meta({ id: 'PayoutConfirmation' });
export type PayoutConfirmation = z.infer<typeof PayoutConfirmation>;
