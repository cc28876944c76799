// Words kept apart from where they show (decision 091): code that runs on the server and in the
// browser alike (the contract in src/api, the server) names its messages as descriptors with an
// id of their own, marked /*i18n*/ for `npm run i18n`, and whoever shows one translates it then.
import type { I18n, MessageDescriptor } from '@lingui/core';

export type Words = MessageDescriptor & { message: string };

/**
 * The English of `words`, for what stays English by design: the audit trail, logs, and answers
 * to integrations that ask in no language.
 */
export const english = (words: Words): string => words.message;

/** A table of words in English, for what stays English (see `english`). */
export const englishOf = <K extends string>(table: Record<K, Words>): Record<K, string> =>
  Object.fromEntries(
    Object.entries<Words>(table).map(([key, words]) => [key, words.message]),
  ) as Record<K, string>;

/**
 * Words with the values they name: a sentence told in its reader's language. A value may be words
 * itself, or written for the language (a list of names joined as the language joins them).
 */
export interface Said {
  words: Words;
  values?: Record<string, string | number | Said | ((i18n: I18n) => string)>;
}

export const said = (words: Words, values?: Said['values']): Said =>
  values ? { words, values } : { words };

export const isSaid = (value: unknown): value is Said => {
  if (typeof value !== 'object' || value === null || !('words' in value)) return false;
  const words = value.words;
  return typeof words === 'object' && words !== null && 'id' in words && 'message' in words;
};

/**
 * Words as a message travels inside text that must stay a string (a zod issue's message): their
 * id and values, `i18n:validation.maxChars?max=200`. Whoever shows the message writes it in the
 * reader's language (`wordsOfText`); text that is not such a code is shown as it is.
 */
const CODE = 'i18n:';
const known = new Map<string, Words>();

/** Words that may travel as codes, known by id to whoever reads a code. */
export function codedWords<T extends Record<string, Words>>(table: T): T {
  for (const words of Object.values(table)) known.set(words.id, words);
  return table;
}

/** `words` (of a `codedWords` table) with their values, as a code in text. */
export function wordsCode(words: Words, values?: Record<string, string | number>): string {
  const query = values
    ? new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))
    : undefined;
  return `${CODE}${words.id}${query ? `?${query.toString()}` : ''}`;
}

/** What a code in text says (numbers as numbers, for plurals), or undefined for plain text. */
export function wordsOfText(text: string): Said | undefined {
  if (!text.startsWith(CODE)) return undefined;
  const [id = '', query = ''] = text.slice(CODE.length).split('?');
  const words = known.get(id);
  if (!words) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of new URLSearchParams(query))
    // A number only where it reads back the same: a typed "0012" or "1.50" stays as typed.
    values[name] =
      /^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) === value ? Number(value) : value;
  return { words, values };
}

/**
 * A text in English: a code's words with their values put in (coded words use plain `{name}`
 * and `{name, number}` placeholders, no plurals), plain text as it is. For what stays English: the sandbox's answers,
 * logs, the command line, answers to integrations.
 */
export function englishOfText(text: string): string {
  const coded = wordsOfText(text);
  if (!coded) return text;
  const values = coded.values ?? {};
  return coded.words.message.replace(
    /\{(\w+)(, number)?\}/g,
    (whole, name: string, number?: string) => {
      if (!(name in values)) return whole;
      const value = values[name] as string | number;
      return number && typeof value === 'number' ? value.toLocaleString('en') : String(value);
    },
  );
}

/** What was said, written by `i18n` (its values first, words within words included). */
export function tell(i18n: I18n, what: Said): string {
  const values = Object.fromEntries(
    Object.entries(what.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? value(i18n)
        : typeof value === 'object'
          ? tell(i18n, value)
          : value,
    ]),
  );
  return i18n._(what.words.id, values, { message: what.words.message });
}

/** The words of a `codedWords` table with this id. */
export const wordsById = (id: string): Words | undefined => known.get(id);
