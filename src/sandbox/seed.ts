// Demo data for a new demo partner: customers and contacts in several KYC statuses and payout
// accounts in several statuses. Everything goes through the same schemas and domain functions
// as real requests, on a clock that walks forward through the last five months.
import { MerchantCreate } from '#/api/schemas/merchant';
import { PayoutAccountCreate } from '#/api/schemas/payout-account';
import type { DomainContext } from './domain/context';
import { acceptAgreements, AGREEMENTS, createMerchant } from './domain/merchants';
import { createPayoutAccount } from './domain/payout-accounts';
import { CollectionCreate, TransactionCreate } from '#/api/schemas/transaction';
import { walkTransaction } from './domain/scenarios';
import { createTransaction, QUOTE_TASK, SETTLE_TASK } from './domain/transactions';

import type { ScenarioInput } from '#/api/schemas/scenario';
import {
  ACCOUNTS,
  HISTORY,
  MERCHANTS,
  type SeedAccount,
  type SeedMerchant,
  type SeedTransaction,
  TRANSACTIONS,
} from './seed-data';

const DAY = 24 * 60 * 60 * 1000;

function emailOf(contactName: string, company: string) {
  const local = contactName
    .toLowerCase()
    .split(' ')[0]!
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
  const domain = company
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]+/g, '')
    .slice(0, 16);
  return `${local}@${domain}.example`;
}

/** How the seeding clock moves: forward a little at each advance, within the current span. */
export interface SeedPace {
  advance(fraction?: number): void;
  /** Moves to `fromDaysAgo` and spreads about `steps` advances until `untilDaysAgo`. */
  span?(fromDaysAgo: number, untilDaysAgo: number, steps: number): void;
}

/**
 * A clock for seeding that ends at `end`: merchants are onboarded five months before it, the
 * history fills the months until the last 30 days, and the recent transactions those 30 days.
 */
export function seedClock(end: number) {
  let time = end;
  let until = end;
  let step = 0;
  return {
    now: () => time,
    advance: (fraction = 1) => {
      time = Math.min(until, time + Math.floor(step * fraction));
    },
    span: (fromDaysAgo: number, untilDaysAgo: number, steps: number) => {
      time = end - fromDaysAgo * DAY;
      until = end - untilDaysAgo * DAY;
      step = Math.floor(((until - time) * 0.9) / Math.max(1, steps));
    },
  };
}

/** The days the seed spans before its end, oldest phase first. */
export const SEED_DAYS = { onboarding: 150, history: 140, recent: 30 } as const;

/** A demo merchant's fields as a create body has them, without its owner and status. */
function demoMerchantFields(m: SeedMerchant, index: number) {
  return {
    name: m.name,
    localRegNumber: m.regNumber,
    countryIso: m.countryIso,
    city: m.city,
    address: m.address,
    streetNumber: m.streetNumber,
    zipcode: m.zipcode,
    contactName: m.contactName,
    contactEmail: emailOf(m.contactName, m.name),
    contactPhonePrefix: m.phonePrefix,
    contactPhone: String(200000000 + index * 7919301).slice(0, 9),
    industry: m.industry,
  };
}

/** Merchants past onboarding accepted every agreement on their way. */
function agreementsOf(m: SeedMerchant): number[] {
  return ['NEW', 'PENDING', 'ABANDONED'].includes(m.status) ? [] : AGREEMENTS.map((a) => a.id);
}

/** A demo account's fields as a create body has them, without its merchant and status. */
function demoAccountFields(a: SeedAccount) {
  return {
    currencySymbol: a.currencySymbol,
    accountHolderName: MERCHANTS.find((m) => m.key === a.owner)!.name,
    bankName: a.bankName,
    countryIso: a.countryIso,
    iban: a.iban ?? null,
    accountNumber: a.accountNumber ?? null,
    swiftCode: a.swiftCode ?? null,
    routingNumber: a.routingNumber ?? null,
    city: a.city,
  };
}

const accountRef = (owner: string, currency: string) => `${owner}-${currency.toLowerCase()}`;

/**
 * The demo data as a scenario (the "demo" preset): the same records, made now rather than
 * spread over the last 30 days.
 */
export function demoScenario(): ScenarioInput {
  return {
    scenario: 1,
    merchants: MERCHANTS.map((m, i) => ({
      ref: m.key,
      owner: m.owner ?? null,
      kycStatus: m.status,
      agreementsAccepted: agreementsOf(m),
      ...demoMerchantFields(m, i),
    })),
    payoutAccounts: ACCOUNTS.map((a) => ({
      ref: accountRef(a.owner, a.currencySymbol),
      merchant: a.owner,
      accountStatus: a.status,
      ...demoAccountFields(a),
    })),
    transactions: [...HISTORY, ...TRANSACTIONS].map((t, i) => ({
      ref: `${t.product}-${i + 1}`,
      product: t.product,
      from: t.from,
      to: accountRef(t.to.owner, t.to.currency),
      fromCurrencySymbol: t.deposit,
      toAmount: t.amount,
      purpose: t.purpose,
      steps: stepsTo(t),
      cancel: t.ending === 'CANCELED' ? { reason: t.cancel ?? 'CLIENT_REQUEST' } : null,
    })),
  };
}

