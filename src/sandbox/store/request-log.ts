import type { Db } from './db';

/** One request a partner made, as kept (docs/decisions/023). */
export interface LoggedRequest {
  id: number;
  time: number;
  method: string;
  /** Path and query below {base_url}, as sent. */
  path: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  requestId: string;
  idempotencyKey: string | null;
  /** `api` for a client's own request; `dashboard` for one the dashboard made for a person. */
  source: string;
  objectType: string | null;
  objectId: number | null;
  requestType: string | null;
  requestBody: string | null;
  responseBody: string | null;
}

export type NewLoggedRequest = Omit<LoggedRequest, 'id'> & { partnerId: number };

export interface RequestLogFilter {
  /** Part of the path (case-insensitive). */
  path?: string | undefined;
  /** An exact status, or a class: 4 for every 4xx. */
  status?: number | undefined;
  requestId?: string | undefined;
  objectType?: string | undefined;
  objectId?: number | undefined;
}

const COLUMNS = `id, time, method, path, operation_id AS operationId, status,
  duration_ms AS durationMs, request_id AS requestId, idempotency_key AS idempotencyKey, source,
  object_type AS objectType, object_id AS objectId, request_type AS requestType,
  request_body AS requestBody, response_body AS responseBody`;

export function requestLogRepository(db: Db) {
  const insert = db.prepare<NewLoggedRequest>(
    `INSERT INTO request_log (partner_id, time, method, path, operation_id, status, duration_ms,
       request_id, idempotency_key, source, object_type, object_id, request_type, request_body,
       response_body)
     VALUES (@partnerId, @time, @method, @path, @operationId, @status, @durationMs, @requestId,
       @idempotencyKey, @source, @objectType, @objectId, @requestType, @requestBody,
       @responseBody)`,
  );
  // The id below which a partner's entries are more than `keep` old in number.
  const cutoff = db.prepare<[number, number], { id: number }>(
    'SELECT id FROM request_log WHERE partner_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?',
  );
  const pruneBefore = db.prepare<[number, number, number]>(
    'DELETE FROM request_log WHERE partner_id = ? AND (id <= ? OR time < ?)',
  );
  const byRequestId = db.prepare<[number, string], LoggedRequest>(
    `SELECT ${COLUMNS} FROM request_log WHERE partner_id = ? AND request_id = ?`,
  );
  const partners = db.prepare<[], { partnerId: number }>(
    'SELECT DISTINCT partner_id AS partnerId FROM request_log',
  );

  return {
    /** Appends entries in one transaction: the log costs one commit per batch, not per request. */
    append: db.transaction((entries: NewLoggedRequest[]) => {
      for (const entry of entries) insert.run(entry);
    }),
    /** Keeps each partner's newest `keep` entries, none older than `since`. */
    prune(keep: number, since: number) {
      db.transaction(() => {
        for (const { partnerId } of partners.all()) {
          const last = cutoff.get(partnerId, keep)?.id ?? 0;
          pruneBefore.run(partnerId, last, since);
        }
      }).immediate();
    },
    byRequestId: (partnerId: number, requestId: string) => byRequestId.get(partnerId, requestId),
    /** Newest first, one more than asked for so the caller can tell whether more follow. */
    search(partnerId: number, filter: RequestLogFilter, start: number, limit: number) {
      const where = ['partner_id = @partnerId'];
      const params: Record<string, unknown> = { partnerId, start, limit: limit + 1 };
      if (filter.path) {
        where.push("path LIKE @path ESCAPE '\\'");
        params.path = `%${filter.path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      }
      if (filter.status !== undefined) {
        if (filter.status < 10) {
          where.push('status BETWEEN @low AND @high');
          params.low = filter.status * 100;
          params.high = filter.status * 100 + 99;
        } else {
          where.push('status = @status');
          params.status = filter.status;
        }
      }
      if (filter.requestId) {
        where.push('request_id = @requestId');
        params.requestId = filter.requestId;
      }
      if (filter.objectType) {
        where.push('object_type = @objectType');
        params.objectType = filter.objectType;
      }
      if (filter.objectId !== undefined) {
        where.push('object_id = @objectId');
        params.objectId = filter.objectId;
      }
      return db
        .prepare<Record<string, unknown>, LoggedRequest>(
          `SELECT ${COLUMNS} FROM request_log WHERE ${where.join(' AND ')}
           ORDER BY id DESC LIMIT @limit OFFSET @start`,
        )
        .all(params);
    },
  };
}
