// The first fill survives a real crash: the dashboard server (its own process) is killed with
// SIGKILL in the middle of filling the index, started again, and finishes with every record of
// the sandbox exactly once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { bootSandbox } from '#/sandbox/boot';
import { SandboxEnv, settingsFrom } from '#/sandbox/env';
import { seedVolume } from '#/sandbox/volume';
import { serverProcessFolders } from '../testing';
import { freePort } from '#/http/free-port';

const MERCHANTS = 2_000;
const TRANSACTIONS = 30_000;
const ROOT = path.resolve(__dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const { dataDir, distDir, running } = serverProcessFolders('fill-crash-');

describe('the first fill of the local index', () => {
  it('finishes after a SIGKILL in the middle, with no record missing or twice', async () => {
    const env = {
      DATA_DIR: dataDir,
      SANDBOX_API_KEY: 'pk_fill_crash',
      SANDBOX_API_SECRET: 'sk_fill_crash_secret_value',
      SANDBOX_SEED: 'none',
      SANDBOX_RATE_LIMIT: '1000000',
    };
    const sandboxEnv = SandboxEnv.parse(env);
    const booted = bootSandbox(sandboxEnv, settingsFrom(sandboxEnv));
    const partner = booted.store.partners.byKey(env.SANDBOX_API_KEY)!;
    seedVolume(booted.store, partner.id, { merchants: MERCHANTS, transactions: TRANSACTIONS });
    booted.store.db.close();

    const port = await freePort();
    const start = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          DIST_DIR: distDir,
          LOG_LEVEL: 'silent',
          DASHBOARD_INDEX_INTERVAL_MS: '1000',
        },
        stdio: 'ignore',
      });
      running.push(child);
      return child;
    };
    const file = path.join(dataDir, 'dashboard.db');
    const lists = () => {
      if (!fs.existsSync(file)) return [];
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return db
          .prepare(
            "SELECT list, seen, filled_at AS filledAt FROM index_sync WHERE list != 'events'",
          )
          .all() as Array<{ list: string; seen: number; filledAt: number | null }>;
      } catch {
        return []; // not migrated yet
      } finally {
        db.close();
      }
    };

    const first = start();
    // Wait until the transactions are well under way, then kill the server outright.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const sendc2f = lists().find((l) => l.list === 'sendc2f');
      if (sendc2f && sendc2f.seen >= 5_000 && sendc2f.filledAt === null) break;
      if (Date.now() > deadline) throw new Error('the fill never got under way');
      await sleep(20);
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const midway = lists().find((l) => l.list === 'sendc2f')!;
    expect(midway.filledAt).toBeNull();
    expect(midway.seen).toBeLessThan(TRANSACTIONS);
    // Half-way, the planner's statistics know the table is no longer empty (decision 056): each
    // page's lookup of the ids it writes walks the primary key instead of the whole table.
    const planned = new Database(file, { readonly: true });
    const plan = planned
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id, final FROM index_transaction
         WHERE environment = 'sandbox' AND product = 'sendc2f' AND id IN (1, 2, 3)`,
      )
      .all() as Array<{ detail: string }>;
    const estimate = planned
      .prepare(
        `SELECT stat FROM sqlite_stat1
         WHERE tbl = 'index_transaction' AND idx = 'sqlite_autoindex_index_transaction_1'`,
      )
      .pluck()
      .get() as string | undefined;
    planned.close();
    expect(plan.map((p) => p.detail).join('; ')).toMatch(/USING INDEX .*id=\?/);
    expect(Number(estimate?.split(' ')[0])).toBeGreaterThanOrEqual(1_000);

    const second = start();
    for (;;) {
      const all = lists();
      if (all.length >= 5 && all.every((l) => l.filledAt !== null)) break;
      if (Date.now() > deadline + 60_000) throw new Error('the fill did not finish');
      await sleep(100);
    }
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));

    const db = new Database(file, { readonly: true });
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM index_merchant WHERE environment = 'sandbox'")).toBe(
      MERCHANTS,
    );
    expect(count("SELECT count(*) AS n FROM index_account WHERE environment = 'sandbox'")).toBe(
      MERCHANTS,
    );
    expect(count("SELECT count(*) AS n FROM index_transaction WHERE environment = 'sandbox'")).toBe(
      TRANSACTIONS,
    );
    expect(
      count("SELECT count(DISTINCT id) AS n FROM index_transaction WHERE environment = 'sandbox'"),
    ).toBe(TRANSACTIONS);
    expect(count("SELECT count(*) AS n FROM index_search WHERE environment = 'sandbox'")).toBe(
      2 * MERCHANTS + TRANSACTIONS,
    );
    db.close();
  }, 180_000);
});
