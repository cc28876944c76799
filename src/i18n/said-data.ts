// Words as data (decision 092): words with their values in a form that may be stored as JSON and
// told later, by whoever reads them, in the reader's language. Apart from ./words.ts, which the
// sign-in page loads: only the signed-in dashboard and the server tell stored words.
import type { I18n } from '@lingui/core';
import { type Said, tell, wordsById, type Words } from './words';

/** An amount inside stored words: written with its currency's decimals in the reader's formats. */
export interface AmountValue {
  amount: string;
  currency: string;
}

/** A list inside stored words: joined as the reader's language joins them ("A, B and C"). */
export interface ListValue {
  items: (string | SaidData)[];
  join: 'and' | 'or';
}

/**
 * Words as data (decision 092): what may be stored as JSON and told later, by id. Its values are
 * text, numbers, amounts, lists, or words themselves. The words must be known by id
 * (`codedWords`).
 */
export interface SaidData {
  id: string;
  values?: Record<string, string | number | AmountValue | ListValue | SaidData>;
}

/** Words (of a `codedWords` table) and their values as data to store. */
export const saidData = (words: Words, values?: SaidData['values']): SaidData =>
  values ? { id: words.id, values } : { id: words.id };

const isAmount = (value: object): value is AmountValue => 'amount' in value && 'currency' in value;
const isList = (value: object): value is ListValue => 'items' in value && 'join' in value;

/**
 * Stored words to tell: `Said` with the amounts written by `amount` (the browser writes them in the
 * person's formats, the server in the language's). Words whose id no table knows are the id.
 */
export function saidOf(
  data: SaidData,
  amount: (value: AmountValue) => (i18n: I18n) => string,
): Said {
  const words = wordsById(data.id) ?? { id: data.id, message: data.id };
  if (!data.values) return { words };
  const values: NonNullable<Said['values']> = {};
  for (const [name, value] of Object.entries(data.values)) {
    if (typeof value !== 'object') values[name] = value;
    else if (isAmount(value)) values[name] = amount(value);
    else if (isList(value)) {
      const items = value.items.map((item) =>
        typeof item === 'string' ? item : saidOf(item, amount),
      );
      const type = value.join === 'and' ? 'conjunction' : 'disjunction';
      values[name] = (i18n) =>
        new Intl.ListFormat(i18n.locale, { type }).format(
          items.map((item) => (typeof item === 'string' ? item : tell(i18n, item))),
        );
    } else values[name] = saidOf(value, amount);
  }
  return { words, values };
}

/**
 * Said words as data to store: their values must be text, numbers or words themselves (a value
 * written by a function cannot be stored; it is left out).
 */
export function dataOf(what: Said): SaidData {
  if (!what.values) return { id: what.words.id };
  const values: NonNullable<SaidData['values']> = {};
  for (const [name, value] of Object.entries(what.values))
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    else if (typeof value === 'object') values[name] = dataOf(value);
  return { id: what.words.id, values };
}

/** Whether a stored value is words as data (a JSON column read back). */
export const isSaidData = (value: unknown): value is SaidData =>
  typeof value === 'object' && value !== null && typeof (value as SaidData).id === 'string';
