// Test support shared by the SPA's and the server's tests: a transaction record as the API
// sends it, a payout just created by default; override what a test is about.
import { BATCH_COLUMNS } from './batches';
import type { BankDetails, QuoteInfo } from './controls';
import type { Transaction } from './schemas/transaction';

export function transactionRecord(overrides: Partial<Transaction> = {}): Transaction {
  return {
    businessRequestId: 7,
    creationTime: 1_000,
    lastUpdateTime: 1_000,
    toAmount: '100.00',
    fromAmount: null,
    purpose: 'GOODS_PURCHASE',
    quoteApprovedDate: null,
    depositApprovedDate: null,
    depositReceivedDate: null,
    depositReceivedAmount: null,
    payout: null,
    fromCurrencySymbol: 'USDT(TRC20)',
    toCurrencySymbol: 'EUR',
    fromBusinessId: 1,
    toBusinessExternalAccountId: 2,
    toBusinessId: 1,
    clientStatus: 'OnOff_PENDING',
    payoutStatus: 'NONE',
    cancelReason: null,
    ...overrides,
  };
}

/** A transfer deposited in EUR by bank, with `reference`, and paid out as 500.00 USD. */
export const eurInUsdOut = (reference: string): Partial<Transaction> => ({
  toAmount: '500.00',
  toCurrencySymbol: 'USD',
  fromAmount: '460.05',
  fromCurrencySymbol: 'EUR',
  bankDetails: {
    bankName: 'Bank',
    accountNumber: '1',
    reference,
    bankAddress: 'Street 1',
    nameOnAccount: 'Service',
  },
});

/** A transaction that completed at `completed` (ISO), created an hour before. */
export function completedRecord(
  id: number,
  completed: string,
  overrides: Partial<Transaction> = {},
): Transaction {
  return transactionRecord({
    businessRequestId: id,
    creationTime: Date.parse(completed) - 3_600_000,
    lastUpdateTime: Date.parse(completed),
    clientStatus: 'OnOff_COMPLETED',
    ...overrides,
  });
}

/**
 * Reads until `done` holds, every `everyMs`, and answers that value. After `ms` it throws with
 * the last value read, so a test that waits for something that never comes says what it saw.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  { ms = 10_000, everyMs = 25 }: { ms?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      let seen: string;
      try {
        seen = JSON.stringify(value)?.slice(0, 800) ?? String(value);
      } catch {
        seen = String(value);
      }
      throw new Error(`Not so within ${ms} ms; the last read gave ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The header of a bulk payout file of the template's six usual columns. */
export const BATCH_HEADER = BATCH_COLUMNS.slice(0, 6).join(',');

/** A bulk payout file: these rows (CSV lines) under `BATCH_HEADER`. */
export const batchCsv = (rows: string[]) => `${[BATCH_HEADER, ...rows].join('\n')}\n`;

/** A German payee's bank details, as a payout account holds them. */
export const LUMEN_BANK_DETAILS: BankDetails = {
  iban: 'DE89370400440532013000',
  accountNumber: null,
  swiftCode: 'COBADEFFXXX',
  routingNumber: null,
  accountHolderName: 'Lumen Textiles GmbH',
  countryIso: 'DE',
};

/** A quote the API gave at 1 s that expired at 2 s (nobody may approve it any more). */
export const EXPIRED_QUOTE: QuoteInfo = {
  source: 'api',
  depositAmount: '109.60',
  rate: '0.91',
  rateGiven: true,
  fee: null,
  quotedAt: 1_000,
  expiresAt: 2_000,
  expired: true,
  referenceRate: null,
  markupPercent: null,
};
