// Opens the sandbox's SQLite database with the settings money needs, and brings its schema up.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

export type Db = Database.Database;

/** `:memory:` gives a private database, as the tests use. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  // A second process (the partner CLI) may write while the server runs.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
