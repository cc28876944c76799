// Credentials that passed are remembered for a short while, never for a wrong secret, and
// forgotten when a partner's secret changes.
import { describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { openDatabase } from '../store/db';
import {
  authenticate,
  CREDENTIALS_TTL_MS,
  createPartner,
  hashSecret,
  upsertPartner,
} from './partners';

describe('authenticate', () => {
  it('answers a repeat from memory, refuses a wrong secret, and forgets on a change', () => {
    const store = createStore(openDatabase(':memory:'));
    const partner = createPartner(store, 'Acme', 1);
    const now = 1_000_000;
    expect(authenticate(store, partner.apiKey, partner.apiSecret, now)).toEqual({
      id: partner.id,
      name: 'Acme',
    });
    // Remembered: even the database going away would not be noticed within the TTL.
    let reads = 0;
    const byKey = store.partners.byKey;
    store.partners.byKey = (key) => {
      reads++;
      return byKey(key);
    };
    expect(authenticate(store, partner.apiKey, partner.apiSecret, now + 1)?.id).toBe(partner.id);
    expect(reads).toBe(0);
    // A wrong secret for a remembered key is refused, and asks the database.
    expect(authenticate(store, partner.apiKey, `${partner.apiSecret}x`, now + 2)).toBeUndefined();
    expect(
      authenticate(store, partner.apiKey, partner.apiSecret.slice(1), now + 2),
    ).toBeUndefined();
    expect(reads).toBe(2);
    // A new secret through the domain: the old one stops at once.
    upsertPartner(store, 'Acme', { apiKey: partner.apiKey, apiSecret: 'sk_new_secret' }, now);
    expect(authenticate(store, partner.apiKey, partner.apiSecret, now + 3)).toBeUndefined();
    expect(authenticate(store, partner.apiKey, 'sk_new_secret', now + 4)?.id).toBe(partner.id);
    // Changed behind its back (another process): seen once the TTL has run out.
    store.db
      .prepare('UPDATE partner SET secret_hash = ? WHERE id = ?')
      .run(hashSecret('sk_third'), partner.id);
    expect(authenticate(store, partner.apiKey, 'sk_new_secret', now + 5)?.id).toBe(partner.id);
    expect(
      authenticate(store, partner.apiKey, 'sk_new_secret', now + 5 + CREDENTIALS_TTL_MS),
    ).toBeUndefined();
    expect(authenticate(store, partner.apiKey, 'sk_third', now + 6 + CREDENTIALS_TTL_MS)?.id).toBe(
      partner.id,
    );
  });
});
