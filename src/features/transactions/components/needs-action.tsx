// What the team must act on now: a queue of transactions from the local index (quotes or
// deposits waiting for approval, transfers that have not moved for a day), newest change first.
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { TransactionRow } from '#/api/local-index';
import { quoteWindow } from '#/api/quote-window';
import { ApiErrorAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { EmptyState, LoadingState } from '#/components/page';
import { TransactionLines } from './transaction-lines';

export function WaitingList({
  rows,
  more,
  empty,
  label,
  quoteValidityMinutes,
  since,
}: {
  rows: TransactionRow[];
  /** More wait than are shown. */
  more: boolean;
  empty: string;
  label: string;
  /** For quotes waiting: how long one may be approved, to mark those that expired. */
  quoteValidityMinutes?: number | undefined;
  /** What the time beside each row is: waiting since, or no change since. */
  since: 'waiting' | 'unchanged';
}) {
  const { t } = useLingui();
  if (rows.length === 0) return <EmptyState title={t`Nothing waiting`}>{empty}</EmptyState>;
  const expired = (t: TransactionRow) => {
    if (quoteValidityMinutes === undefined) return false;
    const window = quoteWindow(t, quoteValidityMinutes * 60_000);
    return window !== null && window.expiresAt <= Date.now();
  };
  return (
    <Stack gap="xs">
      <TransactionLines
        rows={rows}
        label={label}
        note={(row) => {
          const when = <DateTime value={row.lastUpdateTime} />;
          return (
            <>
              {row.merchantName ? <span translate="no">{row.merchantName} · </span> : ''}
              {since === 'waiting' ? (
                <Trans>waiting since {when}</Trans>
              ) : (
                <Trans>no change since {when}</Trans>
              )}
              {expired(row) && (
                <Text span size="xs" c="var(--mantine-color-error)">
                  {t` · quote expired`}
                </Text>
              )}
            </>
          );
        }}
      />
      {more && (
        <Text size="xs" c="dimmed">
          <Trans>and more</Trans>
        </Text>
      )}
    </Stack>
  );
}

export function WaitingState({
  isPending,
  error,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (isPending) return <LoadingState />;
  if (error) return <ApiErrorAlert error={error} onRetry={onRetry} />;
  return null;
}
