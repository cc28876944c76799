// The sandbox console's request log (docs/decisions/023): every request an authenticated partner
// makes, kept for the partner to find again — the time, the operation, the status, how long it
// took, its request id and idempotency key, and both bodies. No header but the idempotency key
// is kept, so never a credential; values of fields named like a secret or a password are
// redacted; bodies are capped.
//
// Each partner's log lives in memory, newest entries last, holding the very strings the answer
// was sent with, and is appended to a file of its own beside the database
// (`request-log/<partner id>.log`) a batch at a time: a line per request, its small fields as
// JSON, then the two bodies as they are (compact JSON has no raw tab or newline), tab-separated.
// When the file holds as many lines (or bytes) as are kept it becomes `<partner id>.old.log` and
// a new one starts; both are read back when a partner's log is first needed after a start. Not in SQLite:
// a row with its indexes cost more than the request it describes (decision 023).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type LoggedRequest,
  type REQUEST_OBJECT_TYPES,
  DASHBOARD_USER_AGENT,
  DASHBOARD_BACKGROUND,
} from '#/api/schemas/platform';

type RequestObjectType = (typeof REQUEST_OBJECT_TYPES)[number];

export type NewLoggedRequest = Omit<LoggedRequest, 'id'> & { partnerId: number };

export interface RequestLogFilter {
  /** Part of the path (case-insensitive). */
  path?: string | undefined;
  /** An exact status, or a class: 4 for every 4xx. */
  status?: number | undefined;
  requestId?: string | undefined;
  objectType?: string | undefined;
  objectId?: number | undefined;
  /** `dashboard`: the dashboard's requests (its User-Agent); `integration`: everything else. */
  client?: 'integration' | 'dashboard' | undefined;
  /** `writes`: POST, PUT and DELETE; `reads`: GET. */
  kind?: 'writes' | 'reads' | undefined;
}

/** How much of the log each partner keeps: the newest entries, none older than the days. */
export const REQUEST_LOG_KEEP = 10_000;
/** …and no more than this many bytes of bodies per partner, in memory and in each file. */
export const REQUEST_LOG_BYTES = 32 * 1024 * 1024;
export const REQUEST_LOG_DAYS = 7;
export const REQUEST_LOG_BODY_LIMIT = 64 * 1024;
const FLUSH_AFTER_MS = 200;

const SECRET_FIELD = /secret|password/i;

/** A body as kept: secrets redacted, at most REQUEST_LOG_BODY_LIMIT characters. */
export function keptBody(body: string | null): string | null {
  if (body === null || body === '') return null;
  let kept = body;
  if (/ecret|assword/i.test(body)) {
    try {
      kept = JSON.stringify(JSON.parse(body), (key, value: unknown) =>
        SECRET_FIELD.test(key) && typeof value === 'string' ? '[redacted]' : value,
      );
    } catch {
      kept = body.replace(/(secret|password)([^,&\n]*)/gi, '$1=[redacted]');
    }
  }
  return kept.length > REQUEST_LOG_BODY_LIMIT
    ? `${kept.slice(0, REQUEST_LOG_BODY_LIMIT)}… (cut at ${REQUEST_LOG_BODY_LIMIT} characters)`
    : kept;
}

// Which record an operation touches: its path's id, or the id a create answered with.
const OBJECT_OF: [RegExp, RequestObjectType][] = [
  [/^(get|update|create)Merchant$|Agreements$|^submitOnboarding$/, 'merchant'],
  [/^(get|update|create)PayoutAccount$/, 'payout_account'],
  [/^(sendc2f|sendf2f|receive)(Create|Get|ApproveQuote|ApproveDeposit|Cancel)$/, 'transaction'],
  [/^getPayoutConfirmation$/, 'transaction'],
  [/^(create|delete|test)Webhook$/, 'webhook'],
  [/^resendEvent$/, 'event'],
];

/** The record type of each operation, worked out once: the log asks on every request. */
const objectTypes = new Map<string, RequestObjectType | null>();
function objectTypeOf(operationId: string): RequestObjectType | null {
  let type = objectTypes.get(operationId);
  if (type === undefined) {
    type = OBJECT_OF.find(([pattern]) => pattern.test(operationId))?.[1] ?? null;
    // Operation ids come from the contract: a few dozen, never from the request.
    objectTypes.set(operationId, type);
  }
  return type;
}

