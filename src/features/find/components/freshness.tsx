// How fresh a list is: when the local index last heard from the API, a refresh, and why sync is
// paused if it is.
import { ActionIcon, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNow } from '#/lib/use-now';
import { indexStatusQuery, useRefreshIndex } from '../queries';

function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  return `${Math.round(m / 60)} h ago`;
}

const ERROR_TEXT: Record<string, string> = {
  'credentials refused':
    'Sync paused: the API refuses the stored credentials. An admin must set them again.',
};

export function Freshness() {
  const status = useQuery(indexStatusQuery);
  const refresh = useRefreshIndex();
  const now = useNow(5_000);
  const data = status.data;
  if (!data) return null;
  const merchants = data.lists.find((l) => l.list === 'merchants');
  const text = data.error
    ? (ERROR_TEXT[data.error] ?? `Sync paused (${data.error}); showing what was last synced.`)
    : !data.filled
      ? `Building the search index… ${merchants?.seen ?? 0} merchants so far`
      : data.checkedAt
        ? `Synced ${ago(now - data.checkedAt)}`
        : 'Not synced yet';
  return (
    // Not a live region: "Synced 5 s ago" would be read out every five seconds. Only a pause is
    // announced, when it starts.
    <Group gap={6} wrap="nowrap">
      <VisuallyHidden role="status">{data.error ? text : ''}</VisuallyHidden>
      {data.error && (
        <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" aria-hidden />
      )}
      <Text size="xs" c={data.error ? 'orange.8' : 'dimmed'}>
        {text}
      </Text>
      <Tooltip label="Sync now" withArrow>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label="Sync now"
          loading={refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          <IconRefresh size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
