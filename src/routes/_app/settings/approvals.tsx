import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { Panel } from '#/components/page';
import { PolicySettings } from '#/features/controls/components/policy-settings';
import { ApprovalSettingsForm } from '#/features/controls/components/control-settings';
import { loaderOf } from '#/lib/route-loader';
import { useQuery } from '@tanstack/react-query';
import { hasRole, WORKSPACE_ROLES } from '#/api/roles';
import { LimitSettings } from '#/features/controls/components/limit-settings';
import { sessionQuery } from '#/features/session/queries';

export const Route = createFileRoute('/_app/settings/approvals')({
  loader: loaderOf(() => import('#/features/controls/queries'), 'policiesQuery'),
  component: ApprovalsSection,
});

function ApprovalsSection() {
  const { t } = useLingui();
  const session = useQuery(sessionQuery).data;
  const admin =
    session?.signedIn === true && hasRole(session.user.roles, WORKSPACE_ROLES.administer);
  return (
    <>
      <Panel title={t`Approval policies`}>
        <PolicySettings />
      </Panel>
      <Panel
        title={t`Limits`}
        description={t`What a person may create, a merchant may be paid and the workspace may move, per transaction, day or month.`}
      >
        <LimitSettings admin={admin} />
      </Panel>
      <Panel title={t`Quote validity, second factor, base currency and reminders`}>
        <ApprovalSettingsForm />
      </Panel>
    </>
  );
}