export function objectOf(
  operationId: string | null,
  params: unknown,
  responseBody: string | null,
): { objectType: RequestObjectType | null; objectId: number | null } {
  const type = operationId ? objectTypeOf(operationId) : null;
  if (!type) return { objectType: null, objectId: null };
  const fromPath = Number((params as { id?: unknown } | undefined)?.id);
  if (Number.isSafeInteger(fromPath) && fromPath > 0)
    return { objectType: type, objectId: fromPath };
  const answered = responseBody
    ? (/^\{"(?:id|businessRequestId)":(\d+)/.exec(responseBody) ??
      /"businessRequestId":(\d+)/.exec(responseBody))
    : null;
  return answered
    ? { objectType: type, objectId: Number(answered[1]) }
    : { objectType: null, objectId: null };
}

export interface RequestLog {
  record(entry: NewLoggedRequest): void;
  /** Newest first, one more than asked for so the caller can tell whether more follow. */
  search(
    partnerId: number,
    filter: RequestLogFilter,
    start: number,
    limit: number,
  ): LoggedRequest[];
  byRequestId(partnerId: number, requestId: string): LoggedRequest | undefined;
  /** Writes what waits for the files: on close. */
  flush(): void;
}

interface PartnerLog {
  entries: LoggedRequest[];
  nextId: number;
  /** Entries not yet appended to the file. */
  pending: LoggedRequest[];
  /** Lines the current file holds, and their size. */
  lines: number;
  fileBytes: number;
  /** The size of what `entries` hold (bodies, and a little for the rest). */
  bytes: number;
}

const sizeOf = (entry: LoggedRequest) =>
  (entry.requestBody?.length ?? 0) + (entry.responseBody?.length ?? 0) + 256;

function matches(entry: LoggedRequest, filter: RequestLogFilter, pathPart: string | undefined) {
  if (filter.requestId !== undefined && entry.requestId !== filter.requestId) return false;
  if (filter.objectType !== undefined && entry.objectType !== filter.objectType) return false;
  if (filter.objectId !== undefined && entry.objectId !== filter.objectId) return false;
  if (
    filter.client !== undefined &&
    (entry.source === DASHBOARD_USER_AGENT) !== (filter.client === 'dashboard')
  )
    return false;
  if (filter.kind !== undefined && (entry.method === 'GET') !== (filter.kind === 'reads'))
    return false;
  if (filter.status !== undefined) {
    const status = filter.status < 10 ? Math.floor(entry.status / 100) : entry.status;
    if (status !== filter.status) return false;
  }
  return pathPart === undefined || entry.path.toLowerCase().includes(pathPart);
}

/** A body as one field of a line: as it is, unless it holds a tab or a line break. */
const field = (body: string | null) =>
  body === null ? '' : /[\t\n\r]/.test(body) ? body.replace(/[\t\n\r]/g, ' ') : body;

function lineOf({ requestBody, responseBody, ...small }: LoggedRequest): string {
  return `${JSON.stringify(small)}\t${field(requestBody)}\t${field(responseBody)}\n`;
}

function entryOfLine(line: string): LoggedRequest | undefined {
  const [small, requestBody, responseBody] = line.split('\t');
  if (responseBody === undefined) return undefined;
  try {
    return {
      ...(JSON.parse(small!) as LoggedRequest),
      requestBody: requestBody || null,
      responseBody: responseBody || null,
    };
  } catch {
    return undefined;
  }
}

/**
 * The log of every partner. `dir` holds the files; without one (a database in memory) the log
 * lives in memory only.
 */
export function requestLog(dir: string | undefined, now: () => number = Date.now): RequestLog {
  const partners = new Map<number, PartnerLog>();
  let timer: NodeJS.Timeout | undefined;
  const fileOf = (partnerId: number, old = false) =>
    path.join(dir!, `${partnerId}${old ? '.old' : ''}.log`);
  const oldest = () => now() - REQUEST_LOG_DAYS * 86_400_000;

  /** Drops the oldest entries beyond the count, the size, or the age that is kept. */
  const trim = (log: PartnerLog) => {
    const since = oldest();
    let drop = 0;
    let bytes = log.bytes;
    const entries = log.entries;
    while (
      drop < entries.length &&
      (entries.length - drop > REQUEST_LOG_KEEP ||
        bytes > REQUEST_LOG_BYTES ||
        entries[drop]!.time < since)
    ) {
      bytes -= sizeOf(entries[drop]!);
      drop++;
    }
    if (drop > 0) entries.splice(0, drop);
    log.bytes = bytes;
  };

  const readLines = (file: string): string[] => {
    try {
      return fs.readFileSync(file, 'utf8').split('\n');
    } catch {
      return [];
    }
  };

  /** A partner's log, read back from its files the first time after a start. */
  const logOf = (partnerId: number): PartnerLog => {
    let log = partners.get(partnerId);
    if (log) return log;
    log = { entries: [], nextId: 1, pending: [], lines: 0, fileBytes: 0, bytes: 0 };
    if (dir) {
      const current = readLines(fileOf(partnerId)).filter(Boolean);
      log.lines = current.length;
      log.fileBytes = current.reduce((sum, line) => sum + line.length + 1, 0);
      for (const line of [...readLines(fileOf(partnerId, true)), ...current]) {
        // A line cut short by a crash is left out; the rest is read.
        const entry = line ? entryOfLine(line) : undefined;
        if (!entry) continue;
        log.entries.push(entry);
        log.bytes += sizeOf(entry);
      }
      log.nextId = (log.entries.at(-1)?.id ?? 0) + 1;
      trim(log);
    }
    partners.set(partnerId, log);
    return log;
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!dir) return;
    for (const [partnerId, log] of partners) {
      if (log.pending.length === 0) continue;
      const batch = log.pending;
      log.pending = [];
      try {
        fs.mkdirSync(dir, { recursive: true });
        const text = batch.map(lineOf).join('');
        // A file holds at most what is kept: the batch that would go over starts a new one.
        if (
          log.lines > 0 &&
          (log.lines + batch.length > REQUEST_LOG_KEEP ||
            log.fileBytes + text.length > REQUEST_LOG_BYTES)
        ) {
          fs.renameSync(fileOf(partnerId), fileOf(partnerId, true));
          log.lines = 0;
          log.fileBytes = 0;
        }
        fs.appendFileSync(fileOf(partnerId), text);
        log.lines += batch.length;
        log.fileBytes += text.length;
      } catch {
        // A log that cannot be written must not fail the requests it describes; memory keeps it.
      }
    }
  };

  return {
    record({ partnerId, ...fields }) {
      const log = logOf(partnerId);
      const entry = fields as LoggedRequest;
      entry.id = log.nextId++;
      log.entries.push(entry);
      log.bytes += sizeOf(entry);
      if (
        log.entries.length > REQUEST_LOG_KEEP + REQUEST_LOG_KEEP / 10 ||
        log.bytes > REQUEST_LOG_BYTES
      )
        trim(log);
      if (!dir) return;
      log.pending.push(entry);
      if (!timer) {
        timer = setTimeout(flush, FLUSH_AFTER_MS);
        timer.unref();
      }
    },
    search(partnerId, filter, start, limit) {
      const log = logOf(partnerId);
      trim(log);
      const pathPart = filter.path?.toLowerCase();
      const found: LoggedRequest[] = [];
      let skipped = 0;
      for (let i = log.entries.length - 1; i >= 0 && found.length <= limit; i--) {
        const entry = log.entries[i]!;
        if (!matches(entry, filter, pathPart)) continue;
        if (skipped < start) skipped++;
        else found.push(entry);
      }
      return found;
    },
    byRequestId(partnerId, requestId) {
      return this.search(partnerId, { requestId }, 0, 1)[0];
    },
    flush,
  };
}

