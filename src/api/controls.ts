// Money controls (docs/decisions/025): approval policies, approval requests, pending changes of
// payees' bank details, the approvals inbox, and the record of what each payment went to. The
// schemas of the dashboard server's /api/controls endpoints, declared once for server and SPA.
import { z } from 'zod';
import { endpoints, STATUS } from './endpoints';
import { normalizeAmount } from './money';
import { unreadableAmount } from './amount-words';
import { operations, TRANSACTION_OPERATION_OF } from './operations';
import { BANK_DETAIL_FIELDS, OTHER_ACCOUNT_FIELDS } from './payee';
import { WORKSPACE_ROLES } from './roles';
import {
  FieldError,
  Id,
  IdParam,
  integerParam,
  oneOf,
  requiredText,
  TextIdParams,
  Timestamp,
  toldText,
  wholeNumber,
} from './schemas/common';
import { englishOf, type Words } from '#/i18n/words';
import { PayoutAccount } from './schemas/payout-account';
import { PRODUCTS, Product, Transaction } from './schemas/transaction';
import { invalid, V } from './validation-words';
import { CW } from './contract-words';

/** What a policy can ask more approvers for (a bulk payout file: docs/decisions/034). */
export const CONTROLLED_ACTIONS = [
  'approveQuote',
  'approveDeposit',
  'changeBankDetails',
  'approveBatch',
] as const;
export const ControlledAction = oneOf(CONTROLLED_ACTIONS);
export type ControlledAction = z.infer<typeof ControlledAction>;
export const TRANSACTION_ACTIONS = ['approveQuote', 'approveDeposit'] as const;
export type TransactionApproval = (typeof TRANSACTION_ACTIONS)[number];
export const isTransactionApproval = (name: string): name is TransactionApproval =>
  (TRANSACTION_ACTIONS as readonly string[]).includes(name);

/** Each controlled action's name, in the reader's language where it shows (decision 091). */
export const ACTION_WORDS: Record<ControlledAction, Words> = {
  approveQuote: /*i18n*/ { id: 'action.approveQuote', message: 'Quote approval' },
  approveDeposit: /*i18n*/ { id: 'action.approveDeposit', message: 'Deposit approval' },
  changeBankDetails: /*i18n*/ { id: 'action.changeBankDetails', message: 'Bank-detail change' },
  approveBatch: /*i18n*/ { id: 'action.approveBatch', message: 'Bulk payout approval' },
};
/** The same in English: the audit trail's and the policies' summaries in English. */
export const ACTION_LABEL = englishOf(ACTION_WORDS);

/** Which of a transaction's two amounts a policy's threshold is measured on. */
export const AMOUNT_SIDES = ['payout', 'deposit'] as const;
export const AmountSide = oneOf(AMOUNT_SIDES);
export type AmountSide = z.infer<typeof AmountSide>;

export const ANY = '*';
export const PolicyProduct = oneOf([ANY, ...PRODUCTS]);

/** An amount as a person types it: thousands may be grouped ("5,000"); sent on as "5000". */
export const TypedAmount = z
  .string({ error: invalid(CW.typedAmount) })
  .max(40, { error: invalid(V.amountTooLong) })
  .transform((typed, ctx) => {
    const read = normalizeAmount(typed);
    if ('amount' in read) return read.amount;
    ctx.issues.push({ code: 'custom', message: unreadableAmount(read.reason, '.'), input: typed });
    return z.NEVER;
  })
  .meta({
    description:
      'A decimal amount; thousands may be grouped with one kind of mark: 5000, 12,500.50',
    // Digits, or groups of three after one to three with the same mark throughout (\\3).
    pattern:
      "^\\s*(\\d+|\\d{1,3}(([,\\u0020\\u00a0\\u2009\\u202f'’])\\d{3})(\\3\\d{3})*)(\\.\\d+)?\\s*$",
  });

/** A currency symbol as typed ("eur"), or * for any; the server finds it in the currency list. */
const CurrencyChoice = requiredText(20, {
  type: 'must be a currency from the currency list, or * for any',
  empty: 'is required: a currency, or * for any',
});

