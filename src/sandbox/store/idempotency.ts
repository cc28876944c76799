import type { Db } from './db';

export interface IdempotencyRecord {
  requestHash: string;
  state: 'running' | 'done';
  statusCode: number | null;
  responseType: string | null;
  responseBody: string | null;
  creationTime: number;
}

export function idempotencyRepository(db: Db) {
  const get = db.prepare<[number, string], IdempotencyRecord>(
    `SELECT request_hash AS requestHash, state, status_code AS statusCode,
       response_type AS responseType, response_body AS responseBody, creation_time AS creationTime
     FROM idempotency_key WHERE partner_id = ? AND key = ?`,
  );
  const begin = db.prepare<[number, string, string, number]>(
    `INSERT INTO idempotency_key (partner_id, key, request_hash, state, creation_time)
     VALUES (?, ?, ?, 'running', ?) ON CONFLICT (partner_id, key) DO NOTHING`,
  );
  const finish = db.prepare<[number, string, string, number, string]>(
    `UPDATE idempotency_key SET state = 'done', status_code = ?, response_type = ?, response_body = ?
     WHERE partner_id = ? AND key = ?`,
  );
  const forget = db.prepare<[number, string]>(
    'DELETE FROM idempotency_key WHERE partner_id = ? AND key = ?',
  );
  const expire = db.prepare<[number]>('DELETE FROM idempotency_key WHERE creation_time < ?');
  const abandonRunning = db.prepare("DELETE FROM idempotency_key WHERE state = 'running'");
  return {
    get: (partnerId: number, key: string) => get.get(partnerId, key),
    /** True when this request now owns the key. */
    begin: (partnerId: number, key: string, hash: string, now: number) =>
      begin.run(partnerId, key, hash, now).changes === 1,
    finish(partnerId: number, key: string, statusCode: number, type: string, body: string) {
      finish.run(statusCode, type, body, partnerId, key);
    },
    forget(partnerId: number, key: string) {
      forget.run(partnerId, key);
    },
    expireBefore(time: number) {
      expire.run(time);
    },
    /** At start: requests that were running when the process stopped never finished. */
    abandonRunning() {
      abandonRunning.run();
    },
  };
}
