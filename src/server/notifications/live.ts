// Live updates for open pages (docs/decisions/035, 054): one server-sent event stream per open
// tab. What this server writes to the local index (its own calls, the environment's webhooks, its
// reconciliation) is pushed at once as `records`, and written to `index_change` in the writing
// transaction; other servers sharing PostgreSQL hear it by NOTIFY at its commit (a slow poll of
// `index_change` behind it catches what a lost connection missed); on SQLite, where other
// processes can only share the file, the poll runs every beat.
//
// Each beat costs a fixed number of queries, whatever the number of open pages: every open page's
// session in one read, and every person's counts (unread notifications, approvals waiting) read
// once per environment for everyone, pushed as `counts` to the pages whose counts changed. A
// beat runs at once after a change: on PostgreSQL, any server's change to what counts read (its
// triggers' NOTIFY, decision 083), with a slow beat behind for what time alone changes; on
// SQLite (one server), a change to who may do what, and otherwise every second.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RecordKind } from '#/api/operations';
import type { MoneyControls } from '../controls/controls';
import type { DashboardDb, Listening } from '../store/db';
import type { NotificationStore } from './store';
import type { Database } from '../store/schema';
import type { User, WorkspaceStore } from '../store/workspace';
import { type BatchInboxDeps, batchInboxCounts, withWaitingBatches } from '../batches/approval';

const PULSE_MS = 1_000;
/**
 * PostgreSQL: the database says when counts may have changed (NOTIFY from its triggers, decision
 * 083), so the beat is driven by changes; this slow one only catches what time alone changes (a
 * session expired, a quote past its validity) and a notification lost with a connection.
 */
const QUIET_PULSE_MS = 15_000;
/** The channel of the triggers that say counts may have changed (migration 036). */
const COUNTS_CHANNEL = 'dashboard_counts';
const KEEP_ALIVE_MS = 20_000;
/** The least time between the end of a beat and the start of the next. */
const MIN_GAP_MS = 100;
/** PostgreSQL: how often the poll behind NOTIFY looks at `index_change`. */
const FALLBACK_POLL_MS = 5_000;
/** How far back a poll looks for other servers' changes (commits may land out of order). */
const CHANGES_WINDOW_MS = 2 * FALLBACK_POLL_MS;
/** Changes older than this are deleted (by whichever server gets to it). */
const CHANGES_KEPT_MS = 60_000;
/** The NOTIFY channel of index changes, and the largest payload sent whole (PostgreSQL's is 8000). */
const CHANNEL = 'dashboard_index_change';
const PAYLOAD_MAX = 7_000;

interface Stream {
  userId: string;
  token: string;
  environment: string;
  /** The counts last sent, as JSON. */
  counts: string;
  send(event: string, data: unknown): void;
  end(): void;
}

interface Change {
  id: string;
  environment: string;
  kind: RecordKind;
  ids: readonly number[];
  origin: string;
}

/** What the live hub reads (parts of the server's context). */
export interface LiveHubDeps extends BatchInboxDeps {
  db: DashboardDb;
  workspace: Pick<WorkspaceStore, 'listUsers' | 'liveSessions'>;
  notifications: { store: Pick<NotificationStore, 'unreadOf'> };
  controls: Pick<MoneyControls, 'policies' | 'inboxCountsOf'>;
}

type Counts = { unread: number; approvals: { you: number; everyone: number } };

/** Runs one part of a beat: a failure is that part's alone, and the next beat tries again. */
async function apart(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch {
    // The database was away, or a record could not be read: the next beat reads it again.
  }
}