export const PolicyCreate = z
  .object({
    action: ControlledAction,
    product: PolicyProduct.default(ANY),
    currency: CurrencyChoice.default(ANY),
    amountSide: AmountSide.default('payout'),
    minAmount: TypedAmount.default('0'),
    approvers: wholeNumber(1, 3),
    /**
     * The amount is in the workspace's base currency and the policy applies to every currency,
     * each converted at the rate the API quotes when someone decides (docs/decisions/042).
     */
    inBase: z.boolean({ error: invalid(V.trueOrFalse) }).default(false),
  })
  .superRefine((policy, ctx) => {
    if (policy.inBase && policy.action !== 'changeBankDetails' && policy.currency !== ANY)
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message:
          'must be * (every currency) when the amount is in the base currency: each currency is converted to it',
      });
    if (policy.action !== 'changeBankDetails') return;
    if (policy.inBase)
      ctx.addIssue({
        code: 'custom',
        path: ['inBase'],
        message: invalid(CW.payeeNoAmount),
      });
    // A change of bank details has no product and no amount: only its account's currency.
    const none = (path: string, applies: boolean) => {
      if (applies)
        ctx.addIssue({
          code: 'custom',
          path: [path],
          message: invalid(CW.notForPayee),
        });
    };
    none('product', policy.product !== ANY);
    none('amountSide', policy.amountSide !== 'payout');
    none('minAmount', !/^0+(\.0+)?$/.test(policy.minAmount));
  });
export type PolicyCreate = z.input<typeof PolicyCreate>;

export const Policy = z.object({
  id: z.string(),
  action: ControlledAction,
  product: PolicyProduct,
  /** A symbol exactly as the currency list spells it, or * for any. */
  currency: z.string(),
  amountSide: AmountSide,
  /** From this amount (a plain decimal, in `currency` on `amountSide`) the policy applies. */
  minAmount: z.string(),
  approvers: z.int(),
  /** `minAmount` is in the workspace's base currency; the policy applies to every currency. */
  inBase: z.boolean(),
  createdAt: Timestamp,
  createdBy: z.string().nullable(),
});
export type Policy = z.infer<typeof Policy>;

/**
 * The workspace's approval settings (docs/decisions/041, 042): how long a quote the API gave may
 * be approved, how often releasing money asks again for the second factor, and the base currency
 * of base-currency policies.
 */
/** Where a mail's approval link leads: a page of its own, outside the app (docs/decisions/087). */
export const APPROVAL_LINK_PATH = '/approve';

export const APPROVAL_SETTING_DEFAULTS = {
  quoteValidityMinutes: 24 * 60,
  stepUpMinutes: 5,
  baseCurrency: 'EUR',
  remindAfterHours: 4,
  escalateAfterHours: 24,
  expireAfterDays: 7,
  linkMinutes: 15,
};
export const ApprovalSettings = z
  .object({
    /** From 5 minutes to a week. */
    quoteValidityMinutes: wholeNumber(5, 10080, 'minutes'),
    stepUpMinutes: wholeNumber(1, 60, 'minutes'),
    baseCurrency: requiredText(20, {
      type: 'must be a payout currency of the currency list',
      empty: 'is required: a payout currency of the currency list',
    }),
    /**
     * An approval untouched this long reminds its approvers once; this long, the admins are told;
     * this long, it is closed as expired and its transaction cancelled (docs/decisions/086).
     */
    remindAfterHours: wholeNumber(1, 72, 'hours').default(4),
    escalateAfterHours: wholeNumber(2, 168, 'hours').default(24),
    expireAfterDays: wholeNumber(1, 30, 'days').default(7),
    /** A link in a mail decides its approval within this long (docs/decisions/087). */
    linkMinutes: wholeNumber(1, 60, 'minutes').default(15),
  })
  .superRefine((s, context) => {
    if (s.escalateAfterHours <= s.remindAfterHours)
      context.addIssue({
        code: 'custom',
        path: ['escalateAfterHours'],
        message: invalid(CW.afterReminder, { hours: s.remindAfterHours }),
      });
    if (s.expireAfterDays * 24 <= s.escalateAfterHours)
      context.addIssue({
        code: 'custom',
        path: ['expireAfterDays'],
        message: invalid(CW.afterEscalation, { hours: s.escalateAfterHours }),
      });
  });
export type ApprovalSettings = z.infer<typeof ApprovalSettings>;

