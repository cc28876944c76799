// Backups and their restore, as docs/operations.md tells an operator to take them: a SQLite
// workspace with `dashboard backup --to` while it is open, and PostgreSQL with pg_dump -Fc and
// pg_restore. Each restore is then opened as a server would open it: the people are there, the
// partner's credentials open with the key backed up, and the audit trail is whole.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, postgresBinDir } from './store/postgres-cluster';
import { workspaceStore } from './store/workspace';
import { openWorkspace } from './workspace-db';

const root = path.resolve(import.meta.dirname, '../..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The dashboard CLI, as `npm run -s dashboard --` runs it, with `env`. */
function cli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: root,
    env: { ...(process.env as Record<string, string>), ...env },
    encoding: 'utf8',
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/** A workspace with one person and the sandbox's credentials, as a running server keeps it. */
async function filled(env: { DATA_DIR: string; DASHBOARD_DATABASE_URL?: string }) {
  const workspace = await openWorkspace(env);
  const store = workspaceStore(workspace.db, workspace.vault);
  await store.createUser({ email: 'ana@partner.example', name: 'Ana Admin', roles: ['admin'] });
  await store.setCredentials(
    'sandbox',
    { apiKey: 'pk_backup', apiSecret: 'sk_backup_secret' },
    null,
  );
  return workspace;
}

/** What a restored workspace must hold. */
async function expectRestored(env: { DATA_DIR: string; DASHBOARD_DATABASE_URL?: string }) {
  const workspace = await openWorkspace(env);
  try {
    const store = workspaceStore(workspace.db, workspace.vault);
    expect((await store.userByEmail('ana@partner.example'))?.name).toBe('Ana Admin');
    expect(await store.credentials('sandbox')).toEqual({
      apiKey: 'pk_backup',
      apiSecret: 'sk_backup_secret',
    });
  } finally {
    await workspace.db.close();
  }
}

describe('backups and restores', () => {
  it('backs SQLite up while it is open, and restores it into an empty DATA_DIR', async () => {
    const dataDir = path.join(folder, 'sqlite-data');
    const open = await filled({ DATA_DIR: dataDir });
    try {
      // Taken while the workspace is open (a server running), its key kept in DATA_DIR.
      const backup = path.join(folder, 'sqlite-backup');
      const taken = cli(['backup', '--to', backup], { DATA_DIR: dataDir });
      expect(taken.code, taken.out).toBe(0);
      expect(fs.readdirSync(backup).sort()).toEqual(
        ['dashboard.db', 'dashboard-secret.key'].sort(),
      );
      expect(fs.statSync(path.join(backup, 'dashboard-secret.key')).mode & 0o777).toBe(0o600);
    } finally {
      await open.db.close();
    }
    // The machine is lost: a new DATA_DIR gets the backup's files, and the server opens it.
    const restored = path.join(folder, 'sqlite-restored');
    fs.cpSync(path.join(folder, 'sqlite-backup'), restored, { recursive: true });
    await expectRestored({ DATA_DIR: restored });
    const verified = cli(['audit', 'verify'], { DATA_DIR: restored });
    expect(verified.code, verified.out).toBe(0);
  });

  it('refuses a backup of PostgreSQL, naming pg_dump, and asks where to write one', () => {
    const postgres = cli(['backup', '--to', path.join(folder, 'x')], {
      DATA_DIR: folder,
      DASHBOARD_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(postgres.out).toMatch(/pg_dump/);
    expect(postgres.code).not.toBe(0);
    const nowhere = cli(['backup'], { DATA_DIR: path.join(folder, 'sqlite-data') });
    expect(nowhere.code).toBe(2);
    expect(nowhere.out).toMatch(/--to is required/);
  });

  it('restores a pg_dump of PostgreSQL into a new database', async () => {
    const bin = postgresBinDir()!;
    const url = await createDatabase(inject('postgresUrl'), 'backup_source');
    const key = Buffer.alloc(32, 9).toString('base64');
    const env = { DATA_DIR: path.join(folder, 'pg-data'), DASHBOARD_SECRET_KEY: key };
    const open = await filled({ ...env, DASHBOARD_DATABASE_URL: url });
    const dump = path.join(folder, 'dashboard.dump');
    try {
      // Taken while the database serves.
      execFileSync(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, url]);
    } finally {
      await open.db.close();
    }
    const target = await createDatabase(inject('postgresUrl'), 'backup_restored');
    execFileSync(path.join(bin, 'pg_restore'), ['--no-owner', `--dbname=${target}`, dump]);
    await expectRestored({ ...env, DASHBOARD_DATABASE_URL: target });
  }, 60_000);
});
