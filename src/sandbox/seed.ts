// Demo data for a new demo partner: customers and contacts in several KYC statuses and payout
// accounts in several statuses. Everything goes through the same schemas and domain functions
// as real requests, on a clock that walks forward through the last 30 days.
import { MerchantCreate, type KycStatus } from '../api/schemas/merchant';
import { PayoutAccountCreate, type AccountStatus } from '../api/schemas/payout-account';
import type { DomainContext } from './domain/context';
import { acceptAgreements, AGREEMENTS, createMerchant } from './domain/merchants';
import { createPayoutAccount } from './domain/payout-accounts';
import {
  CollectionCreate,
  TransactionCreate,
  type CancelReason,
  type Product,
  type Purpose,
} from '../api/schemas/transaction';
import {
  approveDeposit,
  approveQuote,
  cancelTransaction,
  createTransaction,
  QUOTE_TASK,
  quoteTransaction,
  SETTLE_TASK,
  settleTransaction,
} from './domain/transactions';

const DAY = 24 * 60 * 60 * 1000;

interface SeedMerchant {
  key: string;
  owner?: string;
  status: KycStatus;
  name: string;
  countryIso: string;
  city: string;
  address: string;
  streetNumber: string;
  zipcode: string;
  industry: MerchantCreate['industry'];
  contactName: string;
  phonePrefix: string;
  regNumber: string;
}

