import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
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
  { value: 'created', label: msg`Newest first` },
  { value: 'created-asc', label: msg`Oldest first` },
  { value: 'name', label: msg`Name` },
  { value: 'status', label: msg`KYC status` },
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
  const { t } = useLingui();
  useDocumentTitle(t`Merchants · Partner Payments`);
  const search = Route.useSearch();
  const { data, isFetching } = useSuspenseQuery(merchantIndexQuery(search));
  const { filter } = useListSearch<SearchOf<typeof MerchantsSearch>>();
  const sortValue =
    search.sort === 'created' && search.order === 'asc'
      ? 'created-asc'
      : (search.sort ?? 'created');
  return (
    <IndexedListPage
      title={t`Merchants`}
      description={t`Customers you transact for, and their contacts.`}
      views="merchants"
      csv={{ url: listCsvUrl('merchants', search), fileName: 'merchants.csv' }}
      create={{
        operation: 'createMerchant',
        link: <NewRecordLink to="/merchants/new">{t`New merchant`}</NewRecordLink>,
      }}
      search={{
        label: t`Search merchants`,
        placeholder: t`Name, email, registration number, id`,
        q: search.q,
      }}
      status={{
        label: t`KYC status`,
        choices: KYC_STATUSES.map((s) => ({ value: s, label: valueInWords(s) })),
        value: search.kycStatus,
        onChange: (kycStatus) =>
          filter({ kycStatus: kycStatus as (typeof KYC_STATUSES)[number][] | undefined }),
      }}
      merchant={false}
      sort={{
        choices: SORTS.map((s) => ({ value: s.value, label: tr(s.label) })),
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
      label={t`merchants`}
      noMatch={{ title: t`No merchant matches`, hint: t`Try fewer words or another status.` }}
      none={{ title: t`No merchants yet`, hint: t`Create a customer to start onboarding it.` }}
    >
      <MerchantTable rows={data.results} label={t`Merchants`} />
    </IndexedListPage>
  );
}
