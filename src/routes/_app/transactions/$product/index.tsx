import '@mantine/dates/styles.css';
import { Button, Group, Paper } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendar, IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MerchantFilter } from '../../../../features/merchants/components/merchant-filter';
import { ButtonLink } from '../../../../components/links';
import { EmptyState, PageHeader } from '../../../../components/page';
import { Pager } from '../../../../components/pager';
import { CsvExport } from '../../../../features/transactions/components/csv-export';
import { TransactionTable } from '../../../../features/transactions/components/transaction-table';
import { transactionListQuery } from '../../../../features/transactions/queries';
import { DAY_PATTERN, endOfDay, startOfDay } from '../../../../lib/dates';
import { PRODUCT_OF, PRODUCT_TITLE } from '../../../../lib/products';
import { optionalIdSearch, pageSearch } from '../../../../lib/search';
import { Permitted } from '../../../../features/session/components/permitted';

const day = z.string().regex(DAY_PATTERN).optional().catch(undefined);

export const Route = createFileRoute('/_app/transactions/$product/')({
  validateSearch: z.object({ ...pageSearch, businessId: optionalIdSearch, from: day, to: day }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(
      transactionListQuery(PRODUCT_OF[params.product], filtersOf(deps)),
    ),
  component: TransactionsPage,
});

function filtersOf(search: {
  start: number;
  limit: number;
  businessId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}) {
  return {
    start: search.start,
    limit: search.limit,
    businessId: search.businessId,
    fromDate: search.from ? startOfDay(search.from) : undefined,
    toDate: search.to ? endOfDay(search.to) : undefined,
  };
}

function TransactionsPage() {
  const { product: slug } = Route.useParams();
  const product = PRODUCT_OF[slug];
  const title = PRODUCT_TITLE[product];
  useDocumentTitle(`${title.plural} · Partner Payments`);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = filtersOf(search);
  const { data, isFetching } = useSuspenseQuery(transactionListQuery(product, filters));
  const filtered =
    search.businessId !== undefined || search.from !== undefined || search.to !== undefined;
  const { start: _s, limit: _l, ...exportFilters } = filters;

  return (
    <>
      <PageHeader
        title={title.plural}
        description={title.description}
        actions={
          <>
            <CsvExport
              product={product}
              filters={exportFilters}
              fileName={`${slug}${search.from ? `-from-${search.from}` : ''}${search.to ? `-to-${search.to}` : ''}.csv`}
            />
            <Permitted operation={`${product}Create`}>
              <ButtonLink
                to="/transactions/$product/new"
                params={{ product: slug }}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                New {title.singular.toLowerCase()}
              </ButtonLink>
            </Permitted>
          </>
        }
      />
      <Paper withBorder radius="md" p="md" style={{ opacity: isFetching ? 0.7 : 1 }}>
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <MerchantFilter
            value={search.businessId}
            onChange={(businessId) =>
              void navigate({ search: (s) => ({ ...s, start: 0, businessId }) })
            }
          />
          <DatePickerInput
            type="range"
            label="Created between"
            placeholder="Any date"
            clearable
            allowSingleDateInRange
            valueFormat="D MMM YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={280}
            value={[search.from ?? null, search.to ?? null]}
            onChange={([from, to]) => {
              if (from && !to) return; // Wait for the second day.
              void navigate({
                search: (s) => ({ ...s, start: 0, from: from ?? undefined, to: to ?? undefined }),
              });
            }}
          />
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => void navigate({ search: { start: 0, limit: search.limit } })}
            >
              Clear filters
            </Button>
          )}
        </Group>
        {data.results.length === 0 ? (
          <EmptyState
            title={filtered ? 'No transactions match' : `No ${title.plural.toLowerCase()} yet`}
          >
            {filtered
              ? 'Try another merchant or dates.'
              : 'Quote a price, then create one from the quote.'}
          </EmptyState>
        ) : (
          <TransactionTable product={product} transactions={data.results} caption={title.plural} />
        )}
        <Pager
          label="transactions"
          start={data.start}
          limit={data.limit}
          shown={data.results.length}
          hasMore={data.hasMore}
          onChange={(page) => void navigate({ search: (s) => ({ ...s, ...page }) })}
        />
      </Paper>
    </>
  );
}
