// The dashboard session: who is signed in, to which environment; sign-in and sign-out.
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '#/api/call';
import type { Environment, SessionInfo, SignIn } from '#/api/dashboard';
import type { ResetRequest } from '#/api/account';
import { refusalFor } from '#/api/roles';
import { msg } from '@lingui/core/macro';
import { tr, trSaid } from '#/i18n/current';
import { api } from '#/lib/api';
import { sessionKeys } from '#/lib/query-keys';

/**
 * The session's endpoints, loaded when first called: every page's first load reads the session,
 * and goes without the contract's schemas and zod (docs/decisions/058). By the time someone
 * signs in or out, the browser has long had them.
 */
const contract = async () => (await import('#/api/dashboard')).sessionEndpoints;
type SessionEndpoint = keyof Awaited<ReturnType<typeof contract>>;

export const sessionQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: async () => callEndpoint(api, (await contract()).getSession),
  staleTime: 60_000,
});

/**
 * The session the server wrote into the page it served (docs/decisions/022): the first page
 * starts without asking for it. Anything unreadable is ignored; the query then asks as usual.
 * Only its shape is checked here: the server wrote it with the function that answers
 * GET /api/session, whose answers the contract's tests check against SessionInfo, and the
 * schema stays out of the first load (docs/decisions/058).
 */
export function seedSessionFromPage(queryClient: QueryClient, page: Document = document) {
  const element = page.getElementById('session-info');
  if (!element) return;
  element.remove();
  try {
    const given: unknown = JSON.parse(element.textContent ?? '');
    if (typeof given === 'object' && given !== null && 'signedIn' in given)
      queryClient.setQueryData(sessionQuery.queryKey, given as SessionInfo);
  } catch {
    // Not JSON: asked for below, as without it.
  }
}

/** The session as the server sees it now, not as cached: for signing in again in place. */
export const signedOutSessionQuery = queryOptions({
  queryKey: sessionKeys.signedOutView,
  queryFn: async () => callEndpoint(api, (await contract()).getSession),
  staleTime: 0,
});

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignIn) => callEndpoint(api, (await contract()).signIn, { body }),
    onSuccess: (session) => {
      // Everything cached belongs to whoever was signed in before.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}

/** Ends every session of the signed-in person, this one included. */
export const useSignOutEverywhere = () => useEndSession('signOutEverywhere');

/** Moves the session to another environment an admin has set up; cached data is the old one's. */
export function useSwitchEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (environment: Environment) =>
      callEndpoint(api, (await contract()).switchEnvironment, { body: { environment } }),
    // Every answer of the other environment goes: cached ones are dropped, and the ones on
    // screen are fetched again from the environment now chosen.
    onSuccess: async (session) => {
      queryClient.setQueryData(sessionQuery.queryKey, session);
      await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
    },
  });
}

export const useSignOut = () => useEndSession('signOut');

/** Ends sessions through `endpoint`: whatever was cached belonged to the person signed out. */
function useEndSession(endpoint: SessionEndpoint & ('signOut' | 'signOutEverywhere')) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => callEndpoint(api, (await contract())[endpoint]),
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}

/**
 * Whether the signed-in person may call an operation in the current environment, from the
 * role table the server decides with; and when not, why, in words.
 */
export function usePermission(
  operationId: string,
  /** The call is a sandbox status simulation (testers may make those). */
  simulation = false,
): { allowed: boolean; reason?: string } {
  const { data } = useQuery(sessionQuery);
  if (!data?.signedIn) return { allowed: false, reason: tr(msg`Sign in first.`) };
  const refusal = refusalFor(operationId, data.user.roles, data.environment, simulation);
  return refusal ? { allowed: false, reason: trSaid(refusal.said) } : { allowed: true };
}

/** Whether the signed-in person works in the sandbox environment (sandbox-only panels). */
export function useInSandbox(): boolean {
  const { data } = useQuery(sessionQuery);
  return Boolean(data?.signedIn && data.environment === 'sandbox');
}

/** Asks for a password reset link by mail (no session). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: async (body: ResetRequest) =>
      callEndpoint(api, (await import('#/api/account')).accountEndpoints.requestPasswordReset, {
        body,
      }),
  });

/**
 * The second factor before money is released (docs/decisions/041): whether the person must give
 * their authenticator's code now (they have one, and its window has closed), and giving it.
 */
export function useStepUp() {
  const queryClient = useQueryClient();
  const { data } = useQuery(sessionQuery);
  const signedIn = data?.signedIn ? data : undefined;
  const needed = Boolean(
    signedIn?.secondFactor && (signedIn.stepUpUntil === null || signedIn.stepUpUntil <= Date.now()),
  );
  const give = useMutation({
    mutationFn: async (code: string) =>
      callEndpoint(api, (await contract()).stepUp, { body: { code } }),
    onSuccess: ({ stepUpUntil }) =>
      queryClient.setQueryData(sessionQuery.queryKey, (before) =>
        before?.signedIn ? { ...before, stepUpUntil } : before,
      ),
  });
  return { enrolled: Boolean(signedIn?.secondFactor), needed, give };
}
