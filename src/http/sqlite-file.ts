// A SQLite file as the sandbox and the dashboard server both open it: its folder made, written
// ahead (readers never wait for the writer), foreign keys enforced, every commit on disk before
// it is answered (money), and a writer in another process (the partner CLI, a second server
// during a restart) waited for instead of refused.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** `:memory:` gives a private database, as the tests use. */
export function openSqliteFile(file: string): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  return database;
}
