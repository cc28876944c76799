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
