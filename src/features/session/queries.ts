// The dashboard session: who is signed in, to which environment; sign-in and sign-out.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../api/client';
import type { OperationDef } from '../../api/operations';
import { SessionInfo, type SignIn } from '../../api/dashboard';
import { api } from '../../lib/api';

const getSessionOp = {
  id: 'getSession',
  method: 'GET',
  path: '/session',
  summary: 'The current session',
  tag: 'Dashboard',
  source: 'design',
  response: SessionInfo,
} as const satisfies OperationDef;
const signInOp = {
  ...getSessionOp,
  id: 'signIn',
  method: 'POST',
  body: z.unknown(),
} as const satisfies OperationDef;
const signOutOp = {
  ...getSessionOp,
  id: 'signOut',
  method: 'DELETE',
} as const satisfies OperationDef;

export const sessionKeys = { all: ['session'] as const };

export const sessionQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: () => call(api, getSessionOp),
  staleTime: 60_000,
});

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignIn) => call(api, signInOp, { body }),
    onSuccess: (session) => {
      // Everything cached belongs to whoever was signed in before.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api, signOutOp),
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}
