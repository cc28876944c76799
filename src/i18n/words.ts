// Words kept apart from where they show (decision 091): code that runs on the server and in the
// browser alike (the contract in src/api, the server) names its messages as descriptors with an
// id of their own, marked /*i18n*/ for `npm run i18n`, and whoever shows one translates it then.
import type { MessageDescriptor } from '@lingui/core';

export type Words = MessageDescriptor & { message: string };

/**
 * The English of `words`, for what stays English by design: the audit trail, logs, and answers
 * to integrations that ask in no language.
 */
export const english = (words: Words): string => words.message;

/**
 * Words with the values they name: a sentence told in its reader's language. A value may be words
 * itself, or written for the language (a list of names joined as the language joins them).
 */
export interface Said {
  words: Words;
  values?: Record<string, string | number | Said | ((language: string) => string)>;
}

export const said = (words: Words, values?: Said['values']): Said =>
  values ? { words, values } : { words };

export const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' && value !== null && 'words' in value;
