// What a filtered list adds up to (docs/decisions/036): how many transactions the filters
// select and their payout amounts per currency, summed exactly by the server, under the filters.
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TransactionIndexQuery } from '#/api/local-index';
import { transactionTotalsQuery } from '#/features/find/queries';
import { formatCount, formatMoney } from '#/lib/format';

type Filters = { [K in keyof TransactionIndexQuery]?: unknown };

export function ListTotals({ query }: { query: Filters }) {
  const { sort: _sort, order: _order, ...filters } = query;
  const { t } = useLingui();
  const { data, isPending } = useQuery(transactionTotalsQuery(filters));
  return (
    <Group gap="xs" mb="sm" role="status" aria-label={t`Totals of the filtered list`}>
      {isPending || !data ? (
        <Loader size="xs" aria-label={t`Adding up`} />
      ) : (
        <Text size="sm">
          <Text span fw={600}>
            {tr(
              msg({
                message: '{count, plural, one {{shown} transaction} other {{shown} transactions}}',
              }),
              { count: data.count, shown: formatCount(data.count) },
            )}
          </Text>
          {data.sums.length > 0 && ' · '}
          {data.sums.map((s, i) => (
            <span key={s.currency}>
              {i > 0 && ' · '}
              <Text span ff="monospace">
                {formatMoney(s.total, s.currency)}
              </Text>
            </span>
          ))}
          {!data.exact && t` (rounded at the ninth decimal)`}
        </Text>
      )}
    </Group>
  );
}
