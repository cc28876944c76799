// The page's messages outside a component's hooks (decision 091): column definitions, module-level
// choices and formatting helpers translate with `tr` while they render. In the browser there is
// one instance (the page's); the server draws pages for different people at once and says which
// instance the page being drawn uses (`i18nWithin`, as src/lib/format.ts does for formats).
// Pages are drawn again when the language changes (the signed-in layout keys its page on it), so
// nothing translated here goes stale.
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { SOURCE_LANGUAGE } from './languages';
import { type Said, tell, wordsOfText } from './words';

let page: I18n | undefined;
let ofDrawnPage: () => I18n | undefined = () => undefined;

/** English source words, for code that renders before any page's instance exists. */
let english: I18n | undefined;

/** The browser's (or a test's) page instance. */
export function setPageI18n(i18n: I18n) {
  page = i18n;
}

/** How the server finds the instance of the page being drawn. */
export function i18nWithin(get: () => I18n | undefined) {
  ofDrawnPage = get;
}

export function currentI18n(): I18n {
  return (
    ofDrawnPage() ??
    page ??
    (english ??= setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: {} } }))
  );
}

/** `words` in the page's language. */
export const tr = (words: MessageDescriptor, values?: Record<string, unknown>): string =>
  currentI18n()._(values ? { ...words, values } : words);

/** What was said (a refusal, a notice), in the page's language. */
export const trSaid = (what: Said): string => tell(currentI18n(), what);

/** A text that may be a code of words (a validation message), in the page's language. */
export function trText(text: string): string {
  const coded = wordsOfText(text);
  return coded ? tr(coded.words, coded.values) : text;
}
