// The audit trail page's entries and filters (docs/decisions/026), beside its route (the `-`
// keeps it out of the route tree).
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconDownload } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  auditActionWords,
  auditDetailWords,
  auditRecordOf,
  isApiAction,
} from '#/api/audit-actions';
import { AUDIT_OUTCOMES } from '#/api/list-choices';
import { type Role, ROLE_LABEL } from '#/api/roles';
import { DateTime } from '#/components/date-time';
import { foldSent, type ShownEntry } from '#/features/workspace/audit-rows';
import { formatDateTime } from '#/lib/format';
import { AnchorLink, TransactionLink } from '#/components/links';
import { englishFieldLabel } from '#/lib/field-labels';
import { PageHeader } from '#/components/page';
import { auditCsvUrl, auditQuery } from '#/features/workspace/queries';
import { type Column, DataTable, IdNote } from '#/components/data-table';
import { ChoiceFilter, FilterText } from '#/components/filters';
import { DayRange } from '#/features/find/components/day-range';
import { CollapsibleFilters } from '#/features/find/components/list-controls';
import { type AuditSearch, filtersOf } from './-audit-search';

const OUTCOME_COLOR = { ok: 'green', refused: 'orange', failed: 'red', sent: 'gray' } as const;

/** How each entry ended, in the page's words (the entries themselves stay English, decision 091). */
const OUTCOME_WORDS: Record<keyof typeof OUTCOME_COLOR, MessageDescriptor> = {
  ok: msg`Done`,
  refused: msg`Refused`,
  failed: msg`Failed at the API`,
  sent: msg`Sent to the API`,
};

/** Entries the dashboard's own background work wrote, by what it calls itself. */
const BY_NOBODY: Record<string, string> = {
  'dashboard bulk payouts': 'The dashboard (bulk payouts)',
};

// The entries are a record read by auditors and exported: their words stay English, marked as
// such (translate="no"); the page around them speaks the person's language (decision 091).
const auditColumns = (): Array<Column<ShownEntry>> => [
  {
    header: tr(msg`When`),
    td: { style: { whiteSpace: 'nowrap' } },
    cell: (entry) => (
      <>
        <DateTime value={entry.at} />
        <IdNote>#{entry.seq}</IdNote>
      </>
    ),
  },
  {
    header: tr(msg`Who`),
    cell: (entry) => (
      <>
        <Text size="sm" translate="no">
          {entry.actorEmail ?? BY_NOBODY[entry.userAgent] ?? 'unknown'}
        </Text>
        <IdNote translate="no">
          {[
            entry.roles
              .map((r) => (r in ROLE_LABEL ? ROLE_LABEL[r as Role].message : r))
              .join(', '),
            BY_NOBODY[entry.userAgent] && entry.actorEmail ? 'by the dashboard for them' : entry.ip,
          ]
            .filter(Boolean)
            .join(' · ')}
        </IdNote>
      </>
    ),
  },
  {
    header: tr(msg`Action`),
    td: { style: { minWidth: 200 } },
    cell: (entry) => (
      <>
        <Text size="sm" translate="no">
          {auditActionWords(entry.action)}
        </Text>
        <AuditTarget action={entry.action} target={entry.target} />
        {isApiAction(entry.action) && (
          <IdNote>
            <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
              {entry.action}
            </span>
          </IdNote>
        )}
      </>
    ),
  },
  {
    header: tr(msg`Outcome`),
    td: { style: { whiteSpace: 'nowrap', minWidth: 150 } },
    cell: (entry) => (
      <>
        <Badge
          color={OUTCOME_COLOR[entry.outcome]}
          variant="light"
          radius="sm"
          tt="none"
          styles={{
            root: { maxWidth: 'none', overflow: 'visible' },
            label: { overflow: 'visible' },
          }}
        >
          {tr(OUTCOME_WORDS[entry.outcome])}
        </Badge>
        {entry.sentAt !== undefined && (
          <IdNote>
            <Trans>
              sent <DateTime value={entry.sentAt} />
            </Trans>
          </IdNote>
        )}
      </>
    ),
  },
  {
    header: tr(msg`Details`),
    td: { style: { minWidth: 240 } },
    cell: (entry) => <AuditDetails details={entry.details} />,
  },
];

