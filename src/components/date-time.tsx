import { Tooltip } from '@mantine/core';
import { formatDateTime, formatExactTime } from '#/lib/format';

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
