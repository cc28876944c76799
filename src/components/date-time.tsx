import { msg } from '@lingui/core/macro';
import { Text, Tooltip } from '@mantine/core';
import { tr } from '#/i18n/current';
import { formatDate, formatDateTimeParts, formatExactTime, formatTime } from '#/lib/format';

const whole = { whiteSpace: 'nowrap' } as const;

/**
 * A time in the reader's local time; the exact time on hover. The day and the time each stay
 * whole, and a narrow screen puts the time under the day rather than cutting it. Not a tab stop:
 * a page of dates must not stand between a keyboard and the next action.
 */
export function DateTime({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span aria-label={tr(msg`not yet`)}>—</span>;
  const exact = formatExactTime(value);
  const [day, between, time] = formatDateTimeParts(value);
  return (
    <Tooltip label={exact} withArrow openDelay={300}>
      <time dateTime={new Date(value).toISOString()} title={exact}>
        <span style={whole}>{day}</span>
        {between.replace(/[\u00a0\u202f]/g, ' ')}
        <span style={whole}>{time}</span>
      </time>
    </Tooltip>
  );
}

/**
 * A time in a table's cell: the day on one line and the time under it, so that the column stays
 * narrow enough for a list's every column to show at 1280 px; the exact time on hover.
 */
export function DateLines({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span aria-label={tr(msg`not yet`)}>—</span>;
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
