// Which language a page and a mail speak (decision 091): the person's choice; else, for a page,
// the browser's first language that is one of ours, else English; for a mail, the workspace's
// default. A page reads no setting: the sign-in page answers from memory, under any load.
import type { Kysely } from 'kysely';
import {
  isLanguage,
  isPageLanguage,
  type Language,
  type PageLanguage,
  SOURCE_LANGUAGE,
} from '#/i18n/languages';
import type { Database } from './store/schema';
import type { Manifest } from './page-preloads';

/** The workspace setting that holds the default language, for people who chose none. */
export const DEFAULT_LANGUAGE_KEY = 'defaultLanguage';

export async function workspaceLanguage(db: Kysely<Database>): Promise<Language> {
  const row = await db
    .selectFrom('workspace_setting')
    .select('value')
    .where('key', '=', DEFAULT_LANGUAGE_KEY)
    .executeTakeFirst();
  const saved = row ? (JSON.parse(row.value) as unknown) : undefined;
  return isLanguage(saved) ? saved : SOURCE_LANGUAGE;
}

/** The language of what is sent to a person (mails, chat): theirs, else the workspace's. */
export function recipientLanguage(chosen: string | null | undefined, workspace: Language) {
  return isPageLanguage(chosen) ? chosen : workspace;
}

/** The built chunk of a page catalog in a language, to name in the page's head. */
export function catalogChunk(
  manifest: Manifest | undefined,
  language: PageLanguage,
  catalog: 'start' | 'app',
): string | undefined {
  return manifest?.[`src/locales/${language}/${catalog}.po`]?.file;
}
