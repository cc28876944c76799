import type { Db } from './db';

export interface PartnerRow {
  id: number;
  name: string;
  apiKey: string;
  secretHash: string;
}

export function partnerRepository(db: Db) {
  const insert = db.prepare<[string, string, string, number]>(
    'INSERT INTO partner (name, api_key, secret_hash, creation_time) VALUES (?, ?, ?, ?)',
  );
  const byKey = db.prepare<[string], PartnerRow>(
    'SELECT id, name, api_key AS apiKey, secret_hash AS secretHash FROM partner WHERE api_key = ?',
  );
  const updateSecret = db.prepare<[string, string, number]>(
    'UPDATE partner SET secret_hash = ?, name = ? WHERE id = ?',
  );
  const setHeld = db.prepare<[number | null, number]>(
    'UPDATE partner SET moves_held_since = ? WHERE id = ?',
  );
  const heldSince = db
    .prepare<[number], number | null>('SELECT moves_held_since FROM partner WHERE id = ?')
    .pluck(true);
  return {
    /** Holds (a time) or releases (null) a partner's automatic moves. */
    holdMoves(id: number, since: number | null) {
      setHeld.run(since, id);
    },
    movesHeldSince: (id: number): number | null => heldSince.get(id) ?? null,
    insert(name: string, apiKey: string, secretHash: string, now: number): number {
      return Number(insert.run(name, apiKey, secretHash, now).lastInsertRowid);
    },
    byKey: (apiKey: string) => byKey.get(apiKey),
    updateSecret(id: number, name: string, secretHash: string) {
      updateSecret.run(secretHash, name, id);
    },
  };
}
