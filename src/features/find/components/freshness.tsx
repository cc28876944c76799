// How fresh a list is: when the local index last heard from the API, a refresh, and why sync is
// paused if it is.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { tr } from '#/i18n/current';
import { ActionIcon, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNow } from '#/lib/use-now';
import { indexStatusQuery, useRefreshIndex } from '../queries';

/** "Synced 5 s ago", in the page's language. */
function syncedAgo(ms: number, t: ReturnType<typeof useLingui>['t']): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return t`Synced just now`;
  if (s < 60) return t`Synced ${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return t`Synced ${m} min ago`;
  const h = Math.round(m / 60);
  return t`Synced ${h} h ago`;
}

export function Freshness() {
  const status = useQuery(indexStatusQuery);
  const refresh = useRefreshIndex();
  const { t } = useLingui();
  const now = useNow(5_000);
  const data = status.data;
  if (!data) return null;
  const merchants = data.lists.find((l) => l.list === 'merchants');
  const seen = merchants?.seen ?? 0;
  const text = data.error
    ? data.error === 'credentials refused'
      ? t`Sync paused: the API refuses the stored credentials. An admin must set them again.`
      : t`Sync paused (${data.error}); showing what was last synced.`
    : !data.filled
      ? tr(
          msg({
            message:
              '{seen, plural, one {Building the search index… # merchant so far} other {Building the search index… # merchants so far}}',
          }),
          { seen },
        )
      : data.checkedAt
        ? syncedAgo(now - data.checkedAt, t)
        : t`Not synced yet`;
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
      <Tooltip label={t`Sync now`} withArrow>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t`Sync now`}
          loading={refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          <IconRefresh size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
