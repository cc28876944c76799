// Searching the local index by words (docs/decisions/018, 069): one full-text match per
// search, as a condition on a list's key or as the search box's best matches per kind.
import { type SqlBool, sql } from 'kysely';
import type { DashboardDb } from '../store/db';
import type { IndexKind } from './store-types';
import { queryWords } from './terms';

export function indexSearch(store: DashboardDb) {
  const { dialect } = store;

  /**
   * A list's search by words as a condition on `key`, the list's record key: each word must
   * start a word of the record's search document. Undefined without text (nothing to narrow);
   * null when the text has no words, so that nothing can match.
   */
  function searched(
    environment: string,
    kind: IndexKind,
    text: string | undefined,
    key: 'm.id' | 'a.id' | '(t.product, t.id)',
  ) {
    if (!text) return undefined;
    const words = queryWords(text);
    if (words.length === 0) return null;
    // A transaction is found by its counterparties' names too (decision 069): its sender or
    // recipient merchant, or its payout account's holder, as they are named now. One full-text
    // match over the three kinds (the costly part), then each through an index: SQLite by rowid
    // (a row-value IN over a compound SELECT would be checked against every transaction).
    if (kind === 'transaction') {
      const postgres = dialect === 'postgres';
      const column = sql.raw(postgres ? 'product, id' : 'rowid');
      const through = (by: string, of: 'merchant' | 'account') =>
        sql`SELECT ${column} FROM index_transaction
          WHERE environment = ${environment}
          AND ${sql.raw(by)} IN (SELECT record_id FROM hits WHERE kind = ${of})`;
      const hits = matches(environment, ['transaction', 'merchant', 'account'], words, [
        'kind',
        'product',
        'record_id',
      ]);
      const all = sql`WITH hits AS MATERIALIZED (${hits})
        SELECT ${sql.raw(postgres ? 't2.product, t2.id' : 't2.rowid')}
          FROM hits h ${sql.raw(postgres ? 'JOIN' : 'CROSS JOIN')} index_transaction t2
          ON t2.environment = ${environment} AND t2.product = h.product AND t2.id = h.record_id
          WHERE h.kind = 'transaction'
        UNION ${through('from_business_id', 'merchant')}
        UNION ${through('to_business_id', 'merchant')}
        UNION ${through('account_id', 'account')}`;
      return postgres
        ? sql<SqlBool>`(t.product, t.id) IN (${all})`
        : sql<SqlBool>`t.rowid IN (${all})`;
    }
    const columns = key.startsWith('(')
      ? (['product', 'record_id'] as const)
      : (['record_id'] as const);
    return sql<SqlBool>`${sql.raw(key)} IN (${matches(environment, [kind], words, columns)})`;
  }

  /** A search's words as a PostgreSQL text query: each a prefix, all of them. */
  const tsQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

  /** A search's words as an FTS5 query: each a prefix, all of them. */
  const ftsQuery = (words: string[]) =>
    words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' AND ');

  /**
   * The records of these kinds whose search document has every word (each as a prefix): a
   * SELECT of `columns` of their documents.
   */
  function matches(
    environment: string,
    kinds: readonly IndexKind[],
    words: string[],
    columns: ReadonlyArray<'kind' | 'product' | 'record_id'>,
  ) {
    const list = sql.join(kinds.map((k) => sql`${k}`));
    if (dialect === 'postgres')
      return sql`SELECT ${sql.raw(columns.join(', '))} FROM index_search
        WHERE environment = ${environment} AND kind IN (${list})
        AND terms_tsv @@ to_tsquery('simple', ${tsQuery(words)})`;
    // From the full-text matches to their documents by rowid, then this environment and kind.
    return sql`SELECT ${sql.raw(columns.map((c) => `s.${c}`).join(', '))}
      FROM index_search_fts f CROSS JOIN index_search s
      ON s.rowid = f.rowid WHERE f.index_search_fts MATCH ${ftsQuery(words)}
      AND s.environment = ${environment} AND s.kind IN (${list})`;
  }

  return {
    searched,
  };
}
