// Opens the sandbox's SQLite database with the settings money needs, and brings its schema up.
import Database from 'better-sqlite3';
import { openSqliteFile } from '#/http/sqlite-file';
import { migrate } from './migrations';

export type Db = Database.Database;

/** `:memory:` gives a private database, as the tests use. */
export function openDatabase(file: string): Db {
  const db = openSqliteFile(file);
  migrate(db);
  return db;
}

const MEMORY_ENTRIES = 10_000;

/**
 * Records read by key, remembered while the database is unchanged: a write through `forget`
 * (this connection) is seen by the next read; a commit by another connection (the CLI) within
 * the millisecond, as `PRAGMA data_version` (about a microsecond) is asked at most once per
 * millisecond rather than on every read. Nothing is remembered inside a
 * transaction, which may still roll back. Remembered records are frozen: a caller cannot change
 * what the next one reads.
 */
export function readMemory<T extends object>(db: Db) {
  const version = db.prepare<[], number>('PRAGMA data_version').pluck(true);
  const records = new Map<string, T>();
  let seen = version.get();
  let checkedAt = Date.now();
  return {
    get(key: string, read: () => T | undefined): T | undefined {
      const tick = Date.now();
      if (tick !== checkedAt) {
        checkedAt = tick;
        const now = version.get();
        if (now !== seen) {
          records.clear();
          seen = now;
        }
      }
      const known = records.get(key);
      if (known) return known;
      const record = read();
      if (record && !db.inTransaction) {
        if (records.size >= MEMORY_ENTRIES) records.clear();
        records.set(key, Object.freeze(record));
      }
      return record;
    },
    forget(key: string) {
      records.delete(key);
    },
    clear() {
      records.clear();
    },
  };
}

/**
 * A page of `table`'s rows, newest first, that stays cheap deep into a long list: the ids of the
 * page are found on the index alone (skipping `OFFSET` index entries, not table rows), then only
 * those rows are read. `where` may use positional or named parameters; the last two are the
 * limit and the offset, as given.
 */
export function pageQuery(
  columns: string,
  table: string,
  where: string,
  limitOffset = 'LIMIT ? OFFSET ?',
): string {
  return `SELECT ${columns} FROM ${table} WHERE id IN (
      SELECT id FROM ${table} WHERE ${where} ORDER BY id DESC ${limitOffset}
    ) ORDER BY id DESC`;
}
