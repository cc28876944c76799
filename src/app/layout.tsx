// The signed-in shell: header with the environment, navigation, go-to-by-id, and the modal that
// signs the user in again when the session ends, without leaving the page.
// Mantine's styles for the components the signed-in pages use (and those they are built on),
// not the whole library's: the entry already has the sign-in page's (styles-first-load.ts).
import header from './header.module.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/spotlight/styles.css';
import '@mantine/notifications/styles.css';
import './print.css';
import './skip-link.css';
import './pills.css';
import {
  Box,
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  Kbd,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
  SegmentedControl,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { goTo } from './go-to-store';
import {
  IconArrowsExchange,
  IconCalculator,
  IconCurrencyBitcoin,
  IconDownload,
  IconBuildingStore,
  IconCoin,
  IconFileSpreadsheet,
  IconFlask,
  IconHome,
  IconLogout,
  IconMoon,
  IconBuildingBank,
  IconSearch,
  IconSun,
  IconUserCircle,
  IconChartBar,
  IconChecks,
  IconSettings,
  IconListCheck,
  IconListSearch,
  IconBook,
} from '@tabler/icons-react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, useMatchRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { AnchorLink, apiReferenceHref, NavLinkLink } from '#/components/links';
import { Fragment, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Dialog } from '#/components/dialog';
import { Logo } from '#/components/logo';
import { SignInForm } from '#/features/session/components/sign-in-form';
import { ENVIRONMENT_COLOR } from '#/lib/environment-colors';
import { type Product, PRODUCTS, PRODUCTS_IN_WORDS, SLUG_OF } from '#/api/products';
import { hasRole, type Role, WORKSPACE_ROLES } from '#/api/roles';
import { rolesIn } from '#/i18n/react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  sessionQuery,
  signedOutSessionQuery,
  usePermission,
  useSignOut,
  useSwitchEnvironment,
} from '#/features/session/queries';
import type { Environment } from '#/api/dashboard';
import { SESSION_ENDED_EVENT } from '#/lib/api';
import { GoToSpotlight } from './go-to';
import { IdleWarning } from './idle-warning';
import { AnnounceIncrease } from '#/components/announce';
import { RequestLogLinks } from '#/components/api-error';
import { FaultsOnBadge, SandboxNotice } from '#/features/faults/components/faults-badge';
import { inboxCountQuery } from '#/features/controls/queries';
import { NotificationBell } from '#/features/notifications/components/bell';
import { useLiveUpdates } from './live-updates';
import { formatsVersion, subscribeFormats } from '#/lib/format';
import { tr } from '#/i18n/current';
import '#/lib/dashboard-field-labels';

interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: ReactNode;
  exact?: boolean;
  sandboxOnly?: boolean;
  /** Shown to everyone, in the sandbox environment only. */
  sandboxEnvironment?: boolean;
  /** Shown only to these roles. */
  roles?: readonly Role[];
}

const PRODUCT_ICON: Record<Product, ReactNode> = {
  sendc2f: <IconCurrencyBitcoin size={18} aria-hidden />,
  sendf2f: <IconArrowsExchange size={18} aria-hidden />,
  receive: <IconDownload size={18} aria-hidden />,
};

const NAV: NavItem[] = [
  { to: '/', label: msg`Overview`, icon: <IconHome size={18} aria-hidden />, exact: true },
  { to: '/pricing', label: msg`Get a quote`, icon: <IconCalculator size={18} aria-hidden /> },
  ...PRODUCTS.map((product) => ({
    to: `/transactions/${SLUG_OF[product]}`,
    label: PRODUCTS_IN_WORDS[product].plural,
    icon: PRODUCT_ICON[product],
  })),
  {
    to: '/batches',
    label: msg`Bulk payouts`,
    icon: <IconFileSpreadsheet size={18} aria-hidden />,
  },
  { to: '/merchants', label: msg`Merchants`, icon: <IconBuildingStore size={18} aria-hidden /> },
  {
    to: '/payout-accounts',
    label: msg`Payout accounts`,
    icon: <IconBuildingBank size={18} aria-hidden />,
  },
  { to: '/currencies', label: msg`Currencies`, icon: <IconCoin size={18} aria-hidden /> },
  { to: '/approvals', label: msg`Approvals`, icon: <IconChecks size={18} aria-hidden /> },
  { to: '/reports', label: msg`Reports`, icon: <IconChartBar size={18} aria-hidden /> },
  {
    to: '/audit',
    label: msg`Audit trail`,
    icon: <IconListCheck size={18} aria-hidden />,
    roles: WORKSPACE_ROLES.readAudit,
  },
  {
    to: '/settings',
    label: msg`Settings`,
    icon: <IconSettings size={18} aria-hidden />,
    roles: WORKSPACE_ROLES.administer,
  },
  {
    to: '/sandbox',
    label: msg`Sandbox tools`,
    icon: <IconFlask size={18} aria-hidden />,
    sandboxOnly: true,
  },
  {
    to: '/requests',
    label: msg`API request log`,
    icon: <IconListSearch size={18} aria-hidden />,
    sandboxEnvironment: true,
  },
];

