// Payee safety (docs/decisions/025), shared by the payout account form and the dashboard server:
// which fields are an account's bank details, an IBAN, BIC and bank country that agree, what an
// IBAN tells about its bank, and how a payee is recorded and shown masked.
import { electronicFormatIBAN, extractIBAN } from 'ibantools';

/** The fields whose change sends money elsewhere: held for approval on an ACTIVE account. */
export const BANK_DETAIL_FIELDS = [
  'iban',
  'accountNumber',
  'swiftCode',
  'routingNumber',
  'accountHolderName',
  'countryIso',
] as const;
export type BankDetailField = (typeof BANK_DETAIL_FIELDS)[number];

export type BankDetails = Record<BankDetailField, string | null>;

/**
 * Territories whose banks use another country's IBAN prefix (and often its BICs): a Réunion
 * account has an FR IBAN, a Jersey one a GB IBAN. Each maps to the country it shares with.
 */
const SHARES_WITH: Record<string, string> = {
  GF: 'FR',
  GP: 'FR',
  MQ: 'FR',
  RE: 'FR',
  YT: 'FR',
  PM: 'FR',
  BL: 'FR',
  MF: 'FR',
  NC: 'FR',
  PF: 'FR',
  WF: 'FR',
  JE: 'GB',
  GG: 'GB',
  IM: 'GB',
  AX: 'FI',
};

/** Two country codes a bank's IBAN, BIC and address may mix without being wrong. */
export function sameBankCountry(a: string, b: string): boolean {
  return (SHARES_WITH[a] ?? a) === (SHARES_WITH[b] ?? b);
}

/** The electronic form of an IBAN ("de89 3704…" → "DE893704…"), or the text as given. */
export function ibanKey(iban: string): string {
  return electronicFormatIBAN(iban) ?? iban.trim().toUpperCase();
}

/** An account number as compared between accounts: no spaces, dashes or dots, upper case. */
export function accountNumberKey(accountNumber: string): string {
  return accountNumber.replace(/[\s\-.]/g, '').toUpperCase();
}

/** What a valid IBAN says about its bank: its country, and its bank code where it carries one. */
export function fromIban(iban: string): { countryIso: string; bankCode?: string } | undefined {
  const parts = extractIBAN(ibanKey(iban));
  if (!parts.valid) return undefined;
  const bankCode = [parts.bankIdentifier, parts.branchIdentifier].filter(Boolean).join('');
  return { countryIso: parts.countryCode!, ...(bankCode ? { bankCode } : {}) };
}

export interface FieldProblem {
  field: string;
  message: string;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The bank details of an account, each in the form they are compared in. */
export function bankDetailsOf(account: Partial<Record<BankDetailField, unknown>>): BankDetails {
  const iban = text(account.iban);
  const number = text(account.accountNumber);
  const bic = text(account.swiftCode);
  const country = text(account.countryIso);
  return {
    iban: iban && ibanKey(iban),
    accountNumber: number,
    swiftCode: bic && bic.toUpperCase(),
    routingNumber: text(account.routingNumber),
    accountHolderName: text(account.accountHolderName),
    countryIso: country && country.toUpperCase(),
  };
}

/**
 * The bank details an update would leave the account with: a field the body leaves out keeps
 * its value, null or blank clears it (as the API applies an update).
 */
export function bankDetailsAfter(current: BankDetails, body: Record<string, unknown>): BankDetails {
  const after = { ...current };
  const given = bankDetailsOf(body);
  for (const field of BANK_DETAIL_FIELDS) if (field in body) after[field] = given[field];
  return after;
}

/**
 * The other fields an account update may change (the bank's name, its address): they do not send
 * money elsewhere, so a change of them alone is not held, but an approver of new bank details
 * sees each of them that the same update changes (docs/decisions/065).
 */
export const OTHER_ACCOUNT_FIELDS = [
  'bankName',
  'address',
  'streetNumber',
  'city',
  'state',
  'zipCode',
] as const;
export type OtherAccountField = (typeof OTHER_ACCOUNT_FIELDS)[number];

export const OTHER_ACCOUNT_LABEL: Record<OtherAccountField, string> = {
  bankName: 'Bank name',
  address: 'Address',
  streetNumber: 'Street number',
  city: 'City',
  state: 'State or region',
  zipCode: 'Postal code',
};

/** A field an update changes besides the bank details: from what, to what (null: none). */
export interface OtherChange {
  field: OtherAccountField;
  before: string | null;
  after: string | null;
}

/** The fields besides the bank details that an update body changes on an account. */
export function otherAccountChanges(
  account: Partial<Record<OtherAccountField, unknown>>,
  body: Record<string, unknown>,
): OtherChange[] {
  return OTHER_ACCOUNT_FIELDS.filter((field) => field in body)
    .map((field) => ({ field, before: text(account[field]), after: text(body[field]) }))
    .filter((c) => c.before !== c.after);
}

/** An IBAN as people read it, in groups of four: "GB82 WEST 1234 5698 7654 32". */
export const groupedIban = (iban: string) =>
  iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** The bank detail fields that differ between two sets of details. */
export function changedBankDetails(before: BankDetails, after: BankDetails): BankDetailField[] {
  const same = (field: BankDetailField) =>
    field === 'accountNumber'
      ? (before.accountNumber && accountNumberKey(before.accountNumber)) ===
        (after.accountNumber && accountNumberKey(after.accountNumber))
      : before[field] === after[field];
  return BANK_DETAIL_FIELDS.filter((field) => !same(field));
}

/** An IBAN or account number as a record of a payment shows it: "DE89 •••• 3000", "•••• 6789". */
export function maskedNumber(details: Pick<BankDetails, 'iban' | 'accountNumber'>): string {
  if (details.iban) return `${details.iban.slice(0, 4)} •••• ${details.iban.slice(-4)}`;
  const number = details.accountNumber ? accountNumberKey(details.accountNumber) : '';
  return number ? `•••• ${number.slice(-4)}` : '—';
}
