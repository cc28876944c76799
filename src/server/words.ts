// The dashboard server's words in each language (decision 091): the `server` catalogs read from
// their .po files once, at first use, compiled, English under every other language so that a
// message not translated yet reads in English rather than as an id. The files are src/locales
// beside the sources, and dist-server/locales beside the built server (scripts/build-server.ts
// copies them there).
import { formatAmount } from '#/api/formats';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { CatalogType } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  acceptedLanguages,
  isPageLanguage,
  LANGUAGES,
  matchLanguage,
  type PageLanguage,
  PSEUDO_LANGUAGE,
  SOURCE_LANGUAGE,
} from '#/i18n/languages';
import { pseudoText } from '#/i18n/pseudo';
import { isSaid, type Said, said, tell, wordsOfText } from '#/i18n/words';
import { isSaidData, type SaidData, saidOf } from '#/i18n/said-data';

const PLACES = [new URL('./locales/', import.meta.url), new URL('../locales/', import.meta.url)];

function localesDir(): string | undefined {
  for (const place of PLACES) {
    const dir = fileURLToPath(place);
    if (fs.existsSync(`${dir}${SOURCE_LANGUAGE}/server.po`)) return dir;
  }
  return undefined;
}

/** A language's server catalog, translation by id (empty where it lacks one). */
function readCatalog(dir: string | undefined, language: string) {
  const file = dir && `${dir}${language}/server.po`;
  if (!file || !fs.existsSync(file)) return {};
  // The .po formatter parses at once (its type allows a promise for other formats).
  const catalog = formatter({ lineNumbers: false }).parse(fs.readFileSync(file, 'utf8'), {
    locale: language,
    sourceLocale: SOURCE_LANGUAGE,
    filename: file,
  }) as CatalogType;
  const texts: Record<string, string> = {};
  for (const [id, entry] of Object.entries(catalog))
    if (entry.translation) texts[id] = entry.translation;
  return texts;
}

let loaded: Map<PageLanguage, I18n> | undefined;

function load(): Map<PageLanguage, I18n> {
  const dir = localesDir();
  const english = readCatalog(dir, SOURCE_LANGUAGE);
  const instances = new Map<PageLanguage, I18n>();
  const instance = (language: PageLanguage, texts: Record<string, string>, pseudo = false) => {
    const messages: Messages = {};
    for (const [id, text] of Object.entries(texts))
      messages[id] = compileMessage(text, pseudo ? pseudoText : undefined);
    const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    // A descriptor whose id no catalog has yet (a message not extracted) reads as written.
    i18n.setMessagesCompiler(compileMessage);
    instances.set(language, i18n);
  };
  for (const language of LANGUAGES)
    instance(language, { ...english, ...readCatalog(dir, language) });
  instance(PSEUDO_LANGUAGE, english, true);
  return instances;
}

/** The server's words in `language` (English for anything else), read at first use. */
export function wordsIn(language: string | null | undefined): I18n {
  loaded ??= load();
  return loaded.get(isPageLanguage(language) ? language : SOURCE_LANGUAGE)!;
}

/** What was said, in `language`. */
export const sayIn = (language: string | null | undefined, what: Said): string =>
  tell(wordsIn(language), what);

/** Says words in `language`: one way for a page, a mail or a file to put its words. */
export const sayer =
  (language: string | null | undefined) =>
  (words: Said['words'], values?: Said['values']): string =>
    sayIn(language, said(words, values));

/**
 * An answer with every `Said` in it written in `language` (decision 091): the server hands words,
 * the answer carries text. Only plain objects and arrays are looked into.
 */
export function sayWithin(value: unknown, language: string | null | undefined): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, index) => {
      const said = sayWithin(item, language);
      if (said !== item) (out ??= [...value])[index] = said;
    });
    return out ?? value;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  if (isSaid(value)) return sayIn(language, value);
  // Copied only where something was said: most answers hold no words and pass as they are.
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const said = sayWithin(item, language);
    if (said !== item) (out ??= { ...value })[key] = said;
  }
  return out ?? value;
}

/**
 * A text that may be words (a validation message's code, a stored code or words as data, see
 * `toldStored`), in `language`; plain text as it is. English for the audit trail and
 * integrations.
 */
export function sayText(language: string | null | undefined, text: string): string {
  const told = toldStored(text);
  return typeof told === 'string' ? told : sayIn(language, told);
}

/** Names as `language` lists them: "Aiko and Bruno", "Aiko und Bruno". */
export const namesIn =
  (names: readonly string[]) =>
  ({ locale: language }: I18n) =>
    new Intl.ListFormat(language, { type: 'conjunction' }).format(names);

/**
 * The language of an answer to a request: the signed-in person's choice, else the request's
 * Accept-Language where it names one of ours, else English (an integration that asks in no
 * language reads English).
 */
export function answerLanguage(
  chosen: string | null | undefined,
  acceptLanguage: string | undefined,
): PageLanguage {
  if (isPageLanguage(chosen)) return chosen;
  const tags = acceptedLanguages(acceptLanguage);
  // A browser set to the pseudo-language first (journeys, developers) gets it.
  if (tags[0] === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  return matchLanguage(tags) ?? SOURCE_LANGUAGE;
}

/**
 * Stored words to tell (decision 092): amounts written in `locale`'s formats (a person's), else
 * in the reader's language's.
 */
export const toldData = (data: SaidData, locale?: string): Said =>
  saidOf(
    data,
    ({ amount, currency }) =>
      (i18n) =>
        formatAmount(amount, currency, locale ?? i18n.locale),
  );

/** Stored words in `language` (English for the audit trail and integrations). */
export const sayData = (
  language: string | null | undefined,
  data: SaidData,
  locale?: string,
): string => sayIn(language, toldData(data, locale));

/**
 * A stored text to answer with (decision 092): a code of words, or words as data (JSON), as `Said`
 * told in the reader's language; plain text as it is.
 */
export function toldStored(text: string): Said | string {
  if (text.startsWith('{"id":')) {
    try {
      const data = JSON.parse(text) as unknown;
      if (isSaidData(data)) return toldData(data);
    } catch {
      // Not words as data after all: shown as it is.
    }
  }
  return wordsOfText(text) ?? text;
}