/**
 * The navigation's labels wrap, and a word longer than the navigation's width breaks rather than
 * being cut off (German words are long: "Sammelauszahlungen").
 */
const NAV_LABEL = {
  body: { overflow: 'visible' },
  label: { whiteSpace: 'normal', overflow: 'visible', overflowWrap: 'anywhere' },
} as const;

/** How many decisions wait for the signed-in person: on the navigation, kept current. */
const waitingWords = (n: number) =>
  tr(
    msg({
      message:
        '{n, plural, one {An approval waits for you: # waiting} other {Approvals wait for you: # waiting}}',
    }),
    { n },
  );

function ApprovalsCount() {
  const { t } = useLingui();
  const count = useQuery(inboxCountQuery);
  const n = count.data?.you ?? 0;
  if (n === 0) return null;
  return (
    <Badge
      size="sm"
      circle={n < 10}
      color="violet"
      data-testid="approvals-count"
      aria-label={t`${n} waiting for you`}
    >
      {n > 99 ? '99+' : n}
    </Badge>
  );
}

/** Told to a screen reader when more approvals wait for the person (outside the link). */
function WaitingAnnouncer() {
  const count = useQuery(inboxCountQuery);
  return <AnnounceIncrease count={count.data?.you} words={waitingWords} />;
}

function ColorSchemeToggle() {
  const { t } = useLingui();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t`Switch to dark mode` : t`Switch to light mode`;
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => setColorScheme(next)}
        aria-label={label}
      >
        {computed === 'dark' ? (
          <IconSun size={18} aria-hidden />
        ) : (
          <IconMoon size={18} aria-hidden />
        )}
      </ActionIcon>
    </Tooltip>
  );
}

