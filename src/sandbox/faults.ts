// Chosen faults (docs/decisions/023): a partner switches on, for one operation, a failure for its
// next N requests — 500, 503 with Retry-After, or no answer at all — to test its client's
// retries and idempotency. A faulted request fails before its handler runs: nothing stored
// changes, and an Idempotency-Key it carried is not kept. Faults live in this process's memory:
// a restart switches them all off, so none is forgotten on.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DASHBOARD_BACKGROUND, type Fault, type FaultCreate } from '#/api/schemas/platform';
import { DomainError } from './domain/errors';

type NewFault = Required<Omit<FaultCreate, 'kind'>> & Pick<Fault, 'kind'>;

export function faultBoard(now: () => number = Date.now) {
  const faults = new Map<number, Fault[]>();
  let nextId = 1;
  return {
    add(partnerId: number, fault: NewFault): Fault {
      const { count, ...rest } = fault;
      const added: Fault = { id: nextId++, ...rest, remaining: count, creationTime: now() };
      faults.set(partnerId, [...(faults.get(partnerId) ?? []), added]);
      return added;
    },
    list: (partnerId: number): Fault[] => faults.get(partnerId) ?? [],
    remove(partnerId: number, id: number): boolean {
      const list = faults.get(partnerId) ?? [];
      const kept = list.filter((f) => f.id !== id);
      if (kept.length === list.length) return false;
      if (kept.length > 0) faults.set(partnerId, kept);
      else faults.delete(partnerId);
      return true;
    },
    /** The fault this request meets, counted; undefined when none is on for the operation. */
    take(partnerId: number, operationId: string): Fault | undefined {
      const list = faults.get(partnerId);
      if (!list) return undefined;
      const fault = list.find((f) => f.operationId === operationId);
      if (!fault) return undefined;
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.remove(partnerId, fault.id);
      return fault;
    },
  };
}

export type FaultBoard = ReturnType<typeof faultBoard>;

/**
 * The fault a request about to run `operationId` meets, counted; undefined when none is on (the
 * common case, answered without waiting for anything).
 */
export function faultFor(
  board: FaultBoard,
  request: FastifyRequest,
  operationId: string,
): Fault | undefined {
  const partner = request.partner;
  // The dashboard's background reads would use a fault up before the client it is meant for.
  if (!partner || request.headers[DASHBOARD_BACKGROUND.header] === DASHBOARD_BACKGROUND.value)
    return undefined;
  return board.take(partner.id, operationId);
}

/**
 * Applies a fault: throws the chosen error, or holds the request and closes its connection
 * without an answer.
 */
export async function applyFault(
  fault: Fault,
  request: FastifyRequest,
  reply: FastifyReply,
  operationId: string,
): Promise<void> {
  const said = `A fault chosen in the sandbox console (#${fault.id}) for ${operationId}; nothing was changed.`;
  if (fault.kind === 'error') throw new DomainError(500, 'INTERNAL_ERROR', said);
  if (fault.kind === 'unavailable') {
    reply.header('retry-after', String(fault.retryAfterSeconds));
    throw new DomainError(
      503,
      'SERVICE_UNAVAILABLE',
      `${said} Retry after ${fault.retryAfterSeconds} s.`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, fault.timeoutSeconds * 1000));
  reply.hijack();
  request.raw.socket?.destroy();
  reply.raw.destroy();
}
