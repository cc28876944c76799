import { Text, Tooltip } from '@mantine/core';
import { formatDate, formatDateTime, formatExactTime, formatTime } from '#/lib/format';

/**
 * A time in the reader's local time, never wrapped; the exact time on hover. Not a tab stop: a
 * page of dates must not stand between a keyboard and the next action.
 */
export function DateTime({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span aria-label="not yet">—</span>;
  const exact = formatExactTime(value);
  return (
    <Tooltip label={exact} withArrow openDelay={300}>
      <time dateTime={new Date(value).toISOString()} title={exact} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(value)}
      </time>
    </Tooltip>
  );
}

/**
 * A time in a table's cell: the day on one line and the time under it, so that the column stays
 * narrow enough for a list's every column to show at 1280 px; the exact time on hover.
 */
export function DateLines({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span aria-label="not yet">—</span>;
  const exact = formatExactTime(value);
  return (
    <Tooltip label={exact} withArrow openDelay={300}>
      <time dateTime={new Date(value).toISOString()} title={exact}>
        <Text size="sm" span display="block" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(value)}
        </Text>
        <Text size="xs" c="dimmed" span display="block">
          {formatTime(value, 'short')}
        </Text>
      </time>
    </Tooltip>
  );
}
