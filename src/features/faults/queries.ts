// Chosen faults in the sandbox (docs/decisions/023): switched on and off from the sandbox tools.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callEndpoint, createFault, deleteFault, listFaults, listMoves } from '#/api/client';
import { type SandboxNote, sessionEndpoints } from '#/api/dashboard';
import type { Fault, FaultCreate } from '#/api/schemas/platform';
import { api } from '#/lib/api';
import { sessionQuery } from '../session/queries';
import { useRefreshingMutation } from '#/lib/mutation';

export const faultKeys = {
  all: ['faults'] as const,
  notes: ['faults', 'notes'] as const,
  held: ['faults', 'moves-held'] as const,
};

/** Whether the session is in the sandbox and fully signed in, read when fetching. */
function inSandbox(client: QueryClient) {
  const session = client.getQueryData(sessionQuery.queryKey);
  return Boolean(session?.signedIn && session.environment === 'sandbox' && !session.mustEnrol);
}

/**
 * Polled: the shell shows that faults are on while any is, whoever switched it on. Asked only
 * while the session is in the sandbox and fully signed in (read when fetching: a switch to live
 * refetches what is on screen before the shell has re-rendered without it).
 */
export const faultsQuery = queryOptions({
  queryKey: faultKeys.all,
  queryFn: ({ client }) => (inSandbox(client) ? listFaults(api) : Promise.resolve([])),
  refetchInterval: 5_000,
});

/** Who switched each fault on and who held the moves (decision 029), polled with the faults. */
export const sandboxNotesQuery = queryOptions({
  queryKey: faultKeys.notes,
  queryFn: async ({ client }): Promise<SandboxNote[]> =>
    inSandbox(client) ? (await callEndpoint(api, sessionEndpoints.sandboxNotes)).results : [],
  refetchInterval: 5_000,
});

/** Whether the partner's automatic moves are held, and since when. */
export const movesHeldQuery = queryOptions({
  queryKey: faultKeys.held,
  queryFn: async ({ client }) => {
    if (!inSandbox(client)) return { held: false, heldSince: null };
    const { held, heldSince } = await listMoves(api);
    return { held, heldSince };
  },
  refetchInterval: 5_000,
});

export const useCreateFault = () =>
  useRefreshingMutation((body: FaultCreate) => createFault(api, body), faultKeys.all);

export const useDeleteFault = () =>
  useRefreshingMutation((id: number) => deleteFault(api, id), faultKeys.all);

/** The note of a fault, when it is the one written as this fault was switched on. */
export function noteOfFault(notes: readonly SandboxNote[] | undefined, fault: Fault) {
  // A restarted sandbox numbers its faults from 1 again: a note is this fault's only if it was
  // written as this fault was made.
  return notes?.find(
    (n) =>
      n.kind === 'fault' && n.objectId === fault.id && Math.abs(n.at - fault.creationTime) < 60_000,
  );
}