export function AppLayout() {
  const { t, i18n } = useLingui();
  const formats = useSyncExternalStore(subscribeFormats, formatsVersion, formatsVersion);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const [opened, { toggle, close }] = useDisclosure();
  // Below the xs breakpoint the header is tighter, so the environment's badge keeps its place.
  const phone = useMediaQuery('(max-width: 35.99em)') ?? false;
  const matchRoute = useMatchRoute();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const here = useRouterState({ select: (s) => s.location.href });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [sessionEnded, setSessionEnded] = useState(false);
  // Once the session has ended, what the sign-in page would offer (the demo's people).
  const signedOutView = useQuery({ ...signedOutSessionQuery, enabled: sessionEnded });
  // Pushed changes while signed in (docs/decisions/035).
  useLiveUpdates(session.signedIn && !session.mustEnrol && !sessionEnded);

  useEffect(close, [pathname, close]);
  // A new page: focus starts at its content, as after a full page load with the skip link, so
  // the next Tab reaches the page's first control (and a screen reader reads the new page).
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  useEffect(() => {
    const ended = () => setSessionEnded(true);
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, []);

  const leave = () =>
    signOut.mutate(undefined, {
      onSuccess: (after) => {
        // Signed in by a SAML provider that offers single logout: it ends its session too, and
        // sends the browser back to the sign-in page.
        if (!after.signedIn && after.providerLogout) window.location.assign(after.providerLogout);
        else void navigate({ to: '/sign-in', search: { redirect: undefined } });
      },
    });

  const sandboxTools = usePermission('createWebhook').allowed;
  const switchEnvironment = useSwitchEnvironment();
  if (!session.signedIn) return null;
  const sandbox = session.environment === 'sandbox';
  const configured = session.environments.filter((e) => e.configured);

  return (
    <RequestLogLinks.Provider value={sandbox}>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          // Room for the longest label of every language on one line ("Sammelauszahlungen").
          width: 248,
          breakpoint: 'md',
          collapsed: { mobile: !opened || session.mustEnrol, desktop: session.mustEnrol },
        }}
        padding="lg"
      >
        <a
          href="#main"
          className="skip-link"
          onClick={(e) => {
            e.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          <Trans>Skip to content</Trans>
        </a>
        <AppShell.Header
          style={{ borderTop: `4px solid var(--mantine-color-${sandbox ? 'orange-6' : 'red-7'})` }}
        >
          <Group h="100%" className={header.bar} justify="space-between" wrap="nowrap">
            <Group className={header.start} wrap="nowrap">
              {!session.mustEnrol && (
                <Burger
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="md"
                  size="sm"
                  aria-label={t`Navigation`}
                  aria-expanded={opened}
                  aria-controls="main-navigation"
                />
              )}
              <AnchorLink
                to="/"
                underline="never"
                c="var(--mantine-color-text)"
                aria-label={t`Partner Payments, overview`}
              >
                <Group gap={8} wrap="nowrap">
                  <Logo />
                  <Text fw={700} visibleFrom="xs">
                    Partner Payments
                  </Text>
                </Group>
              </AnchorLink>
              <Tooltip
                label={
                  sandbox
                    ? t`Sandbox: test data, no real money moves`
                    : t`Live: real merchants and real money`
                }
                withArrow
              >
                <Badge
                  color={ENVIRONMENT_COLOR[sandbox ? 'sandbox' : 'live']}
                  variant="filled"
                  size="lg"
                  className={header.badge}
                  radius="sm"
                  // Hidden on a phone by CSS, not by the media query: the page the server draws
                  // (before the query is known) must fit a phone's header too.
                  leftSection={
                    sandbox ? (
                      <Box component="span" visibleFrom="xs" display="inline-flex">
                        <IconFlask size={14} aria-hidden />
                      </Box>
                    ) : undefined
                  }
                  aria-label={sandbox ? t`Environment: sandbox` : t`Environment: live`}
                  style={{ flexShrink: 0, overflow: 'visible' }}
                >
                  {sandbox ? 'Sandbox' : 'Live'}
                </Badge>
              </Tooltip>
              {sandbox && !session.mustEnrol && <FaultsOnBadge />}
            </Group>
            <Group className={header.end} wrap="nowrap">
              {configured.length > 1 && (
                <SegmentedControl
                  size="xs"
                  aria-label={t`Switch environment`}
                  value={session.environment}
                  data={configured.map((e) => ({ value: e.id, label: e.label }))}
                  onChange={(environment) =>
                    switchEnvironment.mutate(environment as Environment, {
                      onSuccess: () => void navigate({ to: '/' }),
                    })
                  }
                />
              )}
              {/* On a phone the search is its icon: the header keeps the environment in words. */}
              <ActionIcon
                variant="default"
                size="lg"
                hiddenFrom="xs"
                disabled={session.mustEnrol}
                aria-label={t`Go to…`}
                onClick={() => goTo.open()}
              >
                <IconSearch size={18} aria-hidden />
              </ActionIcon>
              <Button
                variant="default"
                visibleFrom="xs"
                disabled={session.mustEnrol}
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSection={
                  <Kbd size="xs" visibleFrom="md" aria-hidden>
                    Ctrl K
                  </Kbd>
                }
                onClick={() => goTo.open()}
              >
                <Text size="sm" component="span">
                  <Trans>Go to…</Trans>
                </Text>
              </Button>
              {!session.mustEnrol && <NotificationBell />}
              <ColorSchemeToggle />
              <Menu position="bottom-end" withArrow>
                <Menu.Target>
                  <ActionIcon variant="default" size="lg" aria-label={t`Account`}>
                    <IconUserCircle size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>
                    {session.user.name} · {rolesIn(i18n, session.user.roles)}
                  </Menu.Label>
                  <Menu.Label>
                    {session.demo ? t`Sandbox demo workspace` : t`API key`} · {session.apiKeyHint}
                  </Menu.Label>
                  <Menu.Item
                    leftSection={<IconUserCircle size={16} aria-hidden />}
                    onClick={() => void navigate({ to: '/account' })}
                  >
                    <Trans>Your account</Trans>
                  </Menu.Item>
                  <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={leave}>
                    <Trans>Sign out</Trans>
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar
          p="sm"
          aria-label={t`Main`}
          id="main-navigation"
          // On a phone the open navigation closes with Esc, focus back on its button.
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !opened) return;
            close();
            document.querySelector<HTMLElement>('[aria-controls="main-navigation"]')?.focus();
          }}
        >
          <ScrollArea>
            {NAV.filter(
              (item) =>
                !session.mustEnrol &&
                (!item.sandboxOnly || sandboxTools) &&
                (!item.sandboxEnvironment || sandbox) &&
                (!item.roles || hasRole(session.user.roles, item.roles)),
            ).map((item) => (
              <NavLinkLink
                key={item.to}
                to={item.to}
                label={i18n._(item.label)}
                leftSection={item.icon}
                rightSection={item.to === '/approvals' ? <ApprovalsCount /> : undefined}
                // The page being opened, at once: one highlighted item while it loads.
                active={Boolean(matchRoute({ to: item.to, fuzzy: !item.exact, pending: true }))}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                // A long word of another language wraps rather than being cut off.
                styles={NAV_LABEL}
              />
            ))}
            {sandbox && !session.mustEnrol && (
              // The API's reference, served by the sandbox: every operation with a curl to copy.
              <NavLink
                component="a"
                href={apiReferenceHref(session.baseUrl)}
                label={t`API reference`}
                leftSection={<IconBook size={18} aria-hidden />}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                styles={NAV_LABEL}
              />
            )}
          </ScrollArea>
        </AppShell.Navbar>

        <AppShell.Main id="main" tabIndex={-1}>
          <div style={{ maxWidth: 1200, margin: '0 auto', paddingBottom: 120 }}>
            {sandbox && !session.mustEnrol && <SandboxNotice />}
            {/* Drawn again when the person's locale or time zone changes (decision 037), or their
              language (decision 091): words translated outside a hook follow. */}
            <Fragment key={`${formats} ${i18n.locale}`}>
              <Outlet />
            </Fragment>
          </div>
        </AppShell.Main>

        {!session.mustEnrol && <GoToSpotlight sandbox={sandbox} />}
        {/* Every notification is shown from a signed-in page: the container lives with the shell,
          not on the sign-in page's first load. Bottom right, not over the header: the bell, Go
          to… and the page's title stay in reach while one shows. On a phone, where a dialog's and
          a form's buttons are at the bottom, at the top instead. At most two at once, for four
          seconds, and the page ends with room below its last button (decision 072). */}
        <Notifications
          position={phone ? 'top-center' : 'bottom-right'}
          limit={2}
          autoClose={4_000}
        />

        {!sessionEnded && <IdleWarning onSignOut={leave} />}
        {!session.mustEnrol && <WaitingAnnouncer />}
        <Dialog
          opened={sessionEnded}
          onClose={() => setSessionEnded(false)}
          title={t`Your session has ended`}
          closeOnClickOutside={false}
        >
          <Text size="sm" mb="md">
            <Trans>
              Sign in again to carry on. This page stays as it is, so nothing you typed is lost.
            </Trans>
          </Text>
          <SignInForm
            demoUsers={
              signedOutView.data && !signedOutView.data.signedIn ? signedOutView.data.demoUsers : []
            }
            // Single sign-on leaves the page, and brings the person back to it.
            singleSignOn={
              signedOutView.data !== undefined &&
              !signedOutView.data.signedIn &&
              signedOutView.data.singleSignOn
            }
            returnTo={here}
            onSignedIn={() => {
              setSessionEnded(false);
              void queryClient.invalidateQueries();
            }}
          />
        </Dialog>
      </AppShell>
    </RequestLogLinks.Provider>
  );
}
