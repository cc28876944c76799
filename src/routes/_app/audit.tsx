// The audit trail page: for those who may read it; its address holds the filters and the page.
// The entries themselves are ./-audit-trail.tsx.
import { useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { hasRole, WORKSPACE_ROLES } from '#/api/roles';
import { sessionQuery } from '#/features/session/queries';
import { loadQuery } from '#/lib/route-loader';
import { AuditSearch, filtersOf } from './-audit-search';
import { AuditTrail } from './-audit-trail';

export const Route = createFileRoute('/_app/audit')({
  validateSearch: AuditSearch,
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session.signedIn || !hasRole(session.user.roles, WORKSPACE_ROLES.readAudit))
      throw redirect({ to: '/' });
  },
  loaderDeps: ({ search }) => search,
  // The audit contract loads with the page, not with every page's first load (loaders are).
  loader: ({ context, deps }) =>
    loadQuery(
      context,
      () => import('#/features/workspace/queries'),
      (m) => m.auditQuery(filtersOf(deps)),
    ),
  component: AuditPage,
});

function AuditPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Audit trail · Partner Payments`);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <AuditTrail search={search} onSearch={(next) => void navigate({ search: next })} />;
}
