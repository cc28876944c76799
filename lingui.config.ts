// Lingui's configuration (docs/decisions/091): the languages, where each catalog's messages come
// from, and the pseudo-language that shows untranslated words. `npm run i18n` extracts the
// messages into src/locales/{language}/{catalog}.po; `npm run i18n:check` (part of `npm test`)
// fails on a catalog that is out of date or a message missing in any language.
import { defineConfig, type OrderByFn } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LANGUAGES, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from './src/i18n/languages';
import { CATALOG_SOURCES } from './scripts/catalog-sources';

// Sorted as Lingui's "message" order (by the English, then the context, in en-US collation), and
// then by id: two ids with the same English ("Account" in the statements and the exports) keep
// one order whichever worker extracted them first, so `npm run i18n:check` agrees on every machine.
const collator = new Intl.Collator('en-US');
const byMessageThenId: OrderByFn = (a, b) =>
  collator.compare(a.entry.message ?? '', b.entry.message ?? '') ||
  collator.compare(a.entry.context ?? '', b.entry.context ?? '') ||
  collator.compare(a.messageId, b.messageId);

export default defineConfig({
  sourceLocale: SOURCE_LANGUAGE,
  locales: [...LANGUAGES, PSEUDO_LANGUAGE],
  pseudoLocale: {
    locale: PSEUDO_LANGUAGE,
    prepend: '⟦',
    append: '⟧',
    // 30% longer, padded on both sides with "~ ": visible (spaces alone would collapse in HTML),
    // and breakable as words are (one long run of ~ would overflow where no word would).
    extend: 0.3,
    extendCharacter: '~ ',
  },
  // A language's missing message shows in English, never as an id (the check above fails first).
  fallbackLocales: { default: SOURCE_LANGUAGE },
  catalogs: Object.entries(CATALOG_SOURCES).map(([name, include]) => ({
    name,
    path: `<rootDir>/src/locales/{locale}/${name}`,
    include: include.map((folder) => `<rootDir>/${folder}`),
    exclude: ['**/*.test.*', '**/testing.*', '**/node_modules/**'],
  })),
  // Catalogs stay stable under edits elsewhere: no line numbers in the references.
  format: formatter({ lineNumbers: false }),
  orderBy: byMessageThenId,
});
