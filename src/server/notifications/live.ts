// Live updates for open pages (docs/decisions/035): one server-sent event stream per open tab.
// What this server writes to the local index (its own calls, the environment's webhooks, its
// reconciliation) is pushed at once as `records`, and written to `index_change` in the writing
// transaction; every second, what other servers sharing the database wrote there is pushed too.
// Each person's counts (unread notifications, approvals waiting) are read every second from the
// shared database and pushed as `counts` when they change.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RecordKind } from '#/api/operations';
import type { MoneyControls } from '../controls/controls';
import type { DashboardDb } from '../store/db';
import type { NotificationStore } from './store';
import type { Database } from '../store/schema';
import type { User, WorkspaceStore } from '../store/workspace';
import { type BatchInboxDeps, batchInbox } from '../batches/approval';

const PULSE_MS = 1_000;
const KEEP_ALIVE_MS = 20_000;
/** How far back each beat looks for other servers' changes (commits may land out of order). */
const CHANGES_WINDOW_MS = 5_000;
/** Changes older than this are deleted (by whichever server gets to it). */
const CHANGES_KEPT_MS = 60_000;

interface Stream {
  user: User;
  token: string;
  environment: string;
  /** The counts last sent, as JSON. */
  counts: string;
  send(event: string, data: unknown): void;
  end(): void;
}

/** What the live hub reads (parts of the server's context). */
export interface LiveHubDeps extends BatchInboxDeps {
  db: DashboardDb;
  workspace: Pick<WorkspaceStore, 'listUsers' | 'liveSession'>;
  notifications: { store: Pick<NotificationStore, 'unread'> };
  controls: Pick<MoneyControls, 'policies' | 'inboxCounts'>;
}

export function liveHub(context: () => LiveHubDeps) {
  const streams = new Set<Stream>();
  /** This server, as the origin of the changes it writes. */
  const origin = randomUUID();
  /** Other servers' changes already pushed, by id, with when they were written. */
  const pushed = new Map<string, number>();
  let pruned = 0;
  let pulse: NodeJS.Timeout | undefined;
  let busy = false;

  function push(environment: string, kind: RecordKind, ids: readonly number[]) {
    for (const stream of streams)
      if (stream.environment === environment) stream.send('records', { kind, ids });
  }

  /** What other servers wrote to the index lately and this one has not pushed yet. */
  async function othersChanges() {
    const ctx = context();
    const now = ctx.now();
    const rows = await ctx.db.db
      .selectFrom('index_change')
      .selectAll()
      .where('at', '>', now - CHANGES_WINDOW_MS)
      .where('origin', '<>', origin)
      .orderBy('at')
      .execute();
    for (const row of rows) {
      if (pushed.has(row.id)) continue;
      pushed.set(row.id, Number(row.at));
      push(row.environment, row.kind as RecordKind, JSON.parse(row.ids) as number[]);
    }
    for (const [id, at] of pushed) if (at <= now - 2 * CHANGES_WINDOW_MS) pushed.delete(id);
  }

  /** Deletes changes no beat looks at any more, at most once a minute per server. */
  async function prune() {
    const ctx = context();
    const now = ctx.now();
    if (now - pruned < CHANGES_KEPT_MS) return;
    pruned = now;
    await ctx.db.db
      .deleteFrom('index_change')
      .where('at', '<', now - CHANGES_KEPT_MS)
      .execute();
  }

  async function countsOf(user: User, environment: string) {
    const ctx = context();
    const [unread, approvals, batches] = await Promise.all([
      ctx.notifications.store.unread(user.id),
      ctx.controls.inboxCounts(user, environment as never),
      batchInbox(ctx, user, environment),
    ]);
    return {
      unread,
      approvals: {
        you: approvals.you + batches.filter((b) => b.canAct).length,
        everyone: approvals.everyone + batches.length,
      },
    };
  }

  async function beat() {
    if (busy) return;
    busy = true;
    try {
      await othersChanges();
      const seen = new Map<string, string>();
      const ctx = context();
      for (const stream of [...streams]) {
        // A session ended since (signed out, deactivated) hears nothing more; one switched to
        // another environment is closed so that the page opens the stream of that one.
        const session = await ctx.workspace.liveSession(stream.token);
        if (!session || session.environment !== stream.environment) {
          // An ended session is told, so that the page asks to sign in again at once; a switched
          // one too, so that the page does not read its old environment's lists again.
          if (!session) stream.send('ended', { reason: 'session' });
          else stream.send('switched', { environment: session.environment });
          streams.delete(stream);
          stream.end();
          continue;
        }
        const key = `${stream.user.id} ${stream.environment}`;
        let counts = seen.get(key);
        if (counts === undefined) {
          counts = JSON.stringify(await countsOf(stream.user, stream.environment));
          seen.set(key, counts);
        }
        if (counts !== stream.counts) {
          stream.counts = counts;
          stream.send('counts', JSON.parse(counts));
        }
      }
    } catch {
      // The database was away: the next beat reads it again.
    } finally {
      busy = false;
    }
  }

  return {
    /**
     * Records written to the index, in the writing transaction: every stream of that environment
     * on this server is told now, those of other servers at their next beat.
     */
    async written(
      trx: Kysely<Database>,
      environment: string,
      kind: RecordKind,
      ids: readonly number[],
    ) {
      await trx
        .insertInto('index_change')
        .values({
          id: randomUUID(),
          environment,
          kind,
          ids: JSON.stringify(ids),
          origin,
          at: context().now(),
        })
        .execute();
      push(environment, kind, ids);
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
      const stream: Stream = {
        user,
        token,
        environment: session.environment,
        counts: '',
        send: (event, data) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        end: () => raw.end(),
      };
      streams.add(stream);
      pulse ??= setInterval(() => void beat(), PULSE_MS);
      void beat();
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      request.raw.on('close', () => {
        clearInterval(keepAlive);
        streams.delete(stream);
        if (streams.size === 0 && pulse) {
          clearInterval(pulse);
          pulse = undefined;
        }
      });
      return reply;
    },

    /** Ends every stream (the server is closing; the pages reconnect elsewhere). */
    closeAll() {
      for (const stream of streams) stream.end();
      streams.clear();
      if (pulse) clearInterval(pulse);
      pulse = undefined;
    },

    /** How many streams are open (for tests). */
    get size() {
      return streams.size;
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
