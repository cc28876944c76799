import { KYC_STATUSES, MERCHANT_SORTS } from '#/api/list-choices';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NewRecordLink } from '#/components/links';
import { IndexedListPage } from '#/features/find/components/list-page';
import { useListSearch } from '#/features/find/list-search';
import { listCsvUrl, merchantIndexQuery } from '#/features/find/queries';
import { MerchantTable } from '#/features/merchants/components/merchant-table';
import { valueInWords } from '#/lib/value-words';
import { listOf, listPageSearch, oneOf, type SearchOf, searchSchema } from '#/lib/search';
import { loaderWith } from '#/lib/route-loader';

const SORTS = [
  { value: 'created', label: 'Newest first' },
  { value: 'created-asc', label: 'Oldest first' },
  { value: 'name', label: 'Name' },
  { value: 'status', label: 'KYC status' },
];

const MerchantsSearch = searchSchema({
  ...listPageSearch,
  kycStatus: listOf(KYC_STATUSES),
  type: oneOf(['customer', 'contact']),
  sort: oneOf(MERCHANT_SORTS),
  order: oneOf(['asc', 'desc']),
});

export const Route = createFileRoute('/_app/merchants/')({
  validateSearch: MerchantsSearch,
  loaderDeps: ({ search }) => search,
  // The queries are imported when the page opens: they stay out of the first load.
  loader: loaderWith(() => import('#/features/find/queries'), 'merchantIndexQuery'),
  component: MerchantsPage,
});

function MerchantsPage() {
  useDocumentTitle('Merchants · Partner Payments');
  const search = Route.useSearch();
  const { data, isFetching } = useSuspenseQuery(merchantIndexQuery(search));
  const { filter } = useListSearch<SearchOf<typeof MerchantsSearch>>();
  const sortValue =
    search.sort === 'created' && search.order === 'asc'
      ? 'created-asc'
      : (search.sort ?? 'created');
  return (
    <IndexedListPage
      title="Merchants"
      description="Customers you transact for, and their contacts."
      views="merchants"
      csv={{ url: listCsvUrl('merchants', search), fileName: 'merchants.csv' }}
      create={{
        operation: 'createMerchant',
        link: <NewRecordLink to="/merchants/new">New merchant</NewRecordLink>,
      }}
      search={{
        label: 'Search merchants',
        placeholder: 'Name, email, registration number, id',
        q: search.q,
      }}
      status={{
        label: 'KYC status',
        choices: KYC_STATUSES.map((s) => ({ value: s, label: valueInWords(s) })),
        value: search.kycStatus,
        onChange: (kycStatus) =>
          filter({ kycStatus: kycStatus as (typeof KYC_STATUSES)[number][] | undefined }),
      }}
      merchant={false}
      sort={{
        choices: SORTS,
        value: sortValue,
        onChange: (value) =>
          filter(
            value === 'created-asc'
              ? { sort: 'created', order: 'asc' }
              : { sort: value as 'created' | 'name' | 'status', order: undefined },
          ),
      }}
      filtered={Boolean(search.q || search.kycStatus || search.type)}
      page={data}
      fetching={isFetching}
      label="merchants"
      noMatch={{ title: 'No merchant matches', hint: 'Try fewer words or another status.' }}
      none={{ title: 'No merchants yet', hint: 'Create a customer to start onboarding it.' }}
    >
      <MerchantTable rows={data.results} label="Merchants" />
    </IndexedListPage>
  );
}
