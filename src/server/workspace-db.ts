// Where the dashboard's own database is, from the environment: PostgreSQL with
// DASHBOARD_DATABASE_URL, else DATA_DIR/dashboard.db; and the vault's key.
import path from 'node:path';
import { AUDIT_KEY_PURPOSE } from './store/audit';
import { openDashboardDb } from './store/db';
import { createVault, loadVaultKey } from './store/vault';

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
