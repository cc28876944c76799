// The overview's money card (docs/decisions/036): what was paid out in the last four weeks per
// currency, the change against the four weeks before in words, and a sparkline per day. Loaded
// on its own after the overview's queues, so that charts never weigh on the first page.
import { Trans, useLingui } from '@lingui/react/macro';
import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiErrorAlert } from '#/components/api-error';
import { AnchorLink } from '#/components/links';
import { LoadingState } from '#/components/page';
import { daysAfter } from '#/api/periods';
import { formatMoney } from '#/lib/format';
import { volumeWords } from '../format';
import { zone } from '../period-query';
import { reportQuery } from '../queries';

const DAYS = 28;

export default function OverviewVolume() {
  const { t } = useLingui();
  const tz = zone();
  const now = Date.now();
  const to = daysAfter(now, 1, tz);
  const from = daysAfter(now, 1 - DAYS, tz);
  const report = useQuery(reportQuery({ from: String(from), to: String(to), tz, bucket: 'day' }));
  return (
    <Paper withBorder p="lg" radius="md" mb="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          <Trans>Paid out in the last 4 weeks</Trans>
        </Title>
        <AnchorLink to="/reports" search={{ period: 'last7days' }} size="sm">
          <Trans>Reports</Trans>
        </AnchorLink>
      </Group>
      {report.isPending ? (
        <LoadingState rows={2} />
      ) : report.isError ? (
        <ApiErrorAlert error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.payout.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nothing completed in the last 4 weeks.</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {report.data.payout.map((v) => (
            <Stack key={v.currency} gap={2} aria-label={t`Paid out in ${v.currency}`} role="group">
              <Text fw={700} ff="monospace">
                {formatMoney(v.total, v.currency)}
              </Text>
              <Text size="xs">{volumeWords(v.count, v.change)}</Text>
              {/* Drawn only: inert keeps recharts' focusable surface out of reach. */}
              <div inert>
                <Sparkline
                  h={40}
                  data={v.series.map((s) => Number(s.total))}
                  curveType="linear"
                  color="blue.6"
                  fillOpacity={0.3}
                />
              </div>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
