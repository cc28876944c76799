// Settings, for admins: sections with their own addresses (docs/decisions/072), each loading what
// it shows. Changes that wait for a second admin show above whichever section is open.
import { useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Outlet, redirect, useMatchRoute } from '@tanstack/react-router';
import { hasRole, WORKSPACE_ROLES } from '#/api/roles';
import { PageHeader, Panel } from '#/components/page';
import { sessionQuery } from '#/features/session/queries';
import { ControlChanges } from '#/features/controls/components/control-settings';
import { controlChangesQuery } from '#/features/controls/queries';
import { SETTINGS_SECTIONS } from '#/features/workspace/settings-sections';

export const Route = createFileRoute('/_app/settings')({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session.signedIn || !hasRole(session.user.roles, WORKSPACE_ROLES.administer))
      throw redirect({ to: '/' });
  },
  component: SettingsLayout,
});

function SettingsLayout() {
  const { t, i18n } = useLingui();
  const { data: session } = useSuspenseQuery(sessionQuery);
  const matchRoute = useMatchRoute();
  const current = SETTINGS_SECTIONS.find((s) => matchRoute({ to: s.to }));
  const section = current ? i18n._(current.label) : '';
  useDocumentTitle(
    current ? t`${section} · Settings · Partner Payments` : t`Settings · Partner Payments`,
  );
  const changes = useQuery(controlChangesQuery);
  const waiting = (changes.data ?? []).some((c) => c.status === 'pending');
  return (
    <>
      <PageHeader
        title={t`Settings`}
        description={current ? i18n._(current.description) : undefined}
      />
      <Group
        component="nav"
        aria-label={t`Settings sections`}
        gap="xs"
        mb="lg"
        wrap="wrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {SETTINGS_SECTIONS.map((s) => {
          const active = current?.to === s.to;
          return (
            <Anchor
              key={s.to}
              component={Link}
              to={s.to}
              aria-current={active ? 'page' : undefined}
              px="sm"
              py={8}
              fw={active ? 650 : 500}
              c={active ? undefined : 'dimmed'}
              underline="never"
              style={{
                borderBottom: `2px solid ${active ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
                marginBottom: -1,
              }}
            >
              {i18n._(s.label)}
            </Anchor>
          );
        })}
      </Group>
      <Stack gap="lg">
        {waiting && (
          <Panel title={t`Changes waiting for a second admin`}>
            <ControlChanges viewerId={session.signedIn ? session.user.id : ''} />
          </Panel>
        )}
        <Outlet />
      </Stack>
    </>
  );
}