export function AuditTrail({
  search,
  onSearch,
}: {
  search: AuditSearch;
  /** Shows other filters or an older page (the route puts them in the address). */
  onSearch: (search: AuditSearch) => void;
}) {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(auditQuery(filtersOf(search)));
  const set = (patch: Partial<AuditSearch>) => onSearch({ ...search, ...patch, before: undefined });
  return (
    <>
      <PageHeader
        title={t`Audit trail`}
        description={t`Every sign-in, every change made through the dashboard and every refused attempt. Append-only: each entry is chained to the one before it. Its entries stay in English, as they are kept and exported.`}
        actions={
          <Button
            component="a"
            href={auditCsvUrl(filtersOf(search))}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            <Trans>Export CSV</Trans>
          </Button>
        }
      />
      <Group mb="md" align="flex-end">
        <CollapsibleFilters
          filtered={Boolean(
            search.actor || search.action || search.from || search.to || search.outcome,
          )}
        >
          <FilterText
            label={t`Person`}
            placeholder={t`Email`}
            value={search.actor}
            onChange={(actor) => set({ actor })}
          />
          <FilterText
            label={t`Action`}
            placeholder={t`e.g. approve quote`}
            value={search.action}
            onChange={(action) => set({ action })}
          />
          <DayRange
            label={t`Between`}
            from={search.from}
            to={search.to}
            onChange={(range) => set(range)}
          />
          <ChoiceFilter
            label={t`Outcome`}
            choices={AUDIT_OUTCOMES.map((value) => ({ value, label: tr(OUTCOME_WORDS[value]) }))}
            value={search.outcome}
            onChange={(outcome) => set({ outcome: outcome as typeof search.outcome })}
          />
        </CollapsibleFilters>
      </Group>
      <Paper withBorder radius="md">
        <DataTable
          label={t`Audit trail`}
          minWidth={980}
          verticalSpacing="xs"
          rows={foldSent(data.results)}
          rowKey={(entry) => entry.seq}
          columns={auditColumns()}
        />
      </Paper>
      {data.hasMore && (
        <Group justify="center" mt="md">
          <Button
            variant="default"
            onClick={() => onSearch({ ...search, before: data.results.at(-1)?.seq })}
          >
            <Trans>Older entries</Trans>
          </Button>
        </Group>
      )}
    </>
  );
}

/** The record an entry names, as a link to its page; otherwise the target as stored. */
function AuditTarget({ action, target }: { action: string; target: string | null }) {
  const record = auditRecordOf(action, target);
  if (!record)
    return target ? (
      <Text size="xs" c="dimmed" translate="no">
        {auditDetailWords('target', target)}
      </Text>
    ) : null;
  if (record.kind === 'batch')
    return (
      <AnchorLink size="sm" to="/batches/$id" params={{ id: record.id }}>
        <Trans>Bulk payout file</Trans>
      </AnchorLink>
    );
  const { id } = record;
  if (record.kind === 'merchant')
    return (
      <AnchorLink size="sm" to="/merchants/$id" params={{ id }}>
        <Trans>Merchant #{id}</Trans>
      </AnchorLink>
    );
  if (record.kind === 'account')
    return (
      <AnchorLink size="sm" to="/payout-accounts/$id" params={{ id }}>
        <Trans>Payout account #{id}</Trans>
      </AnchorLink>
    );
  return <TransactionLink size="sm" product={record.kind} id={id} />;
}

/** Lines of details shown before "Show all". */
const DETAIL_LINES = 4;

/** An entry's details as `field: value` lines; what a write changed comes first. */
function AuditDetails({ details }: { details: unknown }) {
  if (!details || typeof details !== 'object') return null;
  const { changes, ...rest } = details as { changes?: unknown } & Record<string, unknown>;
  const lines = [
    ...(changes && typeof changes === 'object' ? Object.entries(changes) : []),
    ...Object.entries(rest),
  ];
  const [all, setAll] = useState(false);
  const shown = all ? lines : lines.slice(0, DETAIL_LINES);
  return (
    <Stack gap={0} align="flex-start" translate="no">
      {shown.map(([field, value]) => (
        <Text key={field} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" c="dimmed">
            {englishFieldLabel(field)}:
          </Text>{' '}
          <Text span size="xs">
            {auditDetailWords(field, value, formatDateTime)}
          </Text>
        </Text>
      ))}
      {lines.length > DETAIL_LINES && (
        <Anchor component="button" type="button" size="xs" onClick={() => setAll(!all)}>
          <span translate="yes">
            {all ? tr(msg`Show fewer`) : tr(msg`Show all ${lines.length}`)}
          </span>
        </Anchor>
      )}
    </Stack>
  );
}
