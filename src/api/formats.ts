// A person's formats (docs/decisions/037): the locale that spells numbers, amounts and dates,
// checked against what Intl knows. Shared by the dashboard server (statements) and the SPA.
import currencyCodes from 'currency-codes';
import { type DecimalMark, decimalPlaces, decimalsOf } from './money';

/** Whether `zone` is an IANA time zone this runtime knows, such as Europe/Berlin. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const calendars = new Map<string, Intl.DateTimeFormat>();

/**
 * The date and time on the wall clock of `zone` at `ms`, as milliseconds as if it were UTC (the
 * difference from `ms` is the zone's offset then). Intl only: no date library in the first load.
 */
export function wallClock(ms: number, zone: string): number {
  let format = calendars.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    calendars.set(zone, format);
  }
  // One formatting per call: each one costs microseconds, and reports ask for thousands.
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(ms)) part[p.type] = Number(p.value);
  return Date.UTC(
    part.year ?? 0,
    (part.month ?? 1) - 1,
    part.day ?? 0,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
}

/** Whether `locale` is a BCP 47 tag Intl can format with, such as de-DE or en-GB. */
export function isLocale(locale: string): boolean {
  if (locale.length === 0 || locale.length > 35) return false;
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

/** The locales people choose from on their account page (any other valid tag is kept too). */
export const LOCALE_CHOICES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-GB', label: 'English (United Kingdom)' },
  { value: 'de-DE', label: 'Deutsch (Deutschland)' },
  { value: 'de-CH', label: 'Deutsch (Schweiz)' },
  { value: 'fr-FR', label: 'Français (France)' },
  { value: 'es-ES', label: 'Español (España)' },
  { value: 'it-IT', label: 'Italiano (Italia)' },
  { value: 'nl-NL', label: 'Nederlands (Nederland)' },
  { value: 'pt-BR', label: 'Português (Brasil)' },
  { value: 'tr-TR', label: 'Türkçe (Türkiye)' },
  { value: 'pl-PL', label: 'Polski (Polska)' },
  { value: 'sv-SE', label: 'Svenska (Sverige)' },
  { value: 'ja-JP', label: '日本語 (日本)' },
  { value: 'en-IN', label: 'English (India)' },
];

const numberFormats = new Map<string, Intl.NumberFormat>();
/** Intl's formats are costly to make: one per locale, style and digits, kept. */
function numberFormat(locale: string, currency: string | undefined, digits: [number, number]) {
  const key = `${locale}|${currency ?? ''}|${digits.join('-')}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency } : {}),
      minimumFractionDigits: digits[0],
      maximumFractionDigits: digits[1],
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Intl formats a decimal string exactly (no float on the way): its own digits are kept, padded
 * to the currency's decimals.
 */
const exactly = (amount: string) => amount as unknown as number;

/** An amount padded to its currency's decimals, in a locale (en-US unless told): `12,500.50`. */
export function formatAmount(amount: string, symbol: string, locale = 'en-US'): string {
  return formatDecimal(amount, decimalsOf(symbol), locale);
}

/** A decimal amount in the locale's digits, grouping and separator, padded to `decimals`. */
export function formatDecimal(amount: string, decimals: number, locale: string): string {
  const own = decimalPlaces(amount);
  return numberFormat(locale, undefined, [decimals, Math.max(decimals, own)]).format(
    exactly(amount),
  );
}

/** A piece of an amount as written: the number, its currency, or what stands between. */
export interface MoneyPart {
  kind: 'number' | 'currency' | 'space';
  text: string;
}

/**
 * An amount with its currency as the locale writes it, in pieces (to set the currency apart):
 * `12.500,50 €` in de-DE, `€12,500.50` in en-US. A symbol ISO 4217 does not know (crypto:
 * `USDT(TRC20)`) follows the number.
 */
export function moneyParts(amount: string, symbol: string, locale: string): MoneyPart[] {
  const decimals = decimalsOf(symbol);
  if (!/^[A-Z]{3}$/.test(symbol) || !currencyCodes.code(symbol))
    return [
      { kind: 'number', text: formatDecimal(amount, decimals, locale) },
      { kind: 'space', text: ' ' },
      { kind: 'currency', text: symbol },
    ];
  const digits: [number, number] = [decimals, Math.max(decimals, decimalPlaces(amount))];
  const parts: MoneyPart[] = [];
  for (const part of numberFormat(locale, symbol, digits).formatToParts(exactly(amount))) {
    const kind =
      part.type === 'currency' ? 'currency' : part.type === 'literal' ? 'space' : 'number';
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += part.value;
    else parts.push({ kind, text: part.value });
  }
  return parts;
}

/** An amount with its currency as the locale writes it: `12.500,50 €`, `€12,500.50`. */
export const formatMoneyIn = (amount: string, symbol: string, locale: string): string =>
  moneyParts(amount, symbol, locale)
    .map((p) => p.text)
    .join('');

/** The mark a locale writes before decimals: a comma (de-DE) or a point (otherwise). */
export function decimalMarkOf(locale: string): DecimalMark {
  const parts = numberFormat(locale, undefined, [1, 1]).formatToParts(1.5);
  return parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
}
