// The event stream (docs/decisions/023): each new event of a partner, and each one resent, as
// server-sent events — what `npm run sandbox -- listen` forwards to a laptop. New events are read
// from the database after they committed (a short poll, so a change by any process is seen);
// resends are told in process, after their write.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sandboxOperations } from '#/api/operations';
import type { Event } from '#/api/schemas/platform';
import { partnerOf } from './auth';
import { pathVariants } from './http';
import type { Store } from './store';

const POLL_MS = 250;
const KEEP_ALIVE_MS = 15_000;
const BATCH = 100;

export function eventStreams(store: Store) {
  const open = new Set<{
    partnerId: number;
    send: (kind: string, event: Event) => void;
    end(): void;
  }>();
  return {
    /** An event was sent again: every stream of its partner says so. */
    resent(partnerId: number, event: Event) {
      for (const stream of open) if (stream.partnerId === partnerId) stream.send('resend', event);
    },
    /** Ends every stream: the server is closing. */
    closeAll() {
      for (const stream of open) stream.end();
    },
    routes(app: FastifyInstance) {
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        request.operationId = sandboxOperations.streamEvents.id;
        const partnerId = partnerOf(request).id;
        const resumeAfter = Number(request.headers['last-event-id']);
        let lastId =
          Number.isSafeInteger(resumeAfter) && resumeAfter >= 0
            ? resumeAfter
            : store.events.lastId(partnerId);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-request-id': request.id,
        });
        raw.write(': connected\n\n');
        const write = (kind: string, event: Event, withId: boolean) =>
          raw.write(
            `${withId ? `id: ${event.id}\n` : ''}event: ${kind}\ndata: ${JSON.stringify(event)}\n\n`,
          );
        const poll = setInterval(() => {
          try {
            for (const event of store.events.after(partnerId, lastId, BATCH)) {
              write('event', event, true);
              lastId = event.id;
            }
          } catch {
            // The database was busy: the next poll reads it.
          }
        }, POLL_MS);
        const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
        const stream = {
          partnerId,
          send: (kind: string, event: Event) => write(kind, event, false),
          end: () => raw.end(),
        };
        open.add(stream);
        request.raw.on('close', () => {
          clearInterval(poll);
          clearInterval(keepAlive);
          open.delete(stream);
        });
      };
      for (const url of pathVariants(sandboxOperations.streamEvents.path)) app.get(url, handler);
    },
  };
}
