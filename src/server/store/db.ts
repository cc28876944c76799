// Opens the dashboard's own database: a SQLite file in DATA_DIR by default, PostgreSQL when
// DASHBOARD_DATABASE_URL says so (docs/decisions/016). One Kysely schema and query layer for both.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import {
  Kysely,
  type KyselyConfig,
  type LogEvent,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations';
import type { Database as Tables } from './schema';
import { openSqliteFile } from '#/http/sqlite-file';

export type DialectName = 'sqlite' | 'postgres';

export interface DashboardDb {
  db: Kysely<Tables>;
  dialect: DialectName;
  /**
   * Who may do what changed in this process (a session ended, roles, a password, the second
   * step, credentials): caches of it listen here and forget (docs/decisions/021).
   */
  changed: ChangeSignal;
  /**
   * PostgreSQL only: hears `NOTIFY` on a channel through a connection of its own, opened again
   * after an outage; `onGap` is called each time it (re)starts listening, since notifications
   * sent while it was away are lost.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onGap: () => void): Listening;
  /** Refreshes the query planner's statistics (SQLite; PostgreSQL's autovacuum does its own). */
  analyze(): Promise<void>;
  /** Tells `listener` how long each statement took, and its SQL (metrics and traces). */
  onQuery(listener: (ms: number, sql: string) => void): void;
  /** PostgreSQL only: the pool's connections now. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  close(): Promise<void>;
}

/** A tiny in-process signal: `notify()` calls every listener. */
export interface ChangeSignal {
  notify(): void;
  listen(listener: () => void): void;
}

export function changeSignal(): ChangeSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    listen: (listener) => void listeners.add(listener),
  };
}

export interface Listening {
  close(): Promise<void>;
}

/** How long a lost listening connection waits before it is opened again. */
const LISTEN_RETRY_MS = 1_000;

function pgListener(pg: typeof import('pg').default, url: string) {
  return (channel: string, onMessage: (payload: string) => void, onGap: () => void): Listening => {
    let closed = false;
    let client: import('pg').Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const again = () => {
      client = undefined;
      if (!closed && !retry) retry = setTimeout(() => void open(), LISTEN_RETRY_MS);
    };
    async function open() {
      retry = undefined;
      const c = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      });
      client = c;
      c.on('error', () => undefined);
      c.on('end', () => {
        if (client === c) again();
      });
      c.on('notification', (message) => {
        if (message.channel === channel && message.payload) onMessage(message.payload);
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
        if (closed) return void (await c.end());
        onGap();
      } catch {
        if (client === c) again();
        await c.end().catch(() => undefined);
      }
    }
    void open();
    return {
      async close() {
        closed = true;
        clearTimeout(retry);
        const c = client;
        client = undefined;
        await c?.end().catch(() => undefined);
      },
    };
  };
}

/**
 * With DASHBOARD_SQL_PROFILE=<file>: the time each statement took, summed by its SQL, written to
 * the file as JSON when the process exits (slowest first). For looking into a benchmark's figure.
 */
function sqlProfile(): ((event: LogEvent) => void) | undefined {
  const file = process.env.DASHBOARD_SQL_PROFILE;
  if (!file) return undefined;
  const spent = new Map<string, { ms: number; n: number }>();
  process.once('exit', () => {
    const rows = [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 100);
    fs.writeFileSync(
      file,
      JSON.stringify(
        rows.map(([sql, t]) => ({ ...t, sql })),
        null,
        1,
      ),
    );
  });
  return (event) => {
    const key = event.query.sql.slice(0, 400);
    const t = spent.get(key) ?? { ms: 0, n: 0 };
    t.ms += event.queryDurationMillis;
    t.n++;
    spent.set(key, t);
  };
}

/** Kysely's log: each statement's time to the listeners, and to the profile where asked. */
function queryLog(listeners: Set<(ms: number, sql: string) => void>): KyselyConfig['log'] {
  const profile = sqlProfile();
  return (event) => {
    profile?.(event);
    for (const listener of listeners) listener(event.queryDurationMillis, event.query.sql);
  };
}

export type DatabaseLocation = { url: string } | { file: string };

/** How long opening a connection to PostgreSQL may take before it is given up. */
export const DB_CONNECT_TIMEOUT_MS = 5_000;
/** How long one statement may take (a hung server is noticed on open connections by this). */
export const DB_STATEMENT_TIMEOUT_MS = 10_000;

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin shutdown
  '57P02', // crash shutdown
  '57P03', // cannot connect now
  '57014', // statement timeout
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Whether an error says the database cannot be reached now (not that a query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return (
    typeof message === 'string' &&
    /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection error|terminating connection|database system is (starting up|shutting down)/i.test(
      message,
    )
  );
}

async function postgres(url: string, log: KyselyConfig['log']) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that is down or hangs is answered within seconds (503), never waited on.
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    query_timeout: DB_STATEMENT_TIMEOUT_MS,
    statement_timeout: DB_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: 2 * DB_STATEMENT_TIMEOUT_MS,
    // bigint (int8) columns hold milliseconds: safe as JavaScript numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as never,
    },
  });
  // An idle connection the server dropped (a restart, a failover) is an event, not a crash: the
  // pool discards it and the next query opens another.
  pool.on('error', () => undefined);
  // So is one dropped while checked out between two statements (a transaction in progress, a
  // background pass mid-way): the statement after fails and is answered as an outage, but the
  // client's own 'error' event, which the pool listens to only while it is idle, must not crash
  // the server.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log }),
    listen: pgListener(pg, url),
    pool,
  };
}

function sqlite(file: string, log: KyselyConfig['log']): Kysely<Tables> {
  const database = openSqliteFile(file);
  // Kysely prepares every query it runs; the same SQL is prepared once here and reused (a
  // statement is only ever used synchronously, so sharing one is safe).
  const prepared = new Map<string, Database.Statement>();
  const cached = {
    close: () => database.close(),
    prepare: (source: string) => {
      let statement = prepared.get(source);
      if (!statement) {
        if (prepared.size >= 1000) prepared.clear();
        statement = database.prepare(source);
        prepared.set(source, statement);
      }
      return statement;
    },
  };
  return new Kysely<Tables>({
    dialect: new SqliteDialect({ database: cached }),
    log,
  });
}

export async function openDashboardDb(location: DatabaseLocation): Promise<DashboardDb> {
  const dialect: DialectName = 'url' in location ? 'postgres' : 'sqlite';
  const listeners = new Set<(ms: number, sql: string) => void>();
  const log = queryLog(listeners);
  const opened =
    'url' in location ? await postgres(location.url, log) : { db: sqlite(location.file, log) };
  const db = opened.db;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return {
    db,
    dialect,
    changed: changeSignal(),
    ...('listen' in opened ? { listen: opened.listen, pool: opened.pool } : {}),
    onQuery: (listener) => listeners.add(listener),
    analyze: async () => {
      if (dialect === 'sqlite') {
        // Sampled statistics: enough for the planner, quick on large tables.
        await sql`PRAGMA analysis_limit=2000`.execute(db);
        await sql`PRAGMA optimize=0x10002`.execute(db);
      }
    },
    close: () => db.destroy(),
  };
}

/** Serializes writers of one kind across servers sharing PostgreSQL (SQLite has one writer). */
export async function lockFor(
  trx: Kysely<Tables>,
  dialect: DialectName,
  name: string,
): Promise<void> {
  if (dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
