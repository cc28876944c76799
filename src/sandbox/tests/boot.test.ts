import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootSandbox, credentialsFile, SEEDED_MOVE_GAP_MS, seedStore } from '../boot';
import { createPartner } from '../domain/partners';
import { QUOTE_TASK, SETTLE_TASK } from '../domain/transactions';
import { createStore } from '../store';
import { openDatabase } from '../store/db';
import { SandboxEnv } from '../env';
import { FAST_SETTINGS } from '../testing';
import { ONOFF_STATUSES, RECEIVE_STATUSES } from '#/api/schemas/transaction';
import { SEED_DAYS } from '../seed';

const DAY = 86_400_000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function envFor(extra: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-boot-'));
  dirs.push(dir);
  return SandboxEnv.parse({ DATA_DIR: dir, ...extra });
}

describe('bootSandbox', () => {
  it('generates demo credentials once, saves them readable by the owner only, and seeds once', () => {
    const env = envFor();
    const first = bootSandbox(env, FAST_SETTINGS);
    const file = credentialsFile(env.DATA_DIR);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      apiKey: first.demo.apiKey,
      apiSecret: first.demo.apiSecret,
    });
    expect(first.demo.seeded).toBe(true);
    const merchants = first.store.merchants.list(first.demo.partnerId, 0, 100);
    expect(new Set(merchants.map((m) => m.kycStatus))).toEqual(
      new Set([
        'VALID',
        'PENDING',
        'UNDER_REVIEW',
        'ACTION_NEEDED',
        'FLAGGED',
        'PENDING_REVIEW',
        'NEW',
        'ABANDONED',
      ]),
    );
    expect(merchants.some((m) => m.contactOwnerBusinessId !== null)).toBe(true);
    const accounts = first.store.payoutAccounts.list(first.demo.partnerId, {}, 0, 100);
    expect(new Set(accounts.map((a) => a.accountStatus))).toEqual(
      new Set(['ACTIVE', 'PENDING', 'FROZEN', 'CLOSED']),
    );
    const times = merchants.map((m) => m.creationTime);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(5 * 24 * 3600 * 1000);
    const everyState: Record<string, readonly string[]> = {
      sendc2f: ONOFF_STATUSES,
      sendf2f: ONOFF_STATUSES,
      receive: RECEIVE_STATUSES,
    };
    const started = Date.now();
    for (const [product, states] of Object.entries(everyState)) {
      const transactions = first.store.transactions.list(
        first.demo.partnerId,
        product as 'sendc2f',
        {},
        0,
        100,
      );
      expect(new Set(transactions.map((t) => t.clientStatus)), product).toEqual(new Set(states));
      for (const t of transactions) {
        // The seed's months: onboarding, then history, then the recent 30 days.
        expect(t.creationTime).toBeGreaterThan(started - (SEED_DAYS.onboarding + 1) * DAY);
        expect(t.lastUpdateTime).toBeLessThanOrEqual(started);
        if (t.clientStatus.endsWith('COMPLETED')) expect(t.payout).toBe(t.toAmount);
      }
      // Completed before the recent 30 days: last month's reports have something to show.
      expect(
        transactions.some(
          (t) =>
            t.clientStatus.endsWith('COMPLETED') &&
            t.lastUpdateTime < started - SEED_DAYS.recent * DAY,
        ),
        product,
      ).toBe(true);
      const ids = transactions.map((t) => t.businessRequestId);
      const created = transactions.map((t) => t.creationTime);
      expect(created).toEqual([...created].sort((a, b) => b - a));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    }
    first.store.db.close();

    const second = bootSandbox(env, FAST_SETTINGS);
    expect(second.demo.apiKey).toBe(first.demo.apiKey);
    expect(second.demo.seeded).toBe(false);
    expect(second.store.merchants.list(second.demo.partnerId, 0, 100)).toHaveLength(
      merchants.length,
    );
    second.store.db.close();
  });

  it('takes the credentials from the environment and seeds nothing with SANDBOX_SEED=none', () => {
    const env = envFor({ SANDBOX_API_KEY: 'k', SANDBOX_API_SECRET: 's', SANDBOX_SEED: 'none' });
    const booted = bootSandbox(env, FAST_SETTINGS);
    expect(booted.demo).toMatchObject({ apiKey: 'k', apiSecret: 's', seeded: false });
    expect(fs.existsSync(credentialsFile(env.DATA_DIR))).toBe(false);
    expect(booted.store.merchants.list(booted.demo.partnerId, 0, 10)).toEqual([]);
    booted.store.db.close();
  });

  it('refuses a key without a secret', () => {
    expect(SandboxEnv.safeParse({ SANDBOX_API_KEY: 'k' }).success).toBe(false);
  });
});

describe('the seeded demo', () => {
  it('moves what it left waiting on the sandbox’s own delays after start, one after another', () => {
    const store = createStore(openDatabase(':memory:'));
    const partner = createPartner(store, 'Demo partner', Date.now());
    const now = 1_900_000_000_000;
    const settings = { ...FAST_SETTINGS, quoteDelayMs: 1000, settlementDelayMs: 5000 };
    seedStore(store, settings, partner.id, now);
    // (Moves the seed's own past made are due already and change nothing when they run.)
    const due = store.tasks.due(now + 60 * 60 * 1000, 100).filter((t) => t.dueTime > now);
    // Quotes still to prepare and settlements under way, each on its delay, a gap apart.
    expect(due.length).toBeGreaterThanOrEqual(4);
    due.forEach((task, i) => {
      const delay = task.kind === QUOTE_TASK ? 1000 : 5000;
      expect(task.dueTime).toBe(now + delay + i * SEEDED_MOVE_GAP_MS);
    });
    // Nothing is due the moment the demo starts: every waiting state shows first.
    expect(due[0]!.dueTime).toBeGreaterThan(now);
    // The first moves within a minute of the start.
    expect(due[0]!.dueTime).toBeLessThan(now + 60_000);
    const kinds = new Set(due.map((t) => t.kind));
    expect(kinds).toEqual(new Set([QUOTE_TASK, SETTLE_TASK]));
  });
});
