// Partners and their credentials. Secrets are random and long, so a SHA-256 digest is enough to
// store them safely; it is compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store';

export interface Credentials {
  apiKey: string;
  apiSecret: string;
}

export interface Partner {
  id: number;
  name: string;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function generateCredentials(): Credentials {
  return {
    apiKey: `pk_sandbox_${randomBytes(12).toString('hex')}`,
    apiSecret: `sk_sandbox_${randomBytes(24).toString('hex')}`,
  };
}

// Compared against when the key is unknown, so that both failures take the same time.
const UNKNOWN_KEY_HASH = hashSecret(randomBytes(24).toString('hex'));

/**
 * Credentials that passed recently, per store: the next request with the same key and secret is
 * answered from memory (no SQLite read, no digest). An entry lasts CREDENTIALS_TTL_MS, and any
 * change of a partner's secret in this process forgets them all; another process's change (the
 * CLI) is seen within the TTL.
 */
export const CREDENTIALS_TTL_MS = 30_000;
const passed = new WeakMap<
  Store,
  Map<string, { partner: Partner; secret: Buffer; until: number }>
>();

/** Forgets the credentials that passed: after a partner's secret changed. */
export function forgetPassedCredentials(store: Store) {
  passed.get(store)?.clear();
}

/** The partner these credentials belong to, or undefined for a missing key or wrong secret. */
export function authenticate(
  store: Store,
  apiKey: string,
  apiSecret: string,
  now = Date.now(),
): Partner | undefined {
  let cache = passed.get(store);
  if (!cache) passed.set(store, (cache = new Map()));
  const given = Buffer.from(apiSecret, 'utf8');
  const known = cache.get(apiKey);
  if (known && known.until > now) {
    if (known.secret.length === given.length && timingSafeEqual(known.secret, given))
      return known.partner;
  }
  const row = store.partners.byKey(apiKey);
  const expected = Buffer.from(row?.secretHash ?? UNKNOWN_KEY_HASH, 'hex');
  const match = timingSafeEqual(expected, Buffer.from(hashSecret(apiSecret), 'hex'));
  if (!row || !match) return undefined;
  const partner = { id: row.id, name: row.name };
  // Bounded: a flood of distinct keys cannot grow it without end.
  if (cache.size >= 10_000) cache.clear();
  cache.set(apiKey, { partner, secret: given, until: now + CREDENTIALS_TTL_MS });
  return partner;
}

export function createPartner(
  store: Store,
  name: string,
  now: number,
  credentials: Credentials = generateCredentials(),
): Partner & Credentials {
  const id = store.partners.insert(
    name,
    credentials.apiKey,
    hashSecret(credentials.apiSecret),
    now,
  );
  return { id, name, ...credentials };
}

/**
 * Makes sure a partner holds exactly these credentials: creates it, or sets the secret of the
 * partner that already has the key. `created` tells whether it is new (and wants seed data).
 */
export function upsertPartner(
  store: Store,
  name: string,
  credentials: Credentials,
  now: number,
): { partner: Partner; created: boolean } {
  return store.write(() => {
    const existing = store.partners.byKey(credentials.apiKey);
    if (existing) {
      store.partners.updateSecret(existing.id, existing.name, hashSecret(credentials.apiSecret));
      forgetPassedCredentials(store);
      return { partner: { id: existing.id, name: existing.name }, created: false };
    }
    const partner = createPartner(store, name, now, credentials);
    return { partner: { id: partner.id, name }, created: true };
  });
}