export function seedDemoData(ctx: DomainContext, partnerId: number, clock: SeedPace) {
  clock.span?.(SEED_DAYS.onboarding, SEED_DAYS.history, MERCHANTS.length + ACCOUNTS.length / 2);
  const ids = new Map<string, number>();
  for (const [i, m] of MERCHANTS.entries()) {
    const input = MerchantCreate.parse({
      ...demoMerchantFields(m, i),
      contactOwnerBusinessId: m.owner ? ids.get(m.owner) : null,
      localRegNumber: `${m.regNumber}|${m.status}`,
    });
    const merchant = createMerchant(ctx, partnerId, input);
    ids.set(m.key, merchant.id);
    const accepted = agreementsOf(m);
    if (accepted.length > 0) acceptAgreements(ctx, partnerId, merchant.id, accepted, '');
    clock.advance();
  }
  const accounts: Array<{ owner: string; currency: string; id: number }> = [];
  for (const a of ACCOUNTS) {
    const input = PayoutAccountCreate.parse({
      ...demoAccountFields(a),
      businessId: ids.get(a.owner),
      accountNumber: a.accountNumber ? `${a.accountNumber}|${a.status}` : `|${a.status}`,
    });
    accounts.push({
      owner: a.owner,
      currency: a.currencySymbol,
      id: createPayoutAccount(ctx, partnerId, input).id,
    });
    clock.advance(0.5);
  }
  clock.span?.(SEED_DAYS.history, SEED_DAYS.recent, stridesOf(HISTORY));
  seedTransactions(ctx, partnerId, clock, ids, accounts, HISTORY);
  clock.span?.(SEED_DAYS.recent, 0, stridesOf(TRANSACTIONS));
  const waiting = seedTransactions(ctx, partnerId, clock, ids, accounts, TRANSACTIONS);
  return { merchantIds: ids, waiting };
}

export type WaitingMove = { kind: string; id: number };

type Step = Parameters<typeof walkTransaction>[4][number];

/** How far the seeding clock moves after each step, as a share of its usual stride. */
const PACE: Record<Step | 'cancel', number> = {
  quote: 0.1,
  approveQuote: 0.3,
  approveDeposit: 0.4,
  settle: 0,
  cancel: 0,
};

/** Gaps between transactions and after their creation, as shares of a stride. */
const GAP = { created: 0.02, next: 0.6 };

/** How many strides seeding these transactions moves the clock. */
const stridesOf = (transactions: SeedTransaction[]) =>
  transactions.reduce(
    (sum, t) => sum + GAP.created + GAP.next + stepsTo(t).reduce((s, step) => s + PACE[step], 0),
    0,
  );

/** The moves that take a new transaction to where the demo data leaves it. */
function stepsTo(t: SeedTransaction): Step[] {
  if (t.ending === 'PENDING') return [];
  const steps: Step[] = t.product === 'receive' ? [] : ['quote'];
  if (t.ending === 'QUOTED' || t.ending === 'CANCELED') return steps;
  steps.push('approveQuote');
  if (t.ending !== 'IN_PROGRESS' && t.ending !== 'COMPLETED') return steps;
  steps.push('approveDeposit');
  if (t.ending === 'COMPLETED') steps.push('settle');
  return steps;
}

function seedTransactions(
  ctx: DomainContext,
  partnerId: number,
  clock: SeedPace,
  merchantIds: Map<string, number>,
  accounts: Array<{ owner: string; currency: string; id: number }>,
  transactions: SeedTransaction[],
): WaitingMove[] {
  const waiting: WaitingMove[] = [];
  for (const t of transactions) {
    const account = accounts.find((a) => a.owner === t.to.owner && a.currency === t.to.currency)!;
    const body = (t.product === 'receive' ? CollectionCreate : TransactionCreate).parse({
      fromBusinessId: merchantIds.get(t.from),
      toBusinessExternalAccountId: account.id,
      fromCurrencySymbol: t.deposit,
      toAmount: t.amount,
      purpose: t.purpose,
    });
    const id = createTransaction(ctx, partnerId, t.product, body).businessRequestId;
    // Steps a few minutes to a few hours apart, as people and banks take their time.
    clock.advance(GAP.created);
    walkTransaction(ctx, partnerId, t.product, id, stepsTo(t), {
      cancel: t.ending === 'CANCELED' ? { reason: t.cancel ?? 'CLIENT_REQUEST' } : null,
      after: (step) => clock.advance(PACE[step]),
    });
    if (t.ending === 'PENDING' && t.product !== 'receive') waiting.push({ kind: QUOTE_TASK, id });
    if (t.ending === 'IN_PROGRESS') waiting.push({ kind: SETTLE_TASK, id });
    clock.advance(GAP.next);
  }
  return waiting;
}
