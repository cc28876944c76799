// Where the dashboard's own database is, from the environment: PostgreSQL with
// DASHBOARD_DATABASE_URL, else DATA_DIR/dashboard.db; and the vault's key.
import fs from 'node:fs';
import path from 'node:path';
import { openSqliteFile } from '#/http/sqlite-file';
import { AUDIT_KEY_PURPOSE } from './store/audit';
import { openDashboardDb } from './store/db';
import { createVault, keyFile, loadVaultKey } from './store/vault';

export async function openWorkspace(env: {
  DATA_DIR: string;
  DASHBOARD_DATABASE_URL?: string | undefined;
  DASHBOARD_SECRET_KEY?: string | undefined;
}) {
  const db = await openDashboardDb(
    env.DASHBOARD_DATABASE_URL
      ? { url: env.DASHBOARD_DATABASE_URL }
      : { file: path.join(env.DATA_DIR, 'dashboard.db') },
  );
  return { db, vault: createVault(loadVaultKey(env)) };
}

/** Where a server keeps the audit chain's anchor: beside its key, outside the database. */
export const auditAnchorFile = (dataDir: string) => path.join(dataDir, 'audit-anchor.json');

/** The audit chain's key and anchor, as `audit verify` checks them. */
export const auditSealOf = (vault: { derive(purpose: string): Buffer }, dataDir: string) => ({
  key: vault.derive(AUDIT_KEY_PURPOSE),
  anchorFile: auditAnchorFile(dataDir),
});

/**
 * A backup of a SQLite workspace, taken while the server runs (docs/operations.md): a consistent
 * copy of the database (SQLite's online backup, not a file copy mid-write), the vault's key when
 * it is kept in DATA_DIR (without it the sealed credentials cannot be opened) and the audit
 * anchor. The folder is created; files already in it are replaced. The names written.
 */
export async function backupSqlite(dataDir: string, to: string): Promise<string[]> {
  const file = path.join(dataDir, 'dashboard.db');
  if (!fs.existsSync(file)) throw new Error(`There is no workspace at ${file} to back up.`);
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  const database = openSqliteFile(file);
  try {
    await database.backup(path.join(to, 'dashboard.db'));
  } finally {
    database.close();
  }
  const written = ['dashboard.db'];
  for (const file of [keyFile(dataDir), auditAnchorFile(dataDir)])
    if (fs.existsSync(file)) {
      fs.copyFileSync(file, path.join(to, path.basename(file)));
      fs.chmodSync(path.join(to, path.basename(file)), 0o600);
      written.push(path.basename(file));
    }
  return written;
}