/** An amount converted into the base currency for a decision, at the rate the API quoted. */
export const ConversionRecord = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  amount: z.string(),
  value: z.string(),
});

export const Decision = z.object({
  userId: z.string(),
  userName: z.string(),
  decision: z.enum(['approve', 'reject']),
  reason: z.string().nullable(),
  at: Timestamp,
  /** The conversions base-currency policies judged this decision by (none: none applied). */
  conversions: z.array(ConversionRecord).default([]),
  /** Given by a delegate for someone away: whom for ("Ana on behalf of Bruno"). */
  forUserId: z.string().nullable().default(null),
  forUserName: z.string().nullable().default(null),
});
export type Decision = z.infer<typeof Decision>;

export const REQUEST_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'expired',
  'withdrawn',
  'stale',
  'failed',
] as const;
export const RequestStatus = z.enum(REQUEST_STATUSES);

/** An approval of a transaction's quote or deposit, collecting its approvers. */
export const ApprovalInfo = z.object({
  id: z.string(),
  product: Product,
  transactionId: z.int(),
  action: z.enum(TRANSACTION_ACTIONS),
  /** The payout: currency and amount. */
  currency: z.string(),
  amount: z.string(),
  depositCurrency: z.string().nullable(),
  depositAmount: z.string().nullable(),
  /** Approvers the policies ask for now (a policy change applies to what is not approved yet). */
  required: z.int(),
  status: RequestStatus,
  createdAt: Timestamp,
  expiresAt: Timestamp,
  closedAt: Timestamp.nullable(),
  rejectReason: toldText().nullable(),
  decisions: z.array(Decision),
});
export type ApprovalInfo = z.infer<typeof ApprovalInfo>;

const detail = z.string().nullable();
export const BankDetails = z.object(
  Object.fromEntries(BANK_DETAIL_FIELDS.map((field) => [field, detail])) as Record<
    (typeof BANK_DETAIL_FIELDS)[number],
    typeof detail
  >,
);
export type BankDetails = z.infer<typeof BankDetails>;

/**
 * A transaction to a payout account that is not final yet. It pays the account's details as they
 * were when it was created, whatever change is approved later (docs/decisions/040).
 */
export const OpenPayment = z.object({
  product: Product,
  transactionId: z.int(),
  clientStatus: z.string(),
  amount: z.string(),
  currency: z.string(),
  createdAt: Timestamp,
});
export type OpenPayment = z.infer<typeof OpenPayment>;