const MERCHANTS: SeedMerchant[] = [
  {
    key: 'lumen',
    status: 'VALID',
    name: 'Lumen Textiles GmbH',
    countryIso: 'DE',
    city: 'Berlin',
    address: 'Torstraße',
    streetNumber: '112',
    zipcode: '10119',
    industry: 'GARMENTS',
    contactName: 'Miriam Vogel',
    phonePrefix: '49',
    regNumber: 'HRB 204518',
  },
  {
    key: 'harbor',
    status: 'VALID',
    name: 'Harbor & Pine Trading Ltd',
    countryIso: 'GB',
    city: 'London',
    address: 'Wapping High Street',
    streetNumber: '57',
    zipcode: 'E1W 2YS',
    industry: 'FOOD_HOSPITALITY',
    contactName: 'Oliver Hart',
    phonePrefix: '44',
    regNumber: '09876543',
  },
  {
    key: 'anatolia',
    owner: 'lumen',
    status: 'VALID',
    name: 'Anatolia Cotton Mills A.Ş.',
    countryIso: 'TR',
    city: 'Denizli',
    address: 'Sanayi Caddesi',
    streetNumber: '18',
    zipcode: '20330',
    industry: 'GARMENTS',
    contactName: 'Elif Demir',
    phonePrefix: '90',
    regNumber: 'TR-4471902',
  },
  {
    key: 'meridian',
    status: 'FLAGGED',
    name: 'Meridian Health Supplies LLC',
    countryIso: 'US',
    city: 'Austin',
    address: 'Congress Avenue',
    streetNumber: '600',
    zipcode: '78701',
    industry: 'HEALTH_SERVICES',
    contactName: 'Dana Brooks',
    phonePrefix: '1',
    regNumber: '802914377',
  },
  {
    key: 'mumbai',
    owner: 'harbor',
    status: 'VALID',
    name: 'Mumbai Spice Traders Pvt Ltd',
    countryIso: 'IN',
    city: 'Mumbai',
    address: 'Masjid Bunder Road',
    streetNumber: '41',
    zipcode: '400009',
    industry: 'FOOD_HOSPITALITY',
    contactName: 'Arjun Mehta',
    phonePrefix: '91',
    regNumber: 'U51909MH2011PTC',
  },
  {
    key: 'nordlicht',
    status: 'UNDER_REVIEW',
    name: 'Nordlicht Software AG',
    countryIso: 'CH',
    city: 'Zürich',
    address: 'Hardturmstrasse',
    streetNumber: '161',
    zipcode: '8005',
    industry: 'TECHNOLOGY',
    contactName: 'Lea Baumann',
    phonePrefix: '41',
    regNumber: 'CHE-112.947.305',
  },
  {
    key: 'dhaka',
    owner: 'lumen',
    status: 'VALID',
    name: 'Dhaka Stitchworks Ltd',
    countryIso: 'BD',
    city: 'Dhaka',
    address: 'Tejgaon Industrial Area',
    streetNumber: '22',
    zipcode: '1208',
    industry: 'GARMENTS',
    contactName: 'Rahim Chowdhury',
    phonePrefix: '880',
    regNumber: 'C-148822',
  },
  {
    key: 'costa',
    status: 'ACTION_NEEDED',
    name: 'Costa Verde Coffee Exporters SA',
    countryIso: 'CO',
    city: 'Medellín',
    address: 'Carrera 43A',
    streetNumber: '1-50',
    zipcode: '050021',
    industry: 'AGRICULTURE_FORESTRY_WILDLIFE',
    contactName: 'Camila Restrepo',
    phonePrefix: '57',
    regNumber: '900.431.776-2',
  },
  {
    key: 'lagos',
    owner: 'harbor',
    status: 'PENDING_REVIEW',
    name: 'Lagos Packaging Company',
    countryIso: 'NG',
    city: 'Lagos',
    address: 'Adeola Odeku Street',
    streetNumber: '14',
    zipcode: '101241',
    industry: 'MANUFACTURING',
    contactName: 'Tunde Adebayo',
    phonePrefix: '234',
    regNumber: 'RC 1184302',
  },
  {
    key: 'sakura',
    status: 'PENDING',
    name: 'Sakura Precision Parts K.K.',
    countryIso: 'JP',
    city: 'Osaka',
    address: 'Nishi-ku Utsubohonmachi',
    streetNumber: '1-4-12',
    zipcode: '550-0004',
    industry: 'MANUFACTURING',
    contactName: 'Haruto Sato',
    phonePrefix: '81',
    regNumber: '1200-01-123456',
  },
  {
    key: 'nairobi',
    owner: 'meridian',
    status: 'VALID',
    name: 'Nairobi Medical Distributors',
    countryIso: 'KE',
    city: 'Nairobi',
    address: 'Mombasa Road',
    streetNumber: '88',
    zipcode: '00100',
    industry: 'PHARMACEUTICALS',
    contactName: 'Wanjiru Kamau',
    phonePrefix: '254',
    regNumber: 'PVT-7LU2RQ',
  },
  {
    key: 'atlas',
    status: 'NEW',
    name: 'Atlas Freight Forwarding B.V.',
    countryIso: 'NL',
    city: 'Rotterdam',
    address: 'Waalhaven Zuidzijde',
    streetNumber: '19',
    zipcode: '3089 JH',
    industry: 'TRANSPORTATION',
    contactName: 'Sanne de Vries',
    phonePrefix: '31',
    regNumber: '24301234',
  },
  {
    key: 'manila',
    owner: 'lumen',
    status: 'ABANDONED',
    name: 'Manila Print House Inc.',
    countryIso: 'PH',
    city: 'Manila',
    address: 'Rizal Avenue',
    streetNumber: '1501',
    zipcode: '1003',
    industry: 'MANUFACTURING',
    contactName: 'Paolo Santos',
    phonePrefix: '63',
    regNumber: 'CS201912345',
  },
];

interface SeedAccount {
  owner: string;
  status: AccountStatus;
  currencySymbol: string;
  bankName: string;
  countryIso: string;
  iban?: string;
  accountNumber?: string;
  swiftCode?: string;
  routingNumber?: string;
  city: string;
}

