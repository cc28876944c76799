// The approvals page: its address says whose approvals and which page; the inbox itself is
// ./-approvals-inbox.tsx.
import { useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { integer, oneOf, searchSchema } from '#/lib/search';
import { ApprovalsInbox } from './-approvals-inbox';
import { INBOX_PAGE } from '#/features/controls/inbox-page';
import { loadQuery } from '#/lib/route-loader';

const ApprovalsSearch = searchSchema({
  scope: oneOf(['you', 'everyone']),
  start: integer({ min: 0 }),
  limit: integer({ min: 1, max: 100 }),
});

export const Route = createFileRoute('/_app/approvals')({
  validateSearch: ApprovalsSearch,
  loaderDeps: ({ search }) => ({
    scope: search.scope ?? 'you',
    start: search.start ?? 0,
    limit: search.limit ?? INBOX_PAGE,
  }),
  loader: ({ context, deps }) =>
    loadQuery(
      context,
      () => import('#/features/controls/queries'),
      (m) => m.inboxQuery(deps.scope, deps.start, deps.limit),
    ),
  component: ApprovalsPage,
});

function ApprovalsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Approvals · Partner Payments`);
  const { scope = 'you', start = 0, limit = INBOX_PAGE } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <ApprovalsInbox view={{ scope, start, limit }} onView={(search) => void navigate({ search })} />
  );
}
