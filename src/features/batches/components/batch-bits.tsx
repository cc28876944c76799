// Small pieces the bulk payout pages share: a batch's status badge and its totals per currency.
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { BatchStatus, BatchSummary } from '#/api/batches';
import { Money } from '#/components/money';
import { WRAPPING_BADGE } from '#/components/wrapping';
import { BATCH_STATUS_COLOR, BATCH_STATUS_LABEL } from '../words';

export function BatchStatusBadge({
  status,
  size = 'md',
}: {
  status: BatchStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      color={BATCH_STATUS_COLOR[status]}
      variant="light"
      size={size}
      radius="sm"
      style={{ textTransform: 'none' }}
      styles={WRAPPING_BADGE}
    >
      {tr(BATCH_STATUS_LABEL[status])}
    </Badge>
  );
}

/** Totals per currency, one under the other, with their row counts. */
export function Totals({
  totals,
  rows = true,
}: {
  totals: BatchSummary['totals'];
  rows?: boolean;
}) {
  if (totals.length === 0)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Group gap={2} style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
      {totals.map((t) => (
        <Text key={t.currency} size="sm" span>
          <Money amount={t.amount} symbol={t.currency} fw={600} />
          {rows && (
            <Text span c="dimmed" size="xs">
              {' '}
              {tr(msg({ message: '{rows, plural, one {in # row} other {in # rows}}' }), {
                rows: t.rows,
              })}
            </Text>
          )}
        </Text>
      ))}
    </Group>
  );
}

/** A file offered in both formats: "CSV · XLSX", each a download. */
export function FileLinks({
  href,
  icon = false,
}: {
  href: (format: 'csv' | 'xlsx') => string;
  icon?: boolean;
}) {
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format, i) => (
        <span key={format}>
          {i > 0 && ' · '}
          <Anchor href={href(format)} download>
            {icon && (
              <>
                <IconDownload size={14} aria-hidden />{' '}
              </>
            )}
            {format.toUpperCase()}
          </Anchor>
        </span>
      ))}
    </>
  );
}
