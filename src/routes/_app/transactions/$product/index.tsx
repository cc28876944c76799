import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { TRANSACTION_SORTS } from '#/api/list-choices';
import { ScheduledPayouts } from '#/features/transactions/components/scheduled-payouts';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { Product } from '#/api/products';
import { CLIENT_STATUSES, ONOFF_STATUSES, RECEIVE_STATUSES } from '#/api/list-choices';
import { NewRecordLink } from '#/components/links';
import { IndexedListPage } from '#/features/find/components/list-page';
import { useListSearch } from '#/features/find/list-search';
import { transactionIndexQuery, listCsvUrl } from '#/features/find/queries';
import { DayRange } from '#/features/find/components/day-range';
import { ListTotals } from '#/features/transactions/components/list-totals';
import { TransactionTable } from '#/features/transactions/components/transaction-table';
import { DAY_PATTERN, endOfDay, startOfDay } from '#/lib/dates';
import { valueInWords } from '#/lib/value-words';
import { PRODUCT_OF } from '#/lib/products';
import { productTitle } from '#/lib/product-title';
import {
  listOf,
  listPageSearch,
  matching,
  oneOf,
  optionalIdSearch,
  type SearchOf,
  searchSchema,
} from '#/lib/search';
import { loadQuery } from '#/lib/route-loader';

const day = matching(DAY_PATTERN);
const SORTS = [
  { value: 'created-desc', label: msg`Newest first` },
  { value: 'created-asc', label: msg`Oldest first` },
  { value: 'amount-desc', label: msg`Largest amount` },
  { value: 'amount-asc', label: msg`Smallest amount` },
  { value: 'status-asc', label: msg`Status` },
  { value: 'updated-desc', label: msg`Recently changed` },
] as const;

const TransactionsSearch = searchSchema({
  ...listPageSearch,
  status: listOf(CLIENT_STATUSES),
  businessId: optionalIdSearch,
  from: day,
  to: day,
  sort: oneOf(TRANSACTION_SORTS),
  order: oneOf(['asc', 'desc']),
});
type TransactionsSearch = SearchOf<typeof TransactionsSearch>;

export const Route = createFileRoute('/_app/transactions/$product/')({
  validateSearch: TransactionsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    loadQuery(
      context,
      () => import('#/features/find/queries'),
      (m) => m.transactionIndexQuery(indexQueryOf(PRODUCT_OF[params.product], deps)),
    ),
  component: TransactionsPage,
});

function indexQueryOf(product: Product, search: TransactionsSearch) {
  return {
    product,
    q: search.q,
    clientStatus: search.status,
    businessId: search.businessId,
    fromDate: search.from ? startOfDay(search.from) : undefined,
    toDate: search.to ? endOfDay(search.to) : undefined,
    sort: search.sort,
    order: search.order,
    start: search.start,
    limit: search.limit,
  };
}

function TransactionsPage() {
  const { product: slug } = Route.useParams();
  const product = PRODUCT_OF[slug];
  const { t } = useLingui();
  const title = productTitle(product);
  useDocumentTitle(t`${title.plural} · Partner Payments`);
  const search = Route.useSearch();
  const query = indexQueryOf(product, search);
  const { data, isFetching } = useSuspenseQuery(transactionIndexQuery(query));
  const { filter } = useListSearch<TransactionsSearch>();
  const { start: _s, limit: _l, ...exportQuery } = query;
  const statuses = product === 'receive' ? RECEIVE_STATUSES : ONOFF_STATUSES;
  const filtered = Boolean(
    search.q || search.status || search.businessId !== undefined || search.from || search.to,
  );
  const sortValue = `${search.sort ?? 'created'}-${search.order ?? (search.sort === 'status' ? 'asc' : 'desc')}`;

  return (
    <IndexedListPage
      title={title.plural}
      description={title.description}
      views={product}
      csv={{
        url: listCsvUrl('transactions', exportQuery),
        fileName: `${slug}${search.from ? `-from-${search.from}` : ''}${search.to ? `-to-${search.to}` : ''}.csv`,
      }}
      create={{
        operation: `${product}Create`,
        link: (
          <NewRecordLink to="/transactions/$product/new" params={{ product: slug }}>
            {title.create}
          </NewRecordLink>
        ),
      }}
      search={{
        label: t`Search transactions`,
        placeholder: t`Id, amount, currency`,
        q: search.q,
      }}
      status={{
        label: t`Status`,
        choices: statuses.map((s) => ({ value: s, label: valueInWords(s.replace(/^\w+?_/, '')) })),
        value: search.status,
        onChange: (status) => filter({ status: status as TransactionsSearch['status'] }),
      }}
      merchant={search.businessId}
      filters={
        <DayRange
          label={t`Created between`}
          from={search.from}
          to={search.to}
          onChange={(range) => filter(range)}
        />
      }
      sort={{
        choices: SORTS.map((s) => ({ value: s.value, label: tr(s.label) })),
        value: sortValue,
        onChange: (value) => {
          const [sort, order] = value.split('-') as [TransactionsSearch['sort'], 'asc' | 'desc'];
          filter({ sort, order });
        },
      }}
      filtered={filtered}
      page={data}
      fetching={isFetching}
      label={t`transactions`}
      noMatch={{
        title: t`No transactions match`,
        hint: t`Try another search, status, merchant or dates.`,
      }}
      none={{
        title: tr(
          msg({
            message:
              '{product, select, sendc2f {No payouts yet} sendf2f {No end to end transfers yet} other {No collections yet}}',
          }),
          { product },
        ),
        hint: t`Quote a price, then create one from the quote.`,
      }}
    >
      {product !== 'receive' && !filtered && <ScheduledPayouts product={product} />}
      {filtered && <ListTotals query={exportQuery} />}
      <TransactionTable product={product} rows={data.results} label={title.plural} />
    </IndexedListPage>
  );
}
