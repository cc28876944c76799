// Live updates for open pages (docs/decisions/035): one server-sent event stream per open tab.
// What this server writes to the local index (its own calls, the environment's webhooks, its
// reconciliation) is pushed at once as `records`; each person's counts (unread notifications,
// approvals waiting) are read every second from the shared database and pushed as `counts` when
// they change, so a change made through another server reaches them too.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Product } from '#/api/schemas/transaction';
import type { DashboardContext } from '../context';
import type { User } from '../store/workspace';
import { batchInbox } from '../batches/approval';

const PULSE_MS = 1_000;
const KEEP_ALIVE_MS = 20_000;

interface Stream {
  user: User;
  token: string;
  environment: string;
  /** The counts last sent, as JSON. */
  counts: string;
  send(event: string, data: unknown): void;
  end(): void;
}

export function liveHub(context: () => DashboardContext) {
  const streams = new Set<Stream>();
  let pulse: NodeJS.Timeout | undefined;
  let busy = false;

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
      const seen = new Map<string, string>();
      const ctx = context();
      for (const stream of [...streams]) {
        // A session ended since (signed out, deactivated) hears nothing more; one switched to
        // another environment is closed so that the page opens the stream of that one.
        const session = await ctx.workspace.liveSession(stream.token);
        if (!session || session.environment !== stream.environment) {
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
    /** Records written to the index: every stream of that environment is told. */
    written(environment: string, kind: 'merchant' | 'account' | Product, ids: readonly number[]) {
      for (const stream of streams)
        if (stream.environment === environment) stream.send('records', { kind, ids });
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