const ACCOUNTS: SeedAccount[] = [
  {
    owner: 'lumen',
    status: 'ACTIVE',
    currencySymbol: 'EUR',
    bankName: 'Deutsche Bank',
    countryIso: 'DE',
    iban: 'DE89370400440532013000',
    swiftCode: 'DEUTDEFF',
    city: 'Berlin',
  },
  {
    owner: 'harbor',
    status: 'ACTIVE',
    currencySymbol: 'GBP',
    bankName: 'NatWest',
    countryIso: 'GB',
    iban: 'GB29NWBK60161331926819',
    swiftCode: 'NWBKGB2L',
    city: 'London',
  },
  {
    owner: 'anatolia',
    status: 'ACTIVE',
    currencySymbol: 'EUR',
    bankName: 'Türkiye İş Bankası',
    countryIso: 'TR',
    iban: 'TR330006100519786457841326',
    swiftCode: 'ISBKTRIS',
    city: 'Denizli',
  },
  {
    owner: 'mumbai',
    status: 'ACTIVE',
    currencySymbol: 'INR',
    bankName: 'HDFC Bank',
    countryIso: 'IN',
    accountNumber: '50100234567891',
    routingNumber: 'HDFC0000060',
    swiftCode: 'HDFCINBB',
    city: 'Mumbai',
  },
  {
    owner: 'meridian',
    status: 'ACTIVE',
    currencySymbol: 'USD',
    bankName: 'JPMorgan Chase',
    countryIso: 'US',
    accountNumber: '483920175',
    routingNumber: '111000614',
    swiftCode: 'CHASUS33',
    city: 'Austin',
  },
  {
    owner: 'nordlicht',
    status: 'ACTIVE',
    currencySymbol: 'CHF',
    bankName: 'UBS Switzerland',
    countryIso: 'CH',
    iban: 'CH9300762011623852957',
    swiftCode: 'UBSWCHZH80A',
    city: 'Zürich',
  },
  {
    owner: 'dhaka',
    status: 'ACTIVE',
    currencySymbol: 'USD',
    bankName: 'BRAC Bank',
    countryIso: 'BD',
    accountNumber: '1501204567890001',
    swiftCode: 'BRAKBDDH',
    city: 'Dhaka',
  },
  {
    owner: 'lagos',
    status: 'PENDING',
    currencySymbol: 'NGN',
    bankName: 'Zenith Bank',
    countryIso: 'NG',
    accountNumber: '1012345678',
    swiftCode: 'ZEIBNGLA',
    city: 'Lagos',
  },
  {
    owner: 'nairobi',
    status: 'FROZEN',
    currencySymbol: 'KES',
    bankName: 'Equity Bank Kenya',
    countryIso: 'KE',
    accountNumber: '0180291234567',
    swiftCode: 'EQBLKENA',
    city: 'Nairobi',
  },
  {
    owner: 'manila',
    status: 'CLOSED',
    currencySymbol: 'PHP',
    bankName: 'BDO Unibank',
    countryIso: 'PH',
    accountNumber: '002310045678',
    swiftCode: 'BNORPHMM',
    city: 'Manila',
  },
  {
    owner: 'sakura',
    status: 'PENDING',
    currencySymbol: 'JPY',
    bankName: 'MUFG Bank',
    countryIso: 'JP',
    accountNumber: '0012345',
    swiftCode: 'BOTKJPJT',
    city: 'Osaka',
  },
  {
    owner: 'lumen',
    status: 'ACTIVE',
    currencySymbol: 'USD',
    bankName: 'Citibank N.A.',
    countryIso: 'US',
    accountNumber: '40982211',
    routingNumber: '021000089',
    swiftCode: 'CITIUS33',
    city: 'New York',
  },
];

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

type Ending = 'PENDING' | 'QUOTED' | 'QUOTE_APPROVED' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELED';

interface SeedTransaction {
  product: Product;
  from: string;
  to: { owner: string; currency: string };
  deposit: string;
  amount: string;
  purpose: Purpose;
  ending: Ending;
  cancel?: CancelReason;
}

