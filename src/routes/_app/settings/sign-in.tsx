import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LoadingState } from '#/components/page';
import { SecondStepSettings } from '#/features/workspace/components/settings-panels';
import { loadQuery } from '#/lib/route-loader';

// Single sign-on and provisioning come in a chunk of their own with data of their own: the
// section shows the second step without waiting for them.
const SsoSettingsPanel = lazy(() =>
  import('#/features/workspace/components/sso-settings').then((m) => ({
    default: m.SsoSettingsPanel,
  })),
);
const ProvisioningPanel = lazy(() =>
  import('#/features/workspace/components/sso-settings').then((m) => ({
    default: m.ProvisioningPanel,
  })),
);

export const Route = createFileRoute('/_app/settings/sign-in')({
  loader: async ({ context }) => {
    // Asked for at once, not awaited: the panels show them when they come.
    void import('#/features/workspace/sso-queries').then((sso) =>
      Promise.all([
        context.queryClient.prefetchQuery(sso.ssoQuery),
        context.queryClient.prefetchQuery(sso.scimQuery),
      ]),
    );
    return loadQuery(
      context,
      () => import('#/features/workspace/queries'),
      (m) => m.roleSettingsQuery,
    );
  },
  component: SignInSection,
});

function SignInSection() {
  const { t } = useLingui();
  return (
    <>
      <SecondStepSettings />
      <Suspense fallback={<LoadingState label={t`Loading single sign-on and provisioning`} />}>
        <SsoSettingsPanel />
        <ProvisioningPanel />
      </Suspense>
    </>
  );
}
