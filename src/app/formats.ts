// The signed-in person's formats follow their session (docs/decisions/037): read from the
// session the page was served with, and again whenever the session is fetched or set.
import type { QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '#/api/dashboard';
import { sessionQuery } from '#/features/session/queries';
import { setFormats } from '#/lib/format';

const BROWSER = { locale: null, timeZone: null };

export function followFormats(queryClient: QueryClient) {
  const apply = (session: SessionInfo | undefined) =>
    setFormats(session?.signedIn ? session.user : BROWSER);
  apply(queryClient.getQueryData(sessionQuery.queryKey));
  queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey;
    if (event.type === 'updated' && key.length === 1 && key[0] === sessionQuery.queryKey[0])
      apply(event.query.state.data as SessionInfo | undefined);
  });
}