const pay = (owner: string, currency: string) => ({ owner, currency });

/** Oldest first. Every product reaches every state it has, and most end COMPLETED. */
const TRANSACTIONS: SeedTransaction[] = [
  {
    product: 'sendc2f',
    from: 'lumen',
    to: pay('anatolia', 'EUR'),
    deposit: 'USDT(TRC20)',
    amount: '18500.00',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'COMPLETED',
  },
  {
    product: 'sendf2f',
    from: 'harbor',
    to: pay('mumbai', 'INR'),
    deposit: 'GBP',
    amount: '125000.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'CANCELED',
    cancel: 'WRONG_PAYMENT_AMOUNT',
  },
  {
    product: 'receive',
    from: 'lumen',
    to: pay('lumen', 'EUR'),
    deposit: 'USD',
    amount: '42000.00',
    purpose: 'SERVICES_PURCHASE',
    ending: 'COMPLETED',
  },
  {
    product: 'sendc2f',
    from: 'harbor',
    to: pay('mumbai', 'INR'),
    deposit: 'USDC(ERC20)',
    amount: '735000.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'COMPLETED',
  },
  {
    product: 'sendf2f',
    from: 'lumen',
    to: pay('dhaka', 'USD'),
    deposit: 'EUR',
    amount: '23875.40',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'COMPLETED',
  },
  {
    product: 'sendc2f',
    from: 'lumen',
    to: pay('dhaka', 'USD'),
    deposit: 'BTC',
    amount: '64000.00',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'COMPLETED',
  },
  {
    product: 'receive',
    from: 'harbor',
    to: pay('harbor', 'GBP'),
    deposit: 'EUR',
    amount: '8900.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'CANCELED',
    cancel: 'DUPLICATE',
  },
  {
    product: 'sendf2f',
    from: 'harbor',
    to: pay('mumbai', 'INR'),
    deposit: 'GBP',
    amount: '980000.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'COMPLETED',
  },
  {
    product: 'sendc2f',
    from: 'lumen',
    to: pay('anatolia', 'EUR'),
    deposit: 'USDT(ERC20)',
    amount: '9999.99',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'CANCELED',
    cancel: 'WRONG_RECIPIENT',
  },
  {
    product: 'receive',
    from: 'lumen',
    to: pay('lumen', 'USD'),
    deposit: 'CHF',
    amount: '15750.00',
    purpose: 'SERVICES_PURCHASE',
    ending: 'COMPLETED',
  },
  {
    product: 'sendc2f',
    from: 'harbor',
    to: pay('meridian', 'USD'),
    deposit: 'ETH',
    amount: '3200.00',
    purpose: 'SERVICES_PURCHASE',
    ending: 'COMPLETED',
  },
  {
    product: 'sendf2f',
    from: 'lumen',
    to: pay('nordlicht', 'CHF'),
    deposit: 'EUR',
    amount: '5400.00',
    purpose: 'SERVICES_PURCHASE',
    ending: 'CANCELED',
    cancel: 'CLIENT_REQUEST',
  },
  {
    product: 'receive',
    from: 'harbor',
    to: pay('harbor', 'GBP'),
    deposit: 'USD',
    amount: '27300.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'COMPLETED',
  },
  {
    product: 'sendc2f',
    from: 'lumen',
    to: pay('lumen', 'EUR'),
    deposit: 'USDT(TRC20)',
    amount: '120000.00',
    purpose: 'INTRA_COMPANY_TRANSFER',
    ending: 'COMPLETED',
  },
  {
    product: 'sendf2f',
    from: 'harbor',
    to: pay('anatolia', 'EUR'),
    deposit: 'GBP',
    amount: '14620.75',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'COMPLETED',
  },
  {
    product: 'receive',
    from: 'lumen',
    to: pay('lumen', 'EUR'),
    deposit: 'GBP',
    amount: '6400.00',
    purpose: 'SERVICES_PURCHASE',
    ending: 'CANCELED',
    cancel: 'CLIENT_REQUEST',
  },
  {
    product: 'sendc2f',
    from: 'harbor',
    to: pay('mumbai', 'INR'),
    deposit: 'USDT(TRC20)',
    amount: '410000.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'QUOTE_APPROVED',
  },
  {
    product: 'sendf2f',
    from: 'lumen',
    to: pay('dhaka', 'USD'),
    deposit: 'EUR',
    amount: '31000.00',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'QUOTE_APPROVED',
  },
  {
    product: 'receive',
    from: 'harbor',
    to: pay('harbor', 'GBP'),
    deposit: 'EUR',
    amount: '11200.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'QUOTE_APPROVED',
  },
  {
    product: 'sendc2f',
    from: 'lumen',
    to: pay('anatolia', 'EUR'),
    deposit: 'USDC(ERC20)',
    amount: '22450.00',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'IN_PROGRESS',
  },
  {
    product: 'sendf2f',
    from: 'harbor',
    to: pay('meridian', 'USD'),
    deposit: 'GBP',
    amount: '7800.00',
    purpose: 'SERVICES_PURCHASE',
    ending: 'IN_PROGRESS',
  },
  {
    product: 'receive',
    from: 'lumen',
    to: pay('lumen', 'USD'),
    deposit: 'EUR',
    amount: '19800.00',
    purpose: 'SERVICES_PURCHASE',
    ending: 'IN_PROGRESS',
  },
  {
    product: 'sendc2f',
    from: 'harbor',
    to: pay('meridian', 'USD'),
    deposit: 'USDT(ERC20)',
    amount: '5600.00',
    purpose: 'SERVICES_PURCHASE',
    ending: 'QUOTED',
  },
  {
    product: 'sendf2f',
    from: 'lumen',
    to: pay('anatolia', 'EUR'),
    deposit: 'USD',
    amount: '8250.00',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'QUOTED',
  },
  {
    product: 'sendc2f',
    from: 'lumen',
    to: pay('dhaka', 'USD'),
    deposit: 'USDT(TRC20)',
    amount: '2750.00',
    purpose: 'SUPPLIER_PAYMENT',
    ending: 'PENDING',
  },
  {
    product: 'sendf2f',
    from: 'harbor',
    to: pay('mumbai', 'INR'),
    deposit: 'GBP',
    amount: '395000.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'PENDING',
  },
  {
    product: 'receive',
    from: 'harbor',
    to: pay('harbor', 'GBP'),
    deposit: 'USD',
    amount: '4300.00',
    purpose: 'GOODS_PURCHASE',
    ending: 'PENDING',
  },
];

/** Scheduled moves of transactions the seed leaves waiting: kind and id. */
export type WaitingMove = { kind: string; id: number };

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
    const step = (fraction: number) => clock.advance(fraction);
    step(0.02);
    if (t.ending === 'PENDING') {
      waiting.push({ kind: t.product === 'receive' ? '' : QUOTE_TASK, id });
    } else if (t.product !== 'receive') {
      quoteTransaction(ctx, id);
    }
    step(0.1);
    if (t.ending === 'CANCELED') {
      cancelTransaction(ctx, partnerId, t.product, id, { reason: t.cancel ?? 'CLIENT_REQUEST' });
    } else if (t.ending !== 'PENDING' && t.ending !== 'QUOTED') {
      approveQuote(ctx, partnerId, t.product, id);
      step(0.3);
      if (t.ending === 'IN_PROGRESS' || t.ending === 'COMPLETED') {
        approveDeposit(ctx, partnerId, t.product, id, null);
        step(0.4);
        if (t.ending === 'COMPLETED') settleTransaction(ctx, id);
        else waiting.push({ kind: SETTLE_TASK, id });
      }
    }
    clock.advance(0.6);
  }
  return waiting.filter((w) => w.kind !== '');
}
