// Opens the sandbox's database and makes sure the demo partner exists, seeded on first start.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DomainContext, SandboxSettings } from './domain/context';
import { generateCredentials, upsertPartner, type Credentials } from './domain/partners';
import { databaseFile, type SandboxEnv } from './env';
import { QUOTE_TASK, SETTLE_TASK } from './domain/transactions';
import { seedClock, seedDemoData } from './seed';
import { createStore, type Store } from './store';
import { openDatabase } from './store/db';

export const DEMO_PARTNER_NAME = 'Demo partner';

const SavedCredentials = z.object({ apiKey: z.string().min(1), apiSecret: z.string().min(1) });

export function credentialsFile(dataDir: string) {
  return path.join(dataDir, 'sandbox-credentials.json');
}

/** The demo partner's credentials: from the environment, else saved ones, else new and saved. */
export function demoCredentials(
  env: Pick<SandboxEnv, 'DATA_DIR' | 'SANDBOX_API_KEY' | 'SANDBOX_API_SECRET'>,
): Credentials {
  if (env.SANDBOX_API_KEY && env.SANDBOX_API_SECRET) {
    return { apiKey: env.SANDBOX_API_KEY, apiSecret: env.SANDBOX_API_SECRET };
  }
  const file = credentialsFile(env.DATA_DIR);
  try {
    return SavedCredentials.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    const credentials = generateCredentials();
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    return credentials;
  }
}

/**
 * Seeded transactions left waiting on an automatic move (a quote, a settlement) move after start
 * on the sandbox's own delays, one after another this far apart: a newcomer sees every state at
 * first, then watches them move (docs/decisions/020).
 */
export const SEEDED_MOVE_GAP_MS = 45_000;

export function seedStore(store: Store, settings: SandboxSettings, partnerId: number, now: number) {
  const clock = seedClock(now);
  const ctx: DomainContext = {
    store,
    settings,
    now: clock.now,
    scheduled: () => {},
    deliveriesQueued: () => {},
    sendWebhook: () => Promise.reject(new Error('No webhooks are sent here.')),
  };
  const delayOf: Record<string, number> = {
    [QUOTE_TASK]: settings.quoteDelayMs,
    [SETTLE_TASK]: settings.settlementDelayMs,
  };
  return store.write(() => {
    const seeded = seedDemoData(ctx, partnerId, clock);
    seeded.waiting.forEach((move, i) =>
      store.tasks.schedule(
        move.kind,
        move.id,
        now + (delayOf[move.kind] ?? 0) + i * SEEDED_MOVE_GAP_MS,
      ),
    );
    return seeded;
  });
}

export interface BootedSandbox {
  store: Store;
  demo: Credentials & { partnerId: number; seeded: boolean };
}

export function bootSandbox(env: SandboxEnv, settings: SandboxSettings): BootedSandbox {
  const store = createStore(openDatabase(databaseFile(env)));
  const credentials = demoCredentials(env);
  const { partner, created } = upsertPartner(store, DEMO_PARTNER_NAME, credentials, Date.now());
  const seeded = created && env.SANDBOX_SEED === 'demo';
  if (seeded) seedStore(store, settings, partner.id, Date.now());
  return { store, demo: { ...credentials, partnerId: partner.id, seeded } };
}
