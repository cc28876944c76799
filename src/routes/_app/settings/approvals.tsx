import { createFileRoute } from '@tanstack/react-router';
import { Panel } from '#/components/page';
import { PolicySettings } from '#/features/controls/components/policy-settings';
import { ApprovalSettingsForm } from '#/features/controls/components/control-settings';
import { loaderOf } from '#/lib/route-loader';

export const Route = createFileRoute('/_app/settings/approvals')({
  loader: loaderOf(() => import('#/features/controls/queries'), 'policiesQuery'),
  component: ApprovalsSection,
});

function ApprovalsSection() {
  return (
    <>
      <Panel title="Approval policies">
        <PolicySettings />
      </Panel>
      <Panel title="Quote validity, second factor, base currency and reminders">
        <ApprovalSettingsForm />
      </Panel>
    </>
  );
}
