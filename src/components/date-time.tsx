import { Tooltip } from '@mantine/core';
import { formatDateTime, formatExactTime } from '../lib/format';

/** A time in the reader's local time; the exact time on hover and to screen readers. */
export function DateTime({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span aria-label="not yet">—</span>;
  const exact = formatExactTime(value);
  return (
    <Tooltip label={exact} withArrow openDelay={300}>
      <time dateTime={new Date(value).toISOString()} title={exact} tabIndex={0}>
        {formatDateTime(value)}
      </time>
    </Tooltip>
  );
}