/** A change of an ACTIVE payout account's bank details, held until someone else approves it. */
export const PayeeChange = z.object({
  id: z.string(),
  accountId: z.int(),
  businessId: z.int(),
  currency: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  status: RequestStatus,
  createdAt: Timestamp,
  expiresAt: Timestamp,
  closedAt: Timestamp.nullable(),
  /** Why it was rejected, or why it could not be applied. */
  reason: toldText().nullable(),
  before: BankDetails,
  after: BankDetails,
  changed: z.array(z.enum(BANK_DETAIL_FIELDS)),
  /**
   * The other fields the same update changes (the bank's name, its address), from what to what;
   * empty for a change proposed before they were recorded.
   */
  alsoChanged: z.array(
    z.object({
      field: z.enum(OTHER_ACCOUNT_FIELDS),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  /** What the approver should know: the new number belongs to another merchant's account. */
  warnings: z.array(toldText()),
  required: z.int(),
  decisions: z.array(Decision),
  /**
   * While it waits, and in the answer to the approval that applies it: the account's open
   * transactions, which keep the details they were created with.
   */
  openPayments: z.array(OpenPayment),
});
export type PayeeChange = z.infer<typeof PayeeChange>;

/** Whether the signed-in person can decide something now; if not, why, and who can. */
export const ActionState = z.object({
  canAct: z.boolean(),
  why: toldText().nullable(),
  whoCan: z.array(z.string()),
  /**
   * The person decides it as a delegate, for this approver who is away (docs/decisions/088):
   * "for Bruno Approver, away"; null when they decide for themselves.
   */
  standingInFor: z.string().nullable().default(null),
});
export type ActionState = z.infer<typeof ActionState>;

/** What an action needs under the policies: the number of approvers and the policy that says so. */
export const Requirement = z.object({
  required: z.int(),
  policy: Policy.nullable(),
});
export type Requirement = z.infer<typeof Requirement>;

/** Who a payment pays, in words an approver checks: name, bank, masked number. */
const PayeeNamed = z.object({
  accountId: z.int(),
  accountHolderName: z.string().nullable(),
  bankName: z.string().nullable(),
  /** The IBAN or account number, masked: "DE89 •••• 3000". */
  number: z.string(),
  countryIso: z.string().nullable(),
  /** No other payment to this account has completed. */
  firstPayment: z.boolean(),
});

/**
 * The payout account a payment goes to: as it was when the dashboard created the payment, or,
 * for one made elsewhere (an integration, a seed), as the account reads now.
 */
export const RecipientRecord = PayeeNamed.extend({
  swiftCode: z.string().nullable(),
  currency: z.string(),
  /**
   * True: kept when the dashboard created the payment (`recordedAt`). False: the payment was made
   * elsewhere, so this is the account as read at `recordedAt`, just now.
   */
  recorded: z.boolean(),
  recordedAt: Timestamp,
  /** The account's bank details are no longer these (null: the account could not be read). */
  changedSince: z.boolean().nullable(),
  /** The account's number now, masked, when it changed. */
  numberNow: z.string().nullable(),
});
export type RecipientRecord = z.infer<typeof RecipientRecord>;

/**
 * What a quote approval approves (docs/decisions/041): the deposit for the payout and the rate,
 * when the API gave it and until when it may be approved, and the markup against a reference
 * rate where the API gives one.
 */
export const QuoteInfo = z.object({
  /** `api`: the API has given the deposit; `priceNow`: not yet, today's price stands in. */
  source: z.enum(['api', 'priceNow']),
  depositAmount: z.string().nullable(),
  /** Payout units per deposit unit, fees included: the API's number as it gave it (decision 067). */
  rate: z.string().nullable(),
  /** The API gave this rate; otherwise it is the payout divided by the deposit. */
  rateGiven: z.boolean(),
  /** The fee the rate includes, as money in the deposit currency, where a reference rate is known. */
  fee: z.string().nullable(),
  quotedAt: Timestamp.nullable(),
  /** After this the quote is not approved: it is quoted again. Null: no limit applies. */
  expiresAt: Timestamp.nullable(),
  expired: z.boolean(),
  referenceRate: z.string().nullable(),
  /** How far the rate is below the reference rate, in percent ("1.00"). */
  markupPercent: z.string().nullable(),
});
export type QuoteInfo = z.infer<typeof QuoteInfo>;

/** Who a payment pays, as the approval dialog names them. */
export const PayeeInfo = PayeeNamed.extend({
  /** As recorded when the payment was created (else the account as last seen). */
  recorded: z.boolean(),
});
export type PayeeInfo = z.infer<typeof PayeeInfo>;

export const TransactionControls = z.object({
  approvals: z.array(ApprovalInfo),
  actions: z.object({
    approveQuote: ActionState.extend(Requirement.shape),
    approveDeposit: ActionState.extend(Requirement.shape),
  }),
  recipient: RecipientRecord.nullable(),
  /** Who created it through the dashboard (they never approve it); null when made elsewhere. */
  creator: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The quote while the transaction is not final. */
  quote: QuoteInfo.nullable(),
});
export type TransactionControls = z.infer<typeof TransactionControls>;

/** A transaction waiting for its quote or deposit approval. */
export const InboxTransaction = z.object({
  kind: z.literal('transaction'),
  product: Product,
  transactionId: z.int(),
  action: z.enum(TRANSACTION_ACTIONS),
  payoutAmount: z.string(),
  payoutCurrency: z.string(),
  depositAmount: z.string().nullable(),
  depositCurrency: z.string(),
  merchantName: z.string().nullable(),
  /** Who created it through the dashboard (they never approve it); null when made elsewhere. */
  askedBy: z.string().nullable(),
  /** Since when it waits: the transaction's last change. */
  since: Timestamp,
  /** Its open approval, when someone has approved already. */
  approval: ApprovalInfo.nullable(),
  quote: QuoteInfo,
  payee: PayeeInfo.nullable(),
  ...Requirement.shape,
  ...ActionState.shape,
});
export type InboxTransaction = z.infer<typeof InboxTransaction>;

/** A payout account's new bank details waiting for approval. */
export const InboxPayeeChange = z.object({
  kind: z.literal('payeeChange'),
  change: PayeeChange,
  merchantName: z.string().nullable(),
  since: Timestamp,
  ...Requirement.shape,
  ...ActionState.shape,
});
export type InboxPayeeChange = z.infer<typeof InboxPayeeChange>;

/** A bulk payout file waiting for its approval (docs/decisions/034). */
export const InboxBatch = z.object({
  kind: z.literal('batch'),
  id: z.string(),
  fileName: z.string(),
  product: Product,
  uploadedBy: z.string().nullable(),
  since: Timestamp,
  totals: z.array(z.object({ currency: z.string(), amount: z.string(), rows: z.int() })),
  required: z.int(),
  approvals: z.int(),
  ...ActionState.shape,
});
export type InboxBatch = z.infer<typeof InboxBatch>;

/**
 * The deposits a bulk file's transactions wait for, grouped under the file: approved together
 * in one confirmed step on its page (docs/decisions/041), not one by one in the inbox.
 */
export const InboxBatchDeposits = z.object({
  kind: z.literal('batchDeposits'),
  batchId: z.string(),
  fileName: z.string(),
  product: Product,
  /** How many of its transactions wait for their deposit's approval. */
  count: z.int(),
  payoutTotals: z.array(z.object({ currency: z.string(), amount: z.string(), rows: z.int() })),
  depositTotals: z.array(z.object({ currency: z.string(), amount: z.string(), rows: z.int() })),
  since: Timestamp,
  ...ActionState.shape,
});
export type InboxBatchDeposits = z.infer<typeof InboxBatchDeposits>;

export const InboxQuery = z.object({
  scope: oneOf(['you', 'everyone']).default('you'),
  start: integerParam({ min: 0, label: 'an offset' }).default(0),
  limit: integerParam({ min: 1, max: 100, label: 'a page size' }).default(50),
});

export const InboxCounts = z.object({
  /** What the signed-in person can decide now. */
  you: z.int(),
  /** Everything waiting for a decision. */
  everyone: z.int(),
});

/** A page of waiting transactions, and every pending payee change (they are few). */
export const InboxPage = z.object({
  start: z.int(),
  limit: z.int(),
  hasMore: z.boolean(),
  results: z.array(InboxTransaction),
  changes: z.array(InboxPayeeChange),
  /** Bulk payout files waiting for approval (those this person may approve, for `you`). */
  batches: z.array(InboxBatch),
  /** Bulk files whose transactions' deposits wait, one entry per file. */
  batchDeposits: z.array(InboxBatchDeposits),
  counts: InboxCounts,
});
export type InboxPage = z.infer<typeof InboxPage>;

export const RequirementQuery = z.object({
  product: Product,
  payoutCurrency: CurrencyChoice,
  payoutAmount: TypedAmount,
  depositCurrency: CurrencyChoice.optional(),
  depositAmount: TypedAmount.optional(),
});
export type RequirementQuery = z.input<typeof RequirementQuery>;

export const RequirementAnswer = z.object({
  results: z.array(Requirement.extend({ action: z.enum(TRANSACTION_ACTIONS) })),
  /**
   * The deposit the answer was judged on: as given, as the API prices it now, or unknown (the
   * API would not price it), when a deposit currency was asked about.
   */
  deposit: z
    .object({
      currency: z.string(),
      amount: z.string().nullable(),
      source: z.enum(['given', 'priceNow', 'unknown']),
    })
    .nullable(),
  /** Each side's worth in the base currency, when a policy is in the base currency. */
  base: z
    .object({
      currency: z.string(),
      payout: z.string().nullable(),
      deposit: z.string().nullable(),
    })
    .nullable(),
});

export const RejectBody = z.object({
  reason: requiredText(500, { type: invalid(V.required) }),
});
export type RejectBody = z.input<typeof RejectBody>;

/** Rejecting the approval a transaction waits for: which one, and why. */
export const TransactionReject = RejectBody.extend({
  action: oneOf(TRANSACTION_ACTIONS),
});
export type TransactionReject = z.input<typeof TransactionReject>;

/** A rejection done: the approval closed with its reason, and the transaction cancelled. */
export const TransactionRejected = z.object({
  approval: ApprovalInfo,
  /** The transaction as the API answered the cancellation. */
  transaction: Transaction,
  /**
   * Whether the API was given the reason: payouts and end to end transfers take one
   * (`OTHER` with the words); a collection's cancellation takes no body, so only the
   * dashboard keeps it.
   */
  reasonSent: z.boolean(),
});
export type TransactionRejected = z.infer<typeof TransactionRejected>;

/** Checks of a payout account's bank details before they are saved. */
export const PayeeCheck = z.object({
  /** The account being edited (left out for a new one). */
  accountId: Id.optional(),
  businessId: Id.optional(),
  iban: z.string().max(64).nullish(),
  accountNumber: z.string().max(100).nullish(),
  swiftCode: z.string().max(11).nullish(),
  countryIso: z.string().max(2).nullish(),
});
export type PayeeCheck = z.input<typeof PayeeCheck>;

export const PayeeCheckResult = z.object({
  /** Refused on saving: the field and why. */
  problems: z.array(FieldError),
  /** Allowed, but worth a second look: the same number on another merchant's account. */
  warnings: z.array(
    FieldError.extend({
      accountId: z.int(),
      businessId: z.int(),
      merchantName: z.string().nullable(),
    }),
  ),
  /** What the IBAN says: its country, and its bank code where it carries one. */
  fromIban: z.object({ countryIso: z.string(), bankCode: z.string().optional() }).nullable(),
});
export type PayeeCheckResult = z.infer<typeof PayeeCheckResult>;

/**
 * Changes of the controls themselves that wait for a second admin where the workspace has two
 * or more (docs/decisions/042): policies, the approval settings, people's roles, a new person.
 */
/**
 * Limits on what may be created (docs/decisions/089), in the workspace's base currency: per
 * transaction, per day or per month (UTC), for a person (what they create), a merchant (what is
 * paid out of or into it) or the whole workspace.
 */
export const LIMIT_SCOPES = ['person', 'merchant', 'workspace'] as const;
export const LIMIT_PERIODS = ['transaction', 'day', 'month'] as const;
export const LimitScope = oneOf(LIMIT_SCOPES);
export const LimitPeriod = oneOf(LIMIT_PERIODS);

export const LimitCreate = z
  .object({
    scope: LimitScope,
    /** A person's id or a merchant's id (as text); `*` for each of them; `*` for the workspace. */
    target: requiredText(100, { type: 'is required: a person, a merchant, or * for each' }),
    period: LimitPeriod,
    amount: TypedAmount,
  })
  .refine((l) => l.amount !== '0', { path: ['amount'], error: invalid(CW.moreThanZero) })
  .refine((l) => l.scope !== 'merchant' || l.target === '*' || /^\d{1,15}$/.test(l.target), {
    path: ['target'],
    error: invalid(CW.merchantOrEach),
  });
export type LimitCreate = z.input<typeof LimitCreate>;

export const MoneyLimit = z.object({
  id: z.string(),
  scope: LimitScope,
  target: z.string(),
  /** "Fatima Finance", "Lumen Textiles GmbH (#3)", "each person", "the workspace". */
  targetName: z.string(),
  period: LimitPeriod,
  amount: z.string(),
  createdAt: Timestamp,
  createdBy: z.string().nullable(),
  /** Used in the current day or month (the largest, for each person or merchant), and by whom. */
  used: z.string().nullable(),
  usedBy: z.string().nullable(),
});
export type MoneyLimit = z.infer<typeof MoneyLimit>;

export const CONTROL_CHANGE_KINDS = [
  'addPolicy',
  'removePolicy',
  'removeLimit',
  'setApprovalSettings',
  'setRoles',
  'addPerson',
  'setSingleSignOn',
] as const;
export type ControlChangeKind = (typeof CONTROL_CHANGE_KINDS)[number];
export const CONTROL_CHANGE_STATUSES = [
  'pending',
  'applied',
  'rejected',
  'withdrawn',
  'expired',
  'failed',
] as const;

export const ControlChange = z.object({
  id: z.string(),
  kind: z.enum(CONTROL_CHANGE_KINDS),
  /** The change in words, as the second admin reads it (in the reader's language). */
  summary: toldText(),
  authorId: z.string(),
  authorName: z.string(),
  status: z.enum(CONTROL_CHANGE_STATUSES),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  closedAt: Timestamp.nullable(),
  decidedByName: z.string().nullable(),
  /** Why it was rejected, or why it could not be applied. */
  reason: toldText().nullable(),
  /** Whether the signed-in admin can approve it now; if not, why. */
  canAct: z.boolean(),
  why: toldText().nullable(),
});
export type ControlChange = z.infer<typeof ControlChange>;
export const ControlChangeHeld = z.object({ change: ControlChange });

/** The answers of a proxied call the controls hold: 202 with what waits. */
export const ApprovalRecorded = z.object({ approval: ApprovalInfo });
export const PayeeChangeHeld = z.object({ change: PayeeChange });
export type HeldAnswer = z.infer<typeof ApprovalRecorded> | z.infer<typeof PayeeChangeHeld>;

/**
 * The 202 answer the dashboard gives, through its proxy of the API, when the money controls
 * hold a call of this operation for more approvers; undefined for an operation never held.
 */
export function heldAnswerOf(operationId: string): z.ZodType<HeldAnswer> | undefined {
  if (operationId === operations.updatePayoutAccount.id) return PayeeChangeHeld;
  const name = TRANSACTION_OPERATION_OF.get(operationId)?.name;
  return name && isTransactionApproval(name) ? ApprovalRecorded : undefined;
}

const APPROVER = WORKSPACE_ROLES.decideApprovals;
const PAYEE_CHANGE_LIST = z.object({ results: z.array(PayeeChange.extend(ActionState.shape)) });

export const controlsEndpoints = endpoints({
  listPolicies: {
    method: 'GET',
    path: '/controls/policies',
    summary: 'The approval policies (admins: others see what applies to what they are doing)',
    response: z.object({ results: z.array(Policy) }),
    roles: WORKSPACE_ROLES.administer,
  },
  addPolicy: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'POST',
    path: '/controls/policies',
    summary: 'Add an approval policy',
    body: PolicyCreate,
    response: Policy,
    held: ControlChangeHeld,
    roles: WORKSPACE_ROLES.administer,
    audit: 'add approval policy',
  },
  removePolicy: {
    method: 'DELETE',
    path: '/controls/policies/{id}',
    summary: 'Remove an approval policy',
    params: TextIdParams,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    held: ControlChangeHeld,
    roles: WORKSPACE_ROLES.administer,
    audit: 'remove approval policy',
  },
  listLimits: {
    method: 'GET',
    path: '/controls/limits',
    summary: 'The limits on what may be created, each with its use in the current day or month',
    response: z.object({ baseCurrency: z.string(), results: z.array(MoneyLimit) }),
  },
  addLimit: {
    method: 'POST',
    path: '/controls/limits',
    summary: 'Add a limit per transaction, day or month for a person, a merchant or the workspace',
    body: LimitCreate,
    response: MoneyLimit,
    roles: WORKSPACE_ROLES.administer,
    audit: 'add limit',
  },
  removeLimit: {
    method: 'DELETE',
    path: '/controls/limits/{id}',
    summary: 'Remove a limit (held for a second admin where there is one)',
    params: TextIdParams,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    held: ControlChangeHeld,
    roles: WORKSPACE_ROLES.administer,
    audit: 'remove limit',
  },
  approvalSettings: {
    method: 'GET',
    path: '/controls/settings',
    summary:
      'The approval settings: how long a quote may be approved, how often releasing money asks for the second factor, the base currency',
    response: ApprovalSettings,
  },
  setApprovalSettings: {
    errors: STATUS.partnerApi,
    method: 'PUT',
    path: '/controls/settings',
    summary: 'Change the approval settings',
    body: ApprovalSettings,
    response: ApprovalSettings,
    held: ControlChangeHeld,
    roles: WORKSPACE_ROLES.administer,
    audit: 'set approval settings',
  },
  requirement: {
    method: 'GET',
    path: '/controls/requirement',
    errors: STATUS.partnerApi,
    summary:
      'What a transaction of this product, currency and amount would need, judged as a decision would be',
    query: RequirementQuery,
    response: RequirementAnswer,
    roles: WORKSPACE_ROLES.administer,
  },
  inbox: {
    method: 'GET',
    path: '/controls/inbox',
    summary: 'What waits for a decision: for the signed-in person, or for anyone',
    query: InboxQuery,
    response: InboxPage,
  },
  inboxCounts: {
    method: 'GET',
    path: '/controls/inbox/count',
    summary: 'How many decisions wait for the signed-in person, and for anyone',
    response: InboxCounts,
  },
  transactionControls: {
    errors: STATUS.partnerApi,
    method: 'GET',
    path: '/controls/transactions/{product}/{id}',
    summary:
      "A transaction's approvals, what each approval needs and who can give it, and what it was sent to",
    params: z.object({ product: Product, id: IdParam }),
    response: TransactionControls,
  },
  rejectApproval: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'POST',
    path: '/controls/approvals/{id}/reject',
    summary:
      "Reject a transaction's open quote or deposit approval, with the reason: the transaction is cancelled",
    params: TextIdParams,
    body: RejectBody,
    response: TransactionRejected,
    roles: APPROVER,
    standIn: true,
    audit: 'reject approval',
  },
  rejectTransaction: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'POST',
    path: '/controls/transactions/{product}/{id}/reject',
    summary:
      'Reject the quote or deposit approval a transaction waits for, with the reason: the transaction is cancelled through the API and its creator told',
    params: z.object({ product: Product, id: IdParam }),
    body: TransactionReject,
    response: TransactionRejected,
    roles: APPROVER,
    standIn: true,
    audit: 'reject approval',
  },
  payeeChanges: {
    method: 'GET',
    path: '/controls/payee-changes',
    summary: "A payout account's bank-detail changes, newest first",
    query: z.object({ accountId: IdParam }),
    response: PAYEE_CHANGE_LIST,
  },
  approvePayeeChange: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'POST',
    path: '/controls/payee-changes/{id}/approve',
    summary: 'Approve a bank-detail change; the last approval needed sends it to the API',
    params: TextIdParams,
    response: z.object({ change: PayeeChange, account: PayoutAccount.nullable() }),
    roles: APPROVER,
    standIn: true,
    audit: 'approve bank-detail change',
  },
  rejectPayeeChange: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'POST',
    path: '/controls/payee-changes/{id}/reject',
    summary: 'Reject a bank-detail change, with the reason',
    params: TextIdParams,
    body: RejectBody,
    response: PayeeChange,
    roles: APPROVER,
    standIn: true,
    audit: 'reject bank-detail change',
  },
  withdrawPayeeChange: {
    errors: STATUS.conflict,
    method: 'POST',
    path: '/controls/payee-changes/{id}/withdraw',
    summary: 'Withdraw a bank-detail change one proposed',
    params: TextIdParams,
    response: PayeeChange,
    audit: 'withdraw bank-detail change',
  },
  controlChanges: {
    method: 'GET',
    path: '/controls/changes',
    summary:
      'Changes of policies, settings and roles: those waiting for a second admin, then the last ones decided',
    response: z.object({ results: z.array(ControlChange) }),
    roles: WORKSPACE_ROLES.administer,
  },
  approveControlChange: {
    errors: { ...STATUS.conflict, ...STATUS.partnerApi },
    method: 'POST',
    path: '/controls/changes/{id}/approve',
    summary: 'Approve a change another admin proposed: it applies now',
    params: TextIdParams,
    response: ControlChangeHeld,
    roles: WORKSPACE_ROLES.administer,
    audit: 'approve control change',
  },
  rejectControlChange: {
    errors: STATUS.conflict,
    method: 'POST',
    path: '/controls/changes/{id}/reject',
    summary: 'Reject a change another admin proposed, with the reason',
    params: TextIdParams,
    body: RejectBody,
    response: ControlChangeHeld,
    roles: WORKSPACE_ROLES.administer,
    audit: 'reject control change',
  },
  withdrawControlChange: {
    errors: STATUS.conflict,
    method: 'POST',
    path: '/controls/changes/{id}/withdraw',
    summary: 'Withdraw a change one proposed',
    params: TextIdParams,
    response: ControlChangeHeld,
    roles: WORKSPACE_ROLES.administer,
    audit: 'withdraw control change',
  },
  payeeCheck: {
    errors: STATUS.partnerApi,
    method: 'POST',
    path: '/controls/payee-check',
    summary:
      "Check bank details before saving: IBAN, BIC and bank country agree; the number on another merchant's account",
    body: PayeeCheck,
    response: PayeeCheckResult,
  },
});
