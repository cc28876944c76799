// Formatting for the screen (docs/decisions/037), all through Intl in the person's locale and time
// zone (their browser's until they choose): money by its currency's decimals (exactly, from the
// decimal string, never a float), counts, times; enum values in words.
import {
  formatAmount as amountIn,
  formatDecimal,
  formatMoneyIn,
  isLocale,
  isTimeZone,
  moneyParts,
} from '#/api/formats';
import { humanize } from '#/api/words';

export { humanize };

export interface Formats {
  locale: string;
  timeZone: string;
}

const browserFormats = (): Formats => {
  const resolved = new Intl.DateTimeFormat().resolvedOptions();
  return { locale: resolved.locale || 'en-US', timeZone: resolved.timeZone || 'UTC' };
};

/** Every Intl format of the screen, made once per locale and zone. */
function formattersOf({ locale, timeZone }: Formats) {
  return {
    dateTime: new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    }),
    exact: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long', timeZone }),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }),
    shortTime: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }),
    mediumTime: new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone }),
    count: new Intl.NumberFormat(locale),
    /** By the number of decimals shown. */
    percent: new Map<number, Intl.NumberFormat>(),
  };
}

/** A locale and zone with its formats, made once per pair (a server draws for many people). */
export interface FormatState {
  formats: Formats;
  formatters: ReturnType<typeof formattersOf>;
}
const made = new Map<string, FormatState>();

/** A person's choices (null: the browser's) as formats: only what Intl knows is taken. */
export function formatStateFor(chosen: {
  locale: string | null;
  timeZone: string | null;
}): FormatState {
  const browser = browserFormats();
  const formats = {
    locale: chosen.locale && isLocale(chosen.locale) ? chosen.locale : browser.locale,
    timeZone: chosen.timeZone && isTimeZone(chosen.timeZone) ? chosen.timeZone : browser.timeZone,
  };
  const key = `${formats.locale} ${formats.timeZone}`;
  let state = made.get(key);
  if (!state) {
    if (made.size >= 64) made.clear();
    state = { formats, formatters: formattersOf(formats) };
    made.set(key, state);
  }
  return state;
}

let shown = formatStateFor({ locale: null, timeZone: null });
let version = 0;
const listeners = new Set<() => void>();

/** The formats in use: this page's, or, while the server draws a page, that page's person's. */
let inUse = (): FormatState => shown;

/**
 * For the server, which draws pages for several people at once (docs/decisions/059): the
 * formats of the page being drawn, or undefined outside one.
 */
export function formatsWithin(ofPage: () => FormatState | undefined) {
  inUse = () => ofPage() ?? shown;
}

/** The locale and time zone every format uses now. */
export const currentFormats = (): Formats => inUse().formats;

/**
 * Uses a person's choices (null: the browser's). Pages drawn before redraw when the formats
 * change (`subscribeFormats`).
 */
export function setFormats(chosen: { locale: string | null; timeZone: string | null }) {
  const next = formatStateFor(chosen);
  if (next === shown) return;
  shown = next;
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: told when the formats change; `formatsVersion` counts changes. */
export function subscribeFormats(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const formatsVersion = () => version;

/** An API amount in the person's locale, padded to its currency's decimals: `12.500,50`. */
export const formatAmount = (amount: string, symbol: string) =>
  amountIn(amount, symbol, currentFormats().locale);

/** An amount with its currency as the person's locale writes it: `12.500,50 €`, `€12,500.50`. */
export const formatMoney = (amount: string, symbol: string) =>
  formatMoneyIn(amount, symbol, currentFormats().locale);

/** The pieces of `formatMoney`, to set the currency apart on screen. */
export const formatMoneyParts = (amount: string, symbol: string) =>
  moneyParts(amount, symbol, currentFormats().locale);

/** A count in the person's locale: `1.250` in German. */
export const formatCount = (n: number) => inUse().formatters.count.format(n);

export function formatDateTime(ms: number): string {
  return inUse().formatters.dateTime.format(ms);
}

/** The day alone: `Nov 22, 2026`, `22.11.2026`. */
export const formatDate = (ms: number) => inUse().formatters.date.format(ms);

/**
 * A date and time split where a line may break: the day, what the locale writes between, and
 * the time (`Nov 30, 2026`, `, `, `4:58 AM`), so that a narrow screen wraps it whole.
 */
export function formatDateTimeParts(ms: number): [string, string, string] {
  const parts = inUse().formatters.dateTime.formatToParts(ms);
  const hour = parts.findIndex((p) => p.type === 'hour');
  if (hour <= 0) return [formatDateTime(ms), '', ''];
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join('');
  return [text(0, hour - 1), parts[hour - 1]!.value, text(hour)];
}

export function formatExactTime(ms: number): string {
  return inUse().formatters.exact.format(ms);
}

/** The time of day alone: `14:05` (short) or `14:05:09` (medium). */
export const formatTime = (ms: number, style: 'short' | 'medium') =>
  inUse().formatters[style === 'short' ? 'shortTime' : 'mediumTime'].format(ms);

/**
 * A rate as the dashboard shows it (`0.9124423963`, `0,9124423963` in German): every digit the
 * API gave, none added and none cut (docs/decisions/067), in the person's locale.
 */
export function formatRate(rate: number | string): string {
  let text = typeof rate === 'number' ? String(rate) : rate;
  // A very small or large number reads "1e-7" in JavaScript: written out in full instead.
  if (/e/i.test(text))
    text = Number(text)
      .toFixed(20)
      .replace(/\.?0+$/, '');
  return formatDecimal(text, 0, currentFormats().locale);
}

/**
 * A percentage the API or the server gives as a decimal string of percent ("12.3", "1.00"), as
 * the person's locale writes it with the same decimals: `12.3%`, `12,3 %`, `1.00%`. For reading
 * only: the float is never summed.
 */
export function formatPercent(percent: string): string {
  const digits = Math.min((percent.split('.')[1] ?? '').length, 4);
  const { formats, formatters } = inUse();
  let format = formatters.percent.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(formats.locale, {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.percent.set(digits, format);
  }
  return format.format(Number(percent) / 100);
}
