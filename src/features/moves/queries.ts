// Time control in the sandbox (docs/decisions/023): a record's waiting automatic move done now;
// a partner's moves held and released.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { holdMoves, listMoves, releaseMoves, runMove } from '#/api/client';
import type { MoveTarget } from '#/api/schemas/platform';
import { api } from '#/lib/api';

export const moveKeys = {
  all: ['moves'] as const,
  of: (target?: MoveTarget) => ['moves', target ?? 'all'] as const,
};

export const movesQuery = (target?: MoveTarget) =>
  queryOptions({
    queryKey: moveKeys.of(target),
    queryFn: () => listMoves(api, target),
    refetchInterval: 5_000,
  });

/** After a move the record itself changed: everything shown is asked again. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useRunMove() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (target: MoveTarget) => runMove(api, target),
    onSuccess: refresh,
  });
}

export function useHoldMoves() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: () => holdMoves(api), onSuccess: refresh });
}

export function useReleaseMoves() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: () => releaseMoves(api), onSuccess: refresh });
}
