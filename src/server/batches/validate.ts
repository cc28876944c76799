// Checking every row of a bulk payout file before anything is created (docs/decisions/033): the
// parties from the local index, the product's currencies, the amount's limits and decimals, the
// purpose, the links, and duplicates inside the file and against recent transactions. Pure: what
// it needs to know is given (`BatchLookups`), so the rules are tested as a table.
import Decimal from 'decimal.js';
import { electronicFormatIBAN, ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import { AMOUNT_LIMITS, amountLimitProblem, decimalsOf, decimalsProblem } from '#/api/money';
import { type Words, wordsCode } from '#/i18n/words';
import { accountNumberKey, ibanKey } from '#/api/payee';
import { HttpUrl } from '#/api/schemas/common';
import { type Currency, depositCurrencies } from '#/api/schemas/reference';
import { type Product, PURPOSES, type Purpose } from '#/api/schemas/transaction';
import { type BatchColumn, type FileProblem, REQUIRED_COLUMNS } from '#/api/batches';
import type { BatchFile } from './file';
import { ROW_PROBLEM } from './words';

export interface KnownMerchant {
  id: number;
  name: string;
  kycStatus: string;
  ownerId: number | null;
  localRegNumber: string | null;
}

export interface KnownAccount {
  id: number;
  businessId: number;
  currencySymbol: string;
  accountStatus: string;
  iban: string | null;
  accountNumber: string | null;
}

/** A transaction of the last 30 days, for duplicates: its account, amount and reference. */
export interface RecentPayment {
  transactionId: number;
  accountId: number;
  amount: string;
  reference: string;
}

/** What validation knows of the partner's records (from the local index and the API). */
export interface BatchLookups {
  /** The merchants a `merchant` cell may name: by id, registration number or exact name. */
  merchants: readonly KnownMerchant[];
  /** The accounts of those merchants and of their circles, and those they have paid before. */
  accounts: readonly KnownAccount[];
  /** `merchant:account` of each pair with a transaction behind it. */
  paid: ReadonlySet<string>;
  currencies: readonly Currency[];
  recent: readonly RecentPayment[];
}

/** A row ready to be created: what the API will be sent, and the file's own reference. */
export interface ValidRow {
  fromBusinessId: number;
  toBusinessExternalAccountId: number;
  fromCurrencySymbol: string;
  toCurrencySymbol: string;
  toAmount: string;
  purpose: Purpose;
  invoiceUrl: string | null;
  depositConfirmationUrl: string | null;
  reference: string;
}

export interface RowResult {
  row: number;
  problems: FileProblem[];
  /** Present when the row has no problem. */
  valid?: ValidRow;
}

/** Who a cell names: an id, a registration number, or a name (case aside). */
function merchantsNamed(text: string, merchants: readonly KnownMerchant[]): KnownMerchant[] {
  if (/^\d+$/.test(text)) {
    const byId = merchants.filter((m) => m.id === Number(text));
    if (byId.length > 0) return byId;
  }
  const byNumber = merchants.filter((m) => m.localRegNumber !== null && m.localRegNumber === text);
  if (byNumber.length > 0) return byNumber;
  const folded = text.toLocaleLowerCase('en');
  return merchants.filter((m) => m.name.toLocaleLowerCase('en') === folded);
}

/**
 * The accounts a sender may pay: a collection its own, the others its customer's circle
 * (decision 030); and any account it has already paid, as the API takes any of the partner's.
 */
function payable(product: Product, sender: KnownMerchant, lookups: BatchLookups): KnownAccount[] {
  const circle = new Set([sender.id]);
  if (product !== 'receive') {
    const customer = sender.ownerId ?? sender.id;
    for (const m of lookups.merchants)
      if (m.id === customer || m.ownerId === customer) circle.add(m.id);
  }
  return lookups.accounts.filter(
    (a) => circle.has(a.businessId) || lookups.paid.has(`${sender.id}:${a.id}`),
  );
}

function accountNamed(text: string, accounts: readonly KnownAccount[]): KnownAccount | undefined {
  if (/^\d+$/.test(text)) {
    const byId = accounts.find((a) => a.id === Number(text));
    if (byId) return byId;
  }
  const iban = ibanKey(text);
  const number = accountNumberKey(text);
  return accounts.find(
    (a) =>
      (a.iban !== null && ibanKey(a.iban) === iban) ||
      (a.accountNumber !== null && accountNumberKey(a.accountNumber) === number),
  );
}

/**
 * What is wrong with a cell written as an IBAN (two letters, two digits, then letters and
 * digits) that is not one: said as such, rather than as an account nobody has.
 */
function ibanMistyped(text: string): Words | undefined {
  const iban = electronicFormatIBAN(text);
  if (!iban || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return undefined;
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.length === 0) return undefined;
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return ROW_PROBLEM.ibanNoCountry;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return ROW_PROBLEM.ibanLength;
  return ROW_PROBLEM.ibanCheckDigits;
}

const duplicateKey = (accountId: number, amount: string, reference: string) =>
  `${accountId}|${new Decimal(amount).toFixed()}|${reference.trim().toLocaleLowerCase('en')}`;

/**
 * Every row's problems, in words that name the column (stored as codes of words, told in the
 * reader's language); the valid rows as they will be sent.
 */
export function validateRows(
  product: Product,
  file: Pick<BatchFile, 'rows' | 'amounts' | 'problems'>,
  lookups: BatchLookups,
): RowResult[] {
  const deposits = depositCurrencies(product, lookups.currencies);
  const payouts = lookups.currencies.filter((c) => c.sendTo);
  const seen = new Map<string, number>();
  const recent = new Map(
    lookups.recent.map((p) => [duplicateKey(p.accountId, p.amount, p.reference), p]),
  );
  return file.rows.map(({ row, values }) => {
    const problems: FileProblem[] = file.problems.filter((p) => p.row === row);
    const say = (column: BatchColumn, words: Words, said: Record<string, string | number> = {}) =>
      problems.push({ row, column, message: wordsCode(words, { column, ...said }) });
    for (const column of REQUIRED_COLUMNS)
      if (values[column] === '') say(column, ROW_PROBLEM.required);

    let sender: KnownMerchant | undefined;
    if (values.merchant !== '') {
      const named = merchantsNamed(values.merchant, lookups.merchants);
      const value = values.merchant;
      if (named.length === 0) say('merchant', ROW_PROBLEM.merchantUnknown, { value });
      else if (named.length > 1)
        say('merchant', ROW_PROBLEM.merchantAmbiguous, {
          value,
          count: named.length,
          ids: named.map((m) => `#${m.id}`).join(', '),
        });
      else if (named[0]!.kycStatus !== 'VALID')
        say('merchant', ROW_PROBLEM.merchantNotValid, {
          name: named[0]!.name,
          id: named[0]!.id,
          status: named[0]!.kycStatus,
        });
      else sender = named[0];
    }

    let account: KnownAccount | undefined;
    if (sender && values.payout_account !== '') {
      const found = accountNamed(values.payout_account, payable(product, sender, lookups));
      const value = values.payout_account;
      const mistyped = found ? undefined : ibanMistyped(value);
      if (mistyped)
        say('payout_account', mistyped, { value, country: value.trim().slice(0, 2).toUpperCase() });
      else if (!found)
        say(
          'payout_account',
          product === 'receive' ? ROW_PROBLEM.notAccountOf : ROW_PROBLEM.notPayableBy,
          { value, merchant: sender.name },
        );
      else if (found.accountStatus !== 'ACTIVE')
        say('payout_account', ROW_PROBLEM.accountNotActive, {
          id: found.id,
          status: found.accountStatus,
        });
      else account = found;
    }

    let deposit: Currency | undefined;
    if (values.deposit_currency !== '') {
      deposit = deposits.find(
        (c) => c.symbol.toUpperCase() === values.deposit_currency.toUpperCase(),
      );
      if (!deposit)
        say('deposit_currency', ROW_PROBLEM.notDepositCurrency, {
          value: values.deposit_currency,
          currencies: deposits.map((c) => c.symbol).join(', '),
        });
    }
    if (account && !payouts.some((c) => c.symbol === account.currencySymbol))
      say('payout_account', ROW_PROBLEM.notPayoutCurrency, { currency: account.currencySymbol });

    const amount = file.amounts.get(row);
    if (amount !== undefined) {
      // The limits' and the decimals' rule of src/api/money.ts, in words of a row.
      const currency = account?.currencySymbol ?? '';
      if (amountLimitProblem(amount))
        say(
          'payout_amount',
          account ? ROW_PROBLEM.amountOutside : ROW_PROBLEM.amountOutsideNoCurrency,
          { ...AMOUNT_LIMITS, currency },
        );
      else if (account && decimalsProblem(amount, currency)) {
        const decimals = decimalsOf(currency);
        if (decimals === 0) say('payout_amount', ROW_PROBLEM.amountWhole, { currency });
        else say('payout_amount', ROW_PROBLEM.amountDecimals, { decimals, currency });
      }
    }

    const purpose = values.purpose.toUpperCase().replace(/[\s-]+/g, '_');
    if (values.purpose !== '' && !(PURPOSES as readonly string[]).includes(purpose))
      say('purpose', ROW_PROBLEM.notPurpose, {
        value: values.purpose,
        purposes: PURPOSES.join(', '),
      });

    for (const column of ['invoice_url', 'deposit_confirmation_url'] as const)
      if (values[column] !== '' && !HttpUrl.safeParse(values[column]).success)
        say(column, ROW_PROBLEM.notUrl);

    if (account && amount !== undefined) {
      const key = duplicateKey(account.id, amount, values.reference);
      const earlier = seen.get(key);
      if (earlier !== undefined) say('reference', ROW_PROBLEM.repeatsRow, { row: earlier });
      else seen.set(key, row);
      const paid = recent.get(key);
      if (paid) say('reference', ROW_PROBLEM.repeatsPaid, { id: paid.transactionId });
    }

    if (problems.length > 0 || !sender || !account || !deposit || amount === undefined)
      return { row, problems };
    return {
      row,
      problems,
      valid: {
        fromBusinessId: sender.id,
        toBusinessExternalAccountId: account.id,
        fromCurrencySymbol: deposit.symbol,
        toCurrencySymbol: account.currencySymbol,
        toAmount: amount,
        purpose: purpose as Purpose,
        invoiceUrl: values.invoice_url || null,
        depositConfirmationUrl: values.deposit_confirmation_url || null,
        reference: values.reference,
      },
    };
  });
}
