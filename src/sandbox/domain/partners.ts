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

/** The partner these credentials belong to, or undefined for a missing key or wrong secret. */
export function authenticate(store: Store, apiKey: string, apiSecret: string): Partner | undefined {
  const row = store.partners.byKey(apiKey);
  const expected = Buffer.from(row?.secretHash ?? UNKNOWN_KEY_HASH, 'hex');
  const given = Buffer.from(hashSecret(apiSecret), 'hex');
  const match = timingSafeEqual(expected, given);
  return row && match ? { id: row.id, name: row.name } : undefined;
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
      return { partner: { id: existing.id, name: existing.name }, created: false };
    }
    const partner = createPartner(store, name, now, credentials);
    return { partner: { id: partner.id, name }, created: true };
  });
}
