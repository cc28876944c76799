// Demo data for a new demo partner: customers and contacts in several KYC statuses and payout
// accounts in several statuses. Everything goes through the same schemas and domain functions
// as real requests, on a clock that walks forward through the last 30 days.
import { MerchantCreate } from '../api/schemas/merchant';
import { PayoutAccountCreate } from '../api/schemas/payout-account';
import type { DomainContext } from './domain/context';
import { acceptAgreements, AGREEMENTS, createMerchant } from './domain/merchants';
import { createPayoutAccount } from './domain/payout-accounts';
import { CollectionCreate, TransactionCreate } from '../api/schemas/transaction';
import { walkTransaction } from './domain/scenarios';
import { createTransaction, QUOTE_TASK, SETTLE_TASK } from './domain/transactions';

import { ACCOUNTS, MERCHANTS, type SeedTransaction, TRANSACTIONS } from './seed-data';

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

/** A clock for seeding that starts `days` ago and moves forward a little at every reading. */
export function seedClock(end: number, days: number, steps: number) {
  let time = end - days * DAY;
  const step = Math.floor((days * DAY * 0.9) / Math.max(1, steps));
  return {
    now: () => time,
    advance: (fraction = 1) => {
      time = Math.min(end, time + Math.floor(step * fraction));
    },
  };
}

export function seedDemoData(
  ctx: DomainContext,
  partnerId: number,
  clock: { advance(f?: number): void },
) {
  const ids = new Map<string, number>();
  for (const m of MERCHANTS) {
    const input = MerchantCreate.parse({
      name: m.name,
      contactOwnerBusinessId: m.owner ? ids.get(m.owner) : null,
      localRegNumber: `${m.regNumber}|${m.status}`,
      countryIso: m.countryIso,
      city: m.city,
      address: m.address,
      streetNumber: m.streetNumber,
      zipcode: m.zipcode,
      contactName: m.contactName,
      contactEmail: emailOf(m.contactName, m.name),
      contactPhonePrefix: m.phonePrefix,
      contactPhone: String(200000000 + ids.size * 7919301).slice(0, 9),
      industry: m.industry,
    });
    const merchant = createMerchant(ctx, partnerId, input);
    ids.set(m.key, merchant.id);
    // Merchants past onboarding accepted the agreements on their way.
    if (!['NEW', 'PENDING', 'ABANDONED'].includes(m.status)) {
      acceptAgreements(
        ctx,
        partnerId,
        merchant.id,
        AGREEMENTS.map((a) => a.id),
        '',
      );
    }
    clock.advance();
  }
  const accounts: Array<{ owner: string; currency: string; id: number }> = [];
  for (const a of ACCOUNTS) {
    const owner = MERCHANTS.find((m) => m.key === a.owner)!;
    const input = PayoutAccountCreate.parse({
      businessId: ids.get(a.owner),
      currencySymbol: a.currencySymbol,
      accountHolderName: owner.name,
      bankName: a.bankName,
      countryIso: a.countryIso,
      iban: a.iban,
      accountNumber: a.accountNumber ? `${a.accountNumber}|${a.status}` : `|${a.status}`,
      swiftCode: a.swiftCode,
      routingNumber: a.routingNumber,
      city: a.city,
    });
    accounts.push({
      owner: a.owner,
      currency: a.currencySymbol,
      id: createPayoutAccount(ctx, partnerId, input).id,
    });
    clock.advance(0.5);
  }
  const waiting = seedTransactions(ctx, partnerId, clock, ids, accounts);
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
  clock: { advance(f?: number): void },
  merchantIds: Map<string, number>,
  accounts: Array<{ owner: string; currency: string; id: number }>,
): WaitingMove[] {
  const waiting: WaitingMove[] = [];
  for (const t of TRANSACTIONS) {
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
    clock.advance(0.02);
    walkTransaction(ctx, partnerId, t.product, id, stepsTo(t), {
      cancel: t.ending === 'CANCELED' ? { reason: t.cancel ?? 'CLIENT_REQUEST' } : null,
      after: (step) => clock.advance(PACE[step]),
    });
    if (t.ending === 'PENDING' && t.product !== 'receive') waiting.push({ kind: QUOTE_TASK, id });
    if (t.ending === 'IN_PROGRESS') waiting.push({ kind: SETTLE_TASK, id });
    clock.advance(0.6);
  }
  return waiting;
}
