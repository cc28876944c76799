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
  return {
    insert(name: string, apiKey: string, secretHash: string, now: number): number {
      return Number(insert.run(name, apiKey, secretHash, now).lastInsertRowid);
    },
    byKey: (apiKey: string) => byKey.get(apiKey),
    updateSecret(id: number, name: string, secretHash: string) {
      updateSecret.run(secretHash, name, id);
    },
  };
}
