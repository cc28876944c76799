// The languages the dashboard speaks (docs/decisions/091), shared by the browser and the server.
// Plain data and functions: no message macros, so the server and its tools load it as it is.

/** English is the source: every message is written in it first. */
export const SOURCE_LANGUAGE = 'en';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The pseudo-language: every message accented, 30% longer and between ⟦ ⟧, so that a word left
 * untranslated or cut off shows. For journeys and developers; never offered to a person.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

/** Each language's name in itself, as the choice lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isPageLanguage(value: unknown): value is PageLanguage {
  return value === PSEUDO_LANGUAGE || isLanguage(value);
}

/**
 * The first of `tags` (a browser's languages in its order of preference) that is one of ours:
 * an exact match first ("pt-BR"), then the language alone ("de-AT" is German, "pt-PT" is
 * Portuguese, which we write for Brazil). Undefined when none is.
 */
export function matchLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]?.toLowerCase();
    const close = LANGUAGES.find((language) => language.split('-')[0] === base);
    if (close) return close;
  }
  return undefined;
}

/**
 * An Accept-Language header's tags in order of preference (q weights honoured, at most 20 tags,
 * anything malformed skipped).
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.find((p) => /^\s*q=/.test(p));
      // A weight that is not one (`q=abc`) drops the tag rather than trust it fully.
      const q = weight === undefined ? '1' : /^\s*q=([01](?:\.\d{1,3})?)\s*$/.exec(weight)?.[1];
      return { tag: tag.trim(), q: q === undefined ? 0 : Number(q), index };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
