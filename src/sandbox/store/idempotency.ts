import type { Db } from './db';

export interface IdempotencyRecord {
  requestHash: string;
  statusCode: number;
  responseType: string;
  responseBody: string;
  creationTime: number;
}

/**
 * Keys are written only in the same transaction as the work they guard, with its answer: a key
 * in this table means the work committed, and there is no "running" state to lose in a crash.
 */
export function idempotencyRepository(db: Db) {
  const get = db.prepare<[number, string], IdempotencyRecord>(
    `SELECT request_hash AS requestHash, status_code AS statusCode,
       response_type AS responseType, response_body AS responseBody, creation_time AS creationTime
     FROM idempotency_key WHERE partner_id = ? AND key = ?`,
  );
  const insert = db.prepare<[number, string, string, number, string, string, number]>(
    `INSERT INTO idempotency_key
       (partner_id, key, request_hash, state, status_code, response_type, response_body, creation_time)
     VALUES (?, ?, ?, 'done', ?, ?, ?, ?)`,
  );
  const expire = db.prepare<[number]>('DELETE FROM idempotency_key WHERE creation_time < ?');
  return {
    get: (partnerId: number, key: string) => get.get(partnerId, key),
    /** Call inside the write transaction of the work itself. */
    record(partnerId: number, key: string, hash: string, answer: StoredAnswer, now: number) {
      insert.run(partnerId, key, hash, answer.statusCode, answer.type, answer.body, now);
    },
    expireBefore(time: number) {
      expire.run(time);
    },
  };
}

export interface StoredAnswer {
  statusCode: number;
  type: string;
  body: string;
}