export function liveHub(deps: LiveHubDeps) {
  const streams = new Set<Stream>();
  /** This server, as the origin of the changes it writes. */
  const origin = randomUUID();
  /** Other servers' changes already pushed, by id, with when they were heard. */
  const pushed = new Map<string, number>();
  let pruned = 0;
  let polled = 0;
  let listening: Listening | undefined;
  let countsListening: Listening | undefined;
  let timer: NodeJS.Timeout | undefined;
  let due = Infinity;
  let lastEnded = -Infinity;
  let running: Promise<void> | undefined;
  let again = false;
  let heardChanges = false;
  /** How many changes this server has pushed to its pages, since it started. */
  let pushes = 0;

  function push(environment: string, kind: RecordKind, ids: readonly number[]) {
    pushes += 1;
    for (const stream of streams)
      if (stream.environment === environment) stream.send('records', { kind, ids });
  }

  /** Another server's change, heard once however it arrived (NOTIFY, the poll or both). */
  function heard(change: Change) {
    if (change.origin === origin || pushed.has(change.id)) return;
    pushed.set(change.id, deps.now());
    push(change.environment, change.kind, change.ids);
    // What changed there may change counts here (a payout waits): read them now.
    soon();
  }

  /** What other servers wrote to the index lately and this one has not pushed yet. */
  async function othersChanges(force = false) {
    const ctx = deps;
    const now = ctx.now();
    if (!force && listening && now - polled < FALLBACK_POLL_MS) return;
    polled = now;
    const rows = await ctx.db.db
      .selectFrom('index_change')
      .selectAll()
      .where('at', '>', now - CHANGES_WINDOW_MS)
      .where('origin', '<>', origin)
      .orderBy('at')
      .execute();
    for (const row of rows)
      heard({ ...row, kind: row.kind as RecordKind, ids: JSON.parse(row.ids) as number[] });
    for (const [id, at] of pushed) if (at <= now - 2 * CHANGES_WINDOW_MS) pushed.delete(id);
  }

  /** A NOTIFY from another server: the change itself, or its id when it was too long to send. */
  function notified(payload: string) {
    let change: Partial<Change> & { id: string };
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      return;
    }
    // This server's own change, committed: counts are read now that other connections see it.
    if (change.origin === origin) return soon();
    if (change.ids) return heard(change as Change);
    void apart(() => othersChanges(true));
  }

  /** Deletes changes no poll looks at any more, at most once a minute per server. */
  async function prune() {
    const ctx = deps;
    const now = ctx.now();
    if (now - pruned < CHANGES_KEPT_MS) return;
    pruned = now;
    await ctx.db.db
      .deleteFrom('index_change')
      .where('at', '<', now - CHANGES_KEPT_MS)
      .execute();
  }

  /** Every open page's session in one read: ended ones are told and closed. */
  async function sessions() {
    const open = [...streams];
    const live = await deps.workspace.liveSessions(open.map((s) => s.token));
    for (const stream of open) {
      const session = live.get(stream.token);
      if (session && session.environment === stream.environment) continue;
      // An ended session is told, so that the page asks to sign in again at once; one switched
      // to another environment too, so that the page opens the stream of that one instead of
      // reading its old environment's lists again.
      if (!session) stream.send('ended', { reason: 'session' });
      else stream.send('switched', { environment: session.environment });
      streams.delete(stream);
      stream.end();
    }
  }

  /** Everyone's counts, read once per environment with open pages; changed ones are pushed. */
  async function counts() {
    const ctx = deps;
    const byEnvironment = new Map<string, Stream[]>();
    for (const stream of streams) {
      const open = byEnvironment.get(stream.environment);
      if (open) open.push(stream);
      else byEnvironment.set(stream.environment, [stream]);
    }
    if (byEnvironment.size === 0) return;
    const people = new Map((await ctx.workspace.listUsers()).map((u) => [u.id, u]));
    for (const [environment, open] of byEnvironment)
      await apart(async () => {
        const users = [...new Set(open.map((s) => s.userId))]
          .map((id) => people.get(id))
          .filter((u): u is User => u !== undefined);
        const ids = users.map((u) => u.id);
        const [unread, approvals, batches] = await Promise.all([
          ctx.notifications.store.unreadOf(ids),
          ctx.controls.inboxCountsOf(users, environment as never),
          batchInboxCounts(ctx, users, environment),
        ]);
        const countsOf = new Map<string, { counts: Counts; json: string }>();
        for (const user of users) {
          const counts: Counts = {
            unread: unread.get(user.id) ?? 0,
            approvals: withWaitingBatches(approvals.get(user.id)!, batches.get(user.id)!),
          };
          countsOf.set(user.id, { counts, json: JSON.stringify(counts) });
        }
        for (const stream of open) {
          const now = countsOf.get(stream.userId);
          if (now === undefined || now.json === stream.counts) continue;
          stream.counts = now.json;
          stream.send('counts', now.counts);
        }
      });
  }

  async function beat() {
    if (streams.size === 0) return;
    await apart(() => othersChanges());
    await apart(sessions);
    await apart(counts);
  }

  /** A beat at `when` (performance.now() time), or earlier if one is already due before. */
  function beatAt(when: number) {
    if (streams.size === 0) return;
    if (running) return void (again = true);
    const at = Math.max(when, lastEnded + MIN_GAP_MS);
    if (timer && due <= at) return;
    clearTimeout(timer);
    due = at;
    timer = setTimeout(run, Math.max(0, at - performance.now()));
  }

  /**
   * Never two beats at once, never a backlog: a change heard during a beat asks for one more
   * after it, however many changes there were; a beat that takes longer than its interval delays
   * the next rather than piling up behind it; between two beats there is at least `MIN_GAP_MS`,
   * so that a burst of changes costs a few beats, not one each.
   */
  function run() {
    timer = undefined;
    due = Infinity;
    running = beat().finally(() => {
      running = undefined;
      lastEnded = performance.now();
      if (again) {
        again = false;
        beatAt(lastEnded);
      } else beatAt(lastEnded + (countsListening ? QUIET_PULSE_MS : PULSE_MS));
    });
  }

  /** A beat as soon as may be: something changed. */
  const soon = () => beatAt(performance.now());

  /** Starts hearing other servers (PostgreSQL) and the changes to who may do what, once. */
  function watch() {
    const ctx = deps;
    if (!heardChanges) {
      heardChanges = true;
      // A session ended, a person deactivated or given other roles on this server: at once.
      ctx.db.changed.listen(soon);
    }
    listening ??= ctx.db.listen?.(CHANNEL, notified, () => void apart(() => othersChanges(true)));
    // Counts and sessions changed on any server: one beat, however many changes a commit made.
    countsListening ??= ctx.db.listen?.(COUNTS_CHANNEL, soon, soon);
  }

  /**
   * This server and how many changes it has pushed: a page drawn at a mark and a stream opened
   * at the same mark (on the same server) have seen the same records (docs/decisions/059).
   */
  const mark = () => `${origin}:${pushes}`;

  return {
    mark,

    /**
     * Records written to the index, in the writing transaction: every stream of that environment
     * on this server is told now, those of other servers when the transaction commits (NOTIFY)
     * or at their next poll.
     */
    async written(
      trx: Kysely<Database>,
      environment: string,
      kind: RecordKind,
      ids: readonly number[],
    ) {
      const ctx = deps;
      const change: Change = { id: randomUUID(), environment, kind, ids, origin };
      await trx
        .insertInto('index_change')
        .values({ ...change, ids: JSON.stringify(ids), at: ctx.now() })
        .execute();
      if (ctx.db.dialect === 'postgres') {
        const whole = JSON.stringify(change);
        const payload =
          whole.length <= PAYLOAD_MAX ? whole : JSON.stringify({ id: change.id, origin });
        await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(trx);
      }
      push(environment, kind, ids);
      // Counts may have changed with it. On SQLite the beat's reads wait for this transaction
      // (one connection); on PostgreSQL they would not, so the beat starts when this server
      // hears its own NOTIFY, at the commit.
      if (streams.size > 0 && !(listening && ctx.db.dialect === 'postgres')) soon();
      void prune().catch(() => undefined);
    },

    /** Answers GET /api/events: the stream stays open until the tab goes. */
    open(request: FastifyRequest, reply: FastifyReply) {
      const { user, session, token } = request.signedIn!;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        'x-request-id': String(request.id),
      });
      raw.write(': connected\n\n');
      // Where this stream starts: a page the server drew at the same mark missed no change.
      raw.write(`event: mark\ndata: ${JSON.stringify({ mark: mark() })}\n\n`);
      const stream: Stream = {
        userId: user.id,
        token,
        environment: session.environment,
        counts: '',
        // A socket that went away mid-write is closed by its 'close' event, not here.
        send: (event, data) => {
          if (!raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end: () => raw.end(),
      };
      streams.add(stream);
      watch();
      // The page's first counts come with the next beat, at once.
      soon();
      const keepAlive = setInterval(() => {
        if (!raw.destroyed) raw.write(': keep-alive\n\n');
      }, KEEP_ALIVE_MS);
      request.raw.on('close', () => {
        clearInterval(keepAlive);
        streams.delete(stream);
      });
      return reply;
    },

    /** Ends every stream (the server is closing; the pages reconnect elsewhere). */
    async closeAll() {
      for (const stream of streams) stream.end();
      streams.clear();
      clearTimeout(timer);
      timer = undefined;
      due = Infinity;
      await running;
      await listening?.close();
      listening = undefined;
      await countsListening?.close();
      countsListening = undefined;
    },

    /** How many streams are open (for tests). */
    get size() {
      return streams.size;
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
