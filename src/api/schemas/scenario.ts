// Sandbox scenarios (docs/decisions/024): a partner's records as a file that the sandbox builds
// again through its ordinary operations. Records name each other by `ref`, never by id, so a
// file loads into any partner and as often as wanted.
import { z } from 'zod';
import { Id, oneOf } from './common';
import { KycStatus, MerchantUpdate } from './merchant';
import { AccountStatus, PayoutAccountCreate, PayoutAccountUpdate } from './payout-account';
import { CancelRequest, Product, TransactionCreate } from './transaction';
import { CW } from '../contract-words';
import { invalid } from '../validation-words';

/** How many records of each kind one scenario may hold (a file stays well under 1 MB). */
export const SCENARIO_LIMITS = { merchants: 500, payoutAccounts: 500, transactions: 1000 } as const;

/** The version of the file's format, written in every file as `"scenario": 1`. */
export const SCENARIO_FORMAT = 1;

const Ref = z
  .string({ error: invalid(CW.scenarioRef) })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/, {
    error: invalid(CW.scenarioRefChars),
  })
  .meta({ description: 'A name for the record within the file; other records use it.' });

export const ScenarioMerchant = z
  .object({
    ref: Ref,
    owner: Ref.nullish().meta({
      description: "A customer's ref: this merchant is its contact. Absent makes a customer.",
    }),
    kycStatus: KycStatus.default('PENDING'),
    agreementsAccepted: z.array(Id).max(10).default([]).meta({
      description:
        'The ids of the agreements the merchant accepted (all of them to be UNDER_REVIEW).',
    }),
    ...MerchantUpdate.shape,
  })
  .meta({ id: 'ScenarioMerchant' });
export type ScenarioMerchant = z.output<typeof ScenarioMerchant>;

export const ScenarioPayoutAccount = z
  .object({
    ref: Ref,
    merchant: Ref.meta({ description: 'The ref of the merchant the account belongs to.' }),
    accountStatus: AccountStatus.default('PENDING'),
    currencySymbol: PayoutAccountCreate.shape.currencySymbol,
    ...PayoutAccountUpdate.shape,
  })
  .refine((a) => Boolean(a.accountNumber || a.iban), {
    error: invalid(CW.withoutIban),
    path: ['accountNumber'],
  })
  .meta({ id: 'ScenarioPayoutAccount' });
export type ScenarioPayoutAccount = z.output<typeof ScenarioPayoutAccount>;

/** What a transaction went through after it was created, in order. */
export const SCENARIO_STEPS = ['quote', 'approveQuote', 'approveDeposit', 'settle'] as const;

export const ScenarioTransaction = z
  .object({
    ref: Ref,
    product: Product,
    from: Ref.meta({ description: 'The ref of the sending merchant.' }),
    to: Ref.meta({ description: 'The ref of the payout account paid.' }),
    fromCurrencySymbol: TransactionCreate.shape.fromCurrencySymbol,
    toAmount: TransactionCreate.shape.toAmount,
    purpose: TransactionCreate.shape.purpose,
    invoiceUrl: TransactionCreate.shape.invoiceUrl,
    depositConfirmationUrl: TransactionCreate.shape.depositConfirmationUrl,
    steps: z.array(oneOf(SCENARIO_STEPS)).max(4).default([]).meta({
      description:
        'The moves after creation, in order: quote and settle are the automatic ones; an empty list leaves the transaction as created, its quote on the way.',
    }),
    cancel: CancelRequest.nullish().meta({
      description: 'Cancelled after its steps, with this reason.',
    }),
  })
  .meta({ id: 'ScenarioTransaction' });
export type ScenarioTransaction = z.output<typeof ScenarioTransaction>;

export const Scenario = z
  .object({
    scenario: z.literal(SCENARIO_FORMAT, {
      error: invalid(CW.scenarioFormat, { format: SCENARIO_FORMAT }),
    }),
    name: z.string().trim().max(100).nullish(),
    description: z.string().trim().max(2000).nullish(),
    merchants: z.array(ScenarioMerchant).max(SCENARIO_LIMITS.merchants).default([]),
    payoutAccounts: z.array(ScenarioPayoutAccount).max(SCENARIO_LIMITS.payoutAccounts).default([]),
    transactions: z.array(ScenarioTransaction).max(SCENARIO_LIMITS.transactions).default([]),
  })
  .meta({ id: 'Scenario' });
export type Scenario = z.output<typeof Scenario>;
export type ScenarioInput = z.input<typeof Scenario>;

export const ScenarioLoad = z
  .object({
    preset: z
      .string()
      .max(64)
      .nullish()
      .meta({ description: 'The name of a preset (GET /v1/sandbox/scenarios/ lists them).' }),
    scenario: Scenario.nullish().meta({ description: 'A scenario file, as exported.' }),
    reset: z.boolean().default(false).meta({
      description: "Delete the partner's records first (as POST /v1/sandbox/reset does).",
    }),
  })
  .superRefine((body, ctx) => {
    const preset = body.preset != null;
    const scenario = body.scenario != null;
    if (preset !== scenario) return;
    ctx.addIssue({
      code: 'custom',
      path: ['preset'],
      message: preset
        ? 'give either preset or scenario, not both'
        : 'is required: give a preset name or a scenario',
    });
  })
  .meta({
    id: 'ScenarioLoad',
    // The refinement above, in JSON Schema's words: exactly one of the two, not null.
    oneOf: [
      { required: ['preset'], properties: { preset: { type: 'string' } } },
      { required: ['scenario'], properties: { scenario: { type: 'object' } } },
    ],
  });
export type ScenarioLoad = z.input<typeof ScenarioLoad>;

const Created = z.object({
  ref: z.string(),
  id: Id,
  label: z.string().meta({ description: 'What a person recognises the record by.' }),
});

export const ScenarioLoaded = z
  .object({
    name: z.string().nullable(),
    reset: z.boolean(),
    merchants: z.array(Created),
    payoutAccounts: z.array(Created),
    transactions: z.array(Created.extend({ product: Product, clientStatus: z.string() })),
  })
  .meta({ id: 'ScenarioLoaded' });
export type ScenarioLoaded = z.infer<typeof ScenarioLoaded>;

export const ScenarioPreset = z
  .object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
  })
  .meta({ id: 'ScenarioPreset' });
export type ScenarioPreset = z.infer<typeof ScenarioPreset>;

export const SandboxReset = z
  .object({
    merchants: z.int().min(0),
    payoutAccounts: z.int().min(0),
    transactions: z.int().min(0),
    events: z.int().min(0),
    files: z.int().min(0),
  })
  .meta({ id: 'SandboxReset', description: 'How many of each were deleted.' });
export type SandboxReset = z.infer<typeof SandboxReset>;
