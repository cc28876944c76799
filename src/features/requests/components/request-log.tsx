// The request log in the dashboard: what the sandbox answered to each request, with both bodies
// and the request as a curl command to run again (docs/decisions/023).
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import {
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LoggedRequest } from '#/api/schemas/platform';
import { QueryView } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { AnchorLink } from '#/components/links';
import { type Column, recordTable } from '#/components/data-table';
import { curlOf } from '../curl';
import { requestLogQuery, type RequestLogSearch } from '../queries';
import { Panel } from '#/components/page';

const STATUS_COLOR = (status: number) =>
  status >= 500 ? 'red' : status >= 400 ? 'orange' : status >= 300 ? 'blue' : 'green';

export function StatusCode({ status }: { status: number }) {
  return (
    <Badge color={STATUS_COLOR(status)} variant="light" radius="sm" ff="monospace">
      {status}
    </Badge>
  );
}

/** A JSON body, laid out for reading when it is JSON. */
function Body({ label, text }: { label: string; text: string | null }) {
  let shown = text ?? '';
  try {
    if (text) shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON (a file, a body cut at its cap): as it was kept.
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {text ? (
        <ScrollArea.Autosize mah={320} type="auto">
          <Code block aria-label={label}>
            {shown}
          </Code>
        </ScrollArea.Autosize>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>None</Trans>
        </Text>
      )}
    </Stack>
  );
}

/** One logged request, whole: what was sent, what came back, and the curl to send it again. */
export function LoggedRequestDetails({
  entry,
  baseUrl,
}: {
  entry: LoggedRequest;
  baseUrl: string;
}) {
  const { t } = useLingui();
  const curl = curlOf(entry, baseUrl);
  const operation = entry.operationId ?? t`no operation`;
  const source = entry.source || t`an unnamed client`;
  return (
    <Paper withBorder p="lg" radius="md" aria-label={t`Request ${entry.requestId}`}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} fz="lg">
            <Text span ff="monospace" fw={700}>
              {entry.method} {entry.path}
            </Text>{' '}
            <StatusCode status={entry.status} />
          </Title>
          <Text size="sm" c="dimmed">
            <DateTime value={entry.time} /> · {entry.durationMs.toFixed(1)} ms ·{' '}
            <span translate={entry.operationId ? 'no' : undefined}>{operation}</span> ·{' '}
            <Trans>
              from <span translate={entry.source ? 'no' : undefined}>{source}</span>
            </Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>Request id</Trans> <Code>{entry.requestId}</Code>
            {entry.idempotencyKey && (
              <>
                {' '}
                · Idempotency-Key <Code>{entry.idempotencyKey}</Code>
              </>
            )}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Body label={t`Request body`} text={entry.requestBody} />
        <Body label={t`Response body`} text={entry.responseBody} />
      </SimpleGrid>
      <Stack gap={4} mt="md">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            <Trans>As curl</Trans>
          </Text>
          <CopyButton value={curl} timeout={1500}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="default"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
              >
                {copied ? t`Copied` : t`Copy as curl`}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Code block aria-label={t`The request as curl`}>
          {curl}
        </Code>
        <Text size="xs" c="dimmed">
          <Trans>
            Set SANDBOX_API_KEY and SANDBOX_API_SECRET first: the log never keeps credentials.
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;

const requestColumns = (): Array<Column<LoggedRequest>> => [
  { header: tr(msg`When`), td: NO_WRAP, cell: (entry) => <DateTime value={entry.time} /> },
  {
    header: tr(msg`Request`),
    cell: (entry) => (
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {entry.method} {entry.path}
      </Text>
    ),
  },
  { header: tr(msg`Status`), cell: (entry) => <StatusCode status={entry.status} /> },
  {
    header: tr(msg`Took`),
    td: NO_WRAP,
    cell: (entry) => <Text size="sm">{entry.durationMs.toFixed(1)} ms</Text>,
  },
  {
    header: tr(msg`Request id`),
    cell: (entry) => (
      <AnchorLink to="/requests" search={{ requestId: entry.requestId }} size="sm" ff="monospace">
        {entry.requestId.slice(0, 8)}
      </AnchorLink>
    ),
  },
];

/** Logged requests as a table; each links to its entry in the log. */
export const RequestTable = recordTable({
  columns: requestColumns,
  rowKey: (entry) => entry.id,
  minWidth: 760,
});

/** The requests that touched one record, newest first: on the record's own page. */
export function RecordRequests({
  objectType,
  objectId,
}: {
  objectType: NonNullable<RequestLogSearch['objectType']>;
  objectId: number;
}) {
  // The changes first: the page's own reads, asked again every few seconds, would bury them.
  const { t } = useLingui();
  const [kind, setKind] = useState<'writes' | 'all'>('writes');
  const log = useQuery(
    requestLogQuery({
      objectType,
      objectId,
      limit: 10,
      ...(kind === 'writes' ? { kind } : {}),
    }),
  );
  return (
    <Panel
      title={t`API requests`}
      actions={
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            aria-label={t`Requests shown`}
            value={kind}
            onChange={(value) => setKind(value as typeof kind)}
            data={[
              { value: 'writes', label: t`Changes` },
              { value: 'all', label: t`Reads too` },
            ]}
          />
          <AnchorLink
            to="/requests"
            search={{ objectType, objectId, ...(kind === 'writes' ? { kind } : {}) }}
            size="sm"
          >
            <Trans>All in the request log</Trans>
          </AnchorLink>
        </Group>
      }
    >
      <QueryView
        query={log}
        empty={
          kind === 'writes'
            ? t`No request has changed it since the log began.`
            : t`No request has touched it since the log began.`
        }
      >
        {(data) => <RequestTable rows={data.results} label={t`API requests for this record`} />}
      </QueryView>
    </Panel>
  );
}
