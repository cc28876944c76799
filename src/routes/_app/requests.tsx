import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { integer, oneOf, searchSchema, text } from '#/lib/search';
import { REQUEST_OBJECT_TYPES } from '#/api/list-choices';
import { ApiErrorAlert } from '#/components/api-error';
import { LoadingState, PageHeader } from '#/components/page';
import { Pager } from '#/components/pager';
import { LoggedRequestDetails, RequestTable } from '#/features/requests/components/request-log';
import { requestLogQuery } from '#/features/requests/queries';
import { sessionQuery } from '#/features/session/queries';
import { ChoiceFilter, FilterText } from '#/components/filters';

export const Route = createFileRoute('/_app/requests')({
  validateSearch: searchSchema({
    requestId: text(100, { trim: true }),
    path: text(200),
    status: integer({ min: 1, max: 599 }),
    objectType: oneOf(REQUEST_OBJECT_TYPES),
    objectId: integer({ min: 1 }),
    client: oneOf(['integration', 'dashboard']),
    kind: oneOf(['writes', 'reads']),
    start: integer({ min: 0 }),
    limit: integer({ min: 1, max: 100 }),
  }),
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    // The request log is the sandbox's: the live service keeps none for us to show.
    if (!session.signedIn || session.environment !== 'sandbox') throw redirect({ to: '/' });
  },
  component: RequestsPage,
});

const statusChoices = () => [
  { value: '2', label: tr(msg`Succeeded (2xx)`) },
  { value: '4', label: tr(msg`Refused (4xx)`) },
  { value: '5', label: tr(msg`Failed (5xx)`) },
];

/** A filter of two choices: its label, what "any" says, its width, and value → words. */
const pairFilter = (
  label: string,
  placeholder: string,
  w: number,
  words: Record<string, string>,
) => ({
  label,
  placeholder,
  w,
  choices: Object.entries(words).map(([value, text]) => ({ value, label: text })),
});

/** The two-choice filters, in the page's words. */
const pairFilters = () => ({
  client: pairFilter(tr(msg`Made by`), tr(msg`Anyone`), 190, {
    integration: tr(msg`Your integration`),
    dashboard: tr(msg`This dashboard`),
  }),
  kind: pairFilter(tr(msg`Kind`), tr(msg`Reads and changes`), 230, {
    writes: tr(msg`Changes (POST, PUT, DELETE)`),
    reads: tr(msg`Reads (GET)`),
  }),
});

/** "Requests that touched merchant #12", said of each kind of record. */
const TOUCHED = msg({
  message:
    '{kind, select, merchant {Requests that touched merchant #{id}} payout_account {Requests that touched payout account #{id}} transaction {Requests that touched transaction #{id}} webhook {Requests that touched webhook endpoint #{id}} other {Requests that touched event #{id}}}',
});

function RequestsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`API request log · Partner Payments`);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: session } = useSuspenseQuery(sessionQuery);
  const start = search.start ?? 0;
  const limit = search.limit ?? 20;
  const log = useQuery(requestLogQuery({ ...search, start, limit }));
  const set = (patch: Partial<typeof search>) =>
    void navigate({ search: { ...search, ...patch, start: undefined } });
  const baseUrl = session.signedIn ? session.baseUrl : '';
  const one = search.requestId ? log.data?.results[0] : undefined;

  return (
    <>
      <PageHeader
        title={t`API request log`}
        description={t`Every request made to this sandbox with your credentials — by your integration or by this dashboard — newest first: the last 10,000 (at most 32 MB of bodies), for 7 days. Credentials are never kept.`}
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        <FilterText
          label={t`Request id`}
          placeholder={t`From an error message or a response header`}
          w={320}
          value={search.requestId}
          onChange={(requestId) => set({ requestId })}
        />
        <FilterText
          label={t`Path contains`}
          placeholder="/v1/business/"
          value={search.path}
          onChange={(path) => set({ path })}
        />
        <ChoiceFilter
          label={t`Status`}
          choices={statusChoices()}
          value={search.status === undefined ? undefined : String(search.status)}
          onChange={(status) => set({ status: status ? Number(status) : undefined })}
          w={190}
        />
        {/* Who made a request, and whether it asked for a change: two choices each. */}
        {(['client', 'kind'] as const).map((field) => (
          <ChoiceFilter
            key={field}
            {...pairFilters()[field]}
            value={search[field]}
            onChange={(value) => set({ [field]: value ?? undefined })}
          />
        ))}
      </Group>
      {search.objectType && search.objectId && (
        <Alert
          variant="light"
          mb="md"
          withCloseButton
          onClose={() => set({ objectType: undefined, objectId: undefined })}
          closeButtonLabel={t`Show every record's requests`}
        >
          <Text size="sm">{tr(TOUCHED, { kind: search.objectType, id: search.objectId })}</Text>
        </Alert>
      )}
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <ApiErrorAlert error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.results.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text size="sm" c="dimmed">
            {search.requestId
              ? t`No request with the id ${search.requestId} in this sandbox's log for your credentials.`
              : t`No request matches.`}
          </Text>
        </Paper>
      ) : one ? (
        <Stack gap="sm">
          <LoggedRequestDetails entry={one} baseUrl={baseUrl} />
          <Group>
            <Button variant="default" onClick={() => set({ requestId: undefined })}>
              <Trans>Show the whole log</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Paper withBorder radius="md">
            <RequestTable rows={log.data.results} label={t`Logged requests`} />
          </Paper>
          <Pager
            page={{ ...log.data, start, limit }}
            onChange={(page) =>
              void navigate({
                search: { ...search, start: page.start || undefined, limit: page.limit },
              })
            }
            label={t`requests`}
          />
        </Stack>
      )}
    </>
  );
}
