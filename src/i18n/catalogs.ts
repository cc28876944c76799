// The browser's (and the server-drawn page's) catalogs (docs/decisions/091): compiled from the
// .po files by the build, one chunk per language and catalog, loaded when a page first needs
// them. `start` serves the pages before signing in, `app` the signed-in dashboard.
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { isPageLanguage, matchLanguage, type PageLanguage, SOURCE_LANGUAGE } from './languages';

export type PageCatalog = 'start' | 'app';

const CHUNKS = import.meta.glob<{ messages: Messages }>('../locales/*/{start,app}.po');

/** The catalogs each i18n instance holds, per language. */
const held = new WeakMap<I18n, Set<string>>();

function heldBy(i18n: I18n): Set<string> {
  let set = held.get(i18n);
  if (!set) held.set(i18n, (set = new Set()));
  return set;
}

/** Loads `catalog` of `language` into `i18n` (once). */
export async function loadCatalog(i18n: I18n, language: PageLanguage, catalog: PageCatalog) {
  const key = `${language}/${catalog}`;
  const set = heldBy(i18n);
  if (set.has(key)) return;
  const chunk = CHUNKS[`../locales/${key}.po`];
  if (!chunk) throw new Error(`No catalog ${key}.`);
  const { messages } = await chunk();
  i18n.load(language, messages);
  set.add(key);
}

/** The catalog a page needs: the dashboard's when someone is signed in, else the start pages'. */
export function catalogFor(signedIn: boolean): PageCatalog {
  return signedIn ? 'app' : 'start';
}

/**
 * Shows `i18n`'s pages in `language`: its catalog for the page is loaded (one chunk) and the
 * language activated, which redraws every message in place, without a reload.
 */
export async function showLanguage(i18n: I18n, wanted: string, catalog: PageCatalog) {
  const language = isPageLanguage(wanted) ? wanted : SOURCE_LANGUAGE;
  await loadCatalog(i18n, language, catalog);
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * An i18n instance for pages in `language` whose catalogs are not loaded yet: the routes load
 * the ones they need before they show.
 */
export function pageI18n(language: string): I18n {
  const locale = isPageLanguage(language) ? language : SOURCE_LANGUAGE;
  return setupI18n({ locale, messages: { [locale]: {} } });
}

/** The browser's first language that is one of ours, else English. */
export function browserLanguage(): PageLanguage {
  const tags = typeof navigator === 'undefined' ? [] : navigator.languages;
  return matchLanguage(tags) ?? SOURCE_LANGUAGE;
}

/** The language the server wrote into the page (`<html lang>`), or English. */
export function pageLanguage(): PageLanguage {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isPageLanguage(lang) ? lang : SOURCE_LANGUAGE;
}