/** What a request sent, as text: JSON as sent; a file upload by its type only. */
function requestBodyOf(request: FastifyRequest): { type: string | null; body: string | null } {
  const type = request.headers['content-type'] ?? null;
  if (typeof type === 'string' && type.startsWith('multipart/'))
    return { type: 'multipart/form-data', body: '(a file upload: its bytes are not kept)' };
  if (request.body === undefined || request.body === null) return { type: null, body: null };
  try {
    return { type: 'application/json', body: JSON.stringify(request.body) };
  } catch {
    // A body the log cannot write out is not a reason to fail the request it belongs to.
    return { type: 'application/json', body: '(not shown: it could not be written out)' };
  }
}

/** The log entry of an answered request, or undefined when it is not one to keep. */
export function entryOf(
  request: FastifyRequest,
  status: number,
  responseBody: string | null,
  durationMs: number,
  time: number,
  operationId: string | null,
): NewLoggedRequest | undefined {
  const partner = request.partner;
  if (!partner) return undefined;
  const path = request.url.slice(request.url.indexOf('/v1/'));
  // Reading the console itself would bury what it is there to show; so would the dashboard's
  // background reads, which say so.
  if (path.startsWith('/v1/sandbox/')) return undefined;
  if (request.headers[DASHBOARD_BACKGROUND.header] === DASHBOARD_BACKGROUND.value) return undefined;
  const idempotencyKey = request.headers['idempotency-key'];
  const userAgent = request.headers['user-agent'];
  const sent = requestBodyOf(request);
  const kept = keptBody(responseBody);
  return {
    partnerId: partner.id,
    time,
    method: request.method,
    path,
    operationId,
    status,
    durationMs: Math.round(durationMs * 1000) / 1000,
    requestId: request.id,
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey.slice(0, 255) : null,
    source: typeof userAgent === 'string' ? userAgent.slice(0, 200) : '',
    ...objectOf(operationId, request.params, kept),
    requestType: sent.type,
    requestBody: keptBody(sent.body),
    responseBody: kept,
  };
}

/** An onSend hook that logs each answered request of an authenticated partner. */
export function requestLogHook(log: RequestLog, now: () => number) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ) => {
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? reply.getHeader('content-type')?.toString().includes('json')
            ? payload.toString('utf8')
            : `(${payload.length} bytes of ${String(reply.getHeader('content-type') ?? 'data')})`
          : payload
            ? '(a file: its bytes are not kept)'
            : null;
    const entry = entryOf(
      request,
      reply.statusCode,
      body,
      reply.elapsedTime,
      now(),
      request.operationId,
    );
    if (entry) log.record(entry);
    done(null, payload);
  };
}
