// Chosen faults in the sandbox (docs/decisions/023): switched on and off from the sandbox tools.
import { queryOptions } from '@tanstack/react-query';
import { createFault, deleteFault, listFaults } from '#/api/client';
import type { FaultCreate } from '#/api/schemas/platform';
import { api } from '#/lib/api';
import { sessionQuery } from '../session/queries';
import { useRefreshingMutation } from '#/lib/mutation';

export const faultKeys = { all: ['faults'] as const };

/**
 * Polled: the shell shows that faults are on while any is, whoever switched it on. Asked only
 * while the session is in the sandbox and fully signed in (read when fetching: a switch to live
 * refetches what is on screen before the shell has re-rendered without it).
 */
export const faultsQuery = queryOptions({
  queryKey: faultKeys.all,
  queryFn: ({ client }) => {
    const session = client.getQueryData(sessionQuery.queryKey);
    const inSandbox = session?.signedIn && session.environment === 'sandbox' && !session.mustEnrol;
    return inSandbox ? listFaults(api) : Promise.resolve([]);
  },
  refetchInterval: 5_000,
});

export const useCreateFault = () =>
  useRefreshingMutation((body: FaultCreate) => createFault(api, body), faultKeys.all);

export const useDeleteFault = () =>
  useRefreshingMutation((id: number) => deleteFault(api, id), faultKeys.all);
