// The demo partner's records: customers and contacts in every KYC status, payout accounts in
// every status, and transactions that reach every state of each product. seed.ts creates them
// through the domain functions.
import type { KycStatus, MerchantCreate } from '#/api/schemas/merchant';
import type { AccountStatus } from '#/api/schemas/payout-account';
import type { CancelReason, Product, Purpose } from '#/api/schemas/transaction';

export interface SeedMerchant {
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

export const MERCHANTS: SeedMerchant[] = [
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

export interface SeedAccount {
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

export const ACCOUNTS: SeedAccount[] = [
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

export type Ending =
  'PENDING' | 'QUOTED' | 'QUOTE_APPROVED' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELED';

export interface SeedTransaction {
  product: Product;
  from: string;
  to: { owner: string; currency: string };
  deposit: string;
  amount: string;
  purpose: Purpose;
  ending: Ending;
  cancel?: CancelReason;
}

export const pay = (owner: string, currency: string) => ({ owner, currency });

/** Oldest first. Every product reaches every state it has, and most end COMPLETED. */
export const TRANSACTIONS: SeedTransaction[] = [
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

/** A route the demo's merchants paid along month after month, with the amounts they sent. */
interface HistoryRoute extends Omit<SeedTransaction, 'amount' | 'ending' | 'cancel'> {
  amounts: string[];
}

// Amounts with odd cents, so that none equals a recent transaction's (journeys find those by
// their amount).
const HISTORY_ROUTES: HistoryRoute[] = [
  {
    product: 'sendc2f',
    from: 'lumen',
    to: pay('anatolia', 'EUR'),
    deposit: 'USDT(TRC20)',
    purpose: 'SUPPLIER_PAYMENT',
    amounts: ['16240.15', '21875.40', '9430.85', '18760.20', '12315.65'],
  },
  {
    product: 'sendf2f',
    from: 'harbor',
    to: pay('mumbai', 'INR'),
    deposit: 'GBP',
    purpose: 'GOODS_PURCHASE',
    amounts: ['845300.55', '912450.35', '612875.45', '930120.65', '758940.15'],
  },
  {
    product: 'receive',
    from: 'lumen',
    to: pay('lumen', 'EUR'),
    deposit: 'USD',
    purpose: 'SERVICES_PURCHASE',
    amounts: ['38210.35', '27645.55', '45180.05', '31920.85', '40375.95'],
  },
  {
    product: 'sendf2f',
    from: 'lumen',
    to: pay('dhaka', 'USD'),
    deposit: 'EUR',
    purpose: 'SUPPLIER_PAYMENT',
    amounts: ['21340.25', '19875.65', '26430.15', '17650.45', '23110.85'],
  },
  {
    product: 'sendc2f',
    from: 'harbor',
    to: pay('meridian', 'USD'),
    deposit: 'USDC(ERC20)',
    purpose: 'GOODS_PURCHASE',
    amounts: ['4210.35', '3875.15', '5120.65', '2980.45', '4460.25'],
  },
  {
    product: 'receive',
    from: 'harbor',
    to: pay('harbor', 'GBP'),
    deposit: 'USD',
    purpose: 'SERVICES_PURCHASE',
    amounts: ['24310.45', '29875.15', '21640.85', '26120.35', '30415.65'],
  },
  {
    product: 'sendc2f',
    from: 'lumen',
    to: pay('dhaka', 'USD'),
    deposit: 'USDT(TRC20)',
    purpose: 'SUPPLIER_PAYMENT',
    amounts: ['58240.35', '61875.15', '49320.45', '66410.25', '54980.85'],
  },
  {
    product: 'sendf2f',
    from: 'harbor',
    to: pay('anatolia', 'EUR'),
    deposit: 'GBP',
    purpose: 'GOODS_PURCHASE',
    amounts: ['13240.65', '15870.35', '11420.15', '16930.45', '12760.85'],
  },
];

/**
 * The months before the recent 30 days: each route's amounts in turn, oldest first, all
 * completed but every ninth, cancelled by the client. Reports of last month and the months
 * before have something to show (docs/decisions/037).
 */
export const HISTORY: SeedTransaction[] = HISTORY_ROUTES[0]!.amounts.flatMap((_, round) =>
  HISTORY_ROUTES.map(({ amounts, ...route }, i) => {
    const cancelled = (round * HISTORY_ROUTES.length + i) % 9 === 8;
    return {
      ...route,
      amount: amounts[round]!,
      ending: cancelled ? 'CANCELED' : 'COMPLETED',
      ...(cancelled ? { cancel: 'CLIENT_REQUEST' as const } : {}),
    };
  }),
);
