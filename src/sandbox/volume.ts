// Volume data for measuring the dashboard at scale (`npm run -s sandbox -- seed volume`):
// customers with one EUR payout account each, and transactions between them spread over the
// last year in every status. Written straight into the store in large transactions, without
// events or timers: it is a fixture for measurement, not a story to follow.
import Decimal from 'decimal.js';
import type { Store } from './store';
import { recipientSnapshot } from './domain/transactions';
import type { RecipientSnapshot, TransactionRecord } from './store/transactions';

const FIRST = [
  'Acme',
  'Blue',
  'Cedar',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Harbor',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nordic',
  'Orbit',
  'Pioneer',
  'Quartz',
  'Riverside',
  'Summit',
  'Tidal',
  'Umber',
  'Vertex',
  'Willow',
  'Xenon',
  'Yonder',
  'Zephyr',
];
const SECOND = [
  'Textiles',
  'Logistics',
  'Trading',
  'Foods',
  'Software',
  'Pharma',
  'Freight',
  'Ceramics',
  'Coffee',
  'Spices',
  'Metals',
  'Print',
  'Health',
  'Motors',
  'Energy',
  'Garments',
];
const FORM = ['GmbH', 'Ltd', 'S.A.', 'B.V.', 'Inc.', 'AG', 'K.K.', 'Pvt Ltd'];

/** The statuses volume transactions end in, with how often (out of 100). */
const ENDINGS: Array<[status: string, share: number]> = [
  ['OnOff_COMPLETED', 70],
  ['OnOff_CANCELED', 8],
  ['OnOff_AWAITING_QUOTE_APPROVAL', 6],
  ['OnOff_AWAITING_DEPOSIT', 6],
  ['OnOff_IN_PROGRESS', 6],
  ['OnOff_PENDING', 4],
];

const DAY = 86_400_000;

/** A deterministic pseudo-random sequence, so that two runs build the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface VolumeOptions {
  merchants: number;
  transactions: number;
  /** Progress, after each chunk. */
  onProgress?: (what: 'merchants' | 'transactions', done: number) => void;
  now?: number;
}

export function seedVolume(store: Store, partnerId: number, options: VolumeOptions) {
  const now = options.now ?? Date.now();
  const next = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const accounts: Array<{ id: number; businessId: number; recipient: RecipientSnapshot }> = [];
  const CHUNK = 5_000;
  const year = 365 * DAY;

  for (let done = 0; done < options.merchants;) {
    const size = Math.min(CHUNK, options.merchants - done);
    store.write(() => {
      for (let i = 0; i < size; i++) {
        const n = done + i;
        const created = now - year + Math.floor((n / options.merchants) * (year - DAY));
        const name = `${pick(FIRST)} ${pick(SECOND)} ${n} ${pick(FORM)}`;
        const merchant = store.merchants.insert(
          partnerId,
          {
            name,
            contactOwnerBusinessId: null,
            localRegNumber: `REG ${100000 + n}`,
            countryIso: 'DE',
            state: null,
            city: 'Berlin',
            address: 'Torstraße',
            streetNumber: String(1 + (n % 200)),
            zipcode: '10119',
            kycStatus: n % 50 === 0 ? 'ACTION_NEEDED' : 'VALID',
            contactName: 'Alex Volume',
            contactEmail: `finance${n}@volume.example`,
            contactPhonePrefix: '49',
            contactPhone: '301234567',
            industry: 'MANUFACTURING',
          },
          created,
        );
        const account = store.payoutAccounts.insert(
          partnerId,
          {
            accountNumber: null,
            accountHolderName: name,
            bankName: 'Volume Bank',
            swiftCode: 'COBADEFFXXX',
            iban: `DE${String(10 + (n % 89)).padStart(2, '0')}37040044${String(n).padStart(10, '0')}`,
            routingNumber: null,
            countryIso: 'DE',
            address: null,
            streetNumber: null,
            city: null,
            state: null,
            zipCode: null,
            businessId: merchant.id,
            currencySymbol: 'EUR',
            accountStatus: 'ACTIVE',
          },
          created,
        );
        accounts.push({
          id: account.id,
          businessId: merchant.id,
          recipient: recipientSnapshot(account),
        });
      }
    });
    done += size;
    options.onProgress?.('merchants', done);
  }

  const endings = ENDINGS.flatMap(([status, share]) => Array<string>(share).fill(status));
  for (let done = 0; done < options.transactions;) {
    const size = Math.min(CHUNK * 4, options.transactions - done);
    store.write(() => {
      for (let i = 0; i < size; i++) {
        const n = done + i;
        const from = pick(accounts);
        const to = pick(accounts);
        const created = now - year + Math.floor((n / options.transactions) * (year - DAY));
        const status = pick(endings);
        const toAmount = new Decimal(Math.floor(next() * 999_900) + 100).div(100).toFixed(2);
        const fromAmount = new Decimal(toAmount).mul('1.0915').toFixed(6);
        const quoted = status !== 'OnOff_PENDING';
        const approved = quoted && status !== 'OnOff_AWAITING_QUOTE_APPROVAL';
        const deposited = ['OnOff_IN_PROGRESS', 'OnOff_COMPLETED'].includes(status);
        const record: Omit<TransactionRecord, 'businessRequestId'> = {
          product: 'sendc2f',
          creationTime: created,
          lastUpdateTime: created + (status === 'OnOff_COMPLETED' ? 3_600_000 : 60_000),
          toAmount,
          fromAmount: quoted ? fromAmount : null,
          rate: '0.9161704077',
          purpose: 'GOODS_PURCHASE',
          quoteApprovedDate: approved && status !== 'OnOff_CANCELED' ? created + 60_000 : null,
          depositApprovedDate: deposited ? created + 120_000 : null,
          depositReceivedDate: deposited ? created + 120_000 : null,
          depositReceivedAmount: deposited ? fromAmount : null,
          payout: status === 'OnOff_COMPLETED' ? toAmount : null,
          fromCurrencySymbol: 'USDT(TRC20)',
          toCurrencySymbol: 'EUR',
          fromBusinessId: from.businessId,
          toBusinessExternalAccountId: to.id,
          toBusinessId: to.businessId,
          clientStatus: status,
          payoutStatus: 'NONE',
          cancelReason: status === 'OnOff_CANCELED' ? 'CLIENT_REQUEST' : null,
          otherReason: null,
          walletDetails: approved ? { walletAddress: 'TVolume1111111111111111111111111111' } : null,
          bankDetails: null,
          invoiceUrl: null,
          depositConfirmationUrl: null,
          completedTime: status === 'OnOff_COMPLETED' ? created + 3_600_000 : null,
          recipient: to.recipient,
        };
        store.transactions.insert(partnerId, record);
      }
    });
    done += size;
    options.onProgress?.('transactions', done);
  }
  return {
    merchants: options.merchants,
    accounts: accounts.length,
    transactions: options.transactions,
  };
}
