import { useLingui } from '@lingui/react/macro';
import { ACCOUNT_SORTS, ACCOUNT_STATUSES } from '#/api/list-choices';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PayoutCurrencySelect } from '#/components/form-fields';
import { NewRecordLink } from '#/components/links';
import { IndexedListPage } from '#/features/find/components/list-page';
import { useListSearch } from '#/features/find/list-search';
import { listCsvUrl, accountIndexQuery } from '#/features/find/queries';
import { PayoutAccountTable } from '#/features/payout-accounts/components/payout-account-table';
import { valueInWords } from '#/lib/value-words';
import {
  listOf,
  listPageSearch,
  oneOf,
  optionalIdSearch,
  type SearchOf,
  searchSchema,
  text,
} from '#/lib/search';
import { loaderWith } from '#/lib/route-loader';

const AccountsSearch = searchSchema({
  ...listPageSearch,
  accountStatus: listOf(ACCOUNT_STATUSES),
  businessId: optionalIdSearch,
  currencySymbol: text(20),
  sort: oneOf(ACCOUNT_SORTS),
});
type AccountsSearch = SearchOf<typeof AccountsSearch>;

export const Route = createFileRoute('/_app/payout-accounts/')({
  validateSearch: AccountsSearch,
  loaderDeps: ({ search }) => search,
  loader: loaderWith(() => import('#/features/find/queries'), 'accountIndexQuery'),
  component: PayoutAccountsPage,
});

function PayoutAccountsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Payout accounts · Partner Payments`);
  const search = Route.useSearch();
  const { data, isFetching } = useSuspenseQuery(accountIndexQuery(search));
  const { filter } = useListSearch<AccountsSearch>();
  return (
    <IndexedListPage
      title={t`Payout accounts`}
      description={t`Bank accounts that merchants are paid into.`}
      views="accounts"
      csv={{ url: listCsvUrl('accounts', search), fileName: 'payout-accounts.csv' }}
      create={{
        operation: 'createPayoutAccount',
        link: <NewRecordLink to="/payout-accounts/new">{t`New payout account`}</NewRecordLink>,
      }}
      search={{
        label: t`Search payout accounts`,
        placeholder: t`Holder, bank, IBAN or its last digits`,
        q: search.q,
      }}
      status={{
        label: t`Account status`,
        choices: ACCOUNT_STATUSES.map((s) => ({ value: s, label: valueInWords(s) })),
        value: search.accountStatus,
        onChange: (accountStatus) =>
          filter({ accountStatus: accountStatus as AccountsSearch['accountStatus'] }),
      }}
      merchant={search.businessId}
      filters={
        <PayoutCurrencySelect
          label={t`Currency`}
          placeholder={t`All currencies`}
          clearable
          w={200}
          value={search.currencySymbol ?? null}
          onChange={(value) => filter({ currencySymbol: value ?? undefined })}
        />
      }
      sort={{
        choices: [
          { value: 'created', label: t`Newest first` },
          { value: 'status', label: t`Status` },
        ],
        value: search.sort ?? 'created',
        onChange: (sort) => filter({ sort: sort as AccountsSearch['sort'] }),
      }}
      filtered={Boolean(
        search.q ||
        search.accountStatus ||
        search.businessId !== undefined ||
        search.currencySymbol,
      )}
      page={data}
      fetching={isFetching}
      label={t`payout accounts`}
      noMatch={{
        title: t`No payout accounts match`,
        hint: t`Try another search, status, merchant or currency.`,
      }}
      none={{
        title: t`No payout accounts yet`,
        hint: t`Add the bank account a merchant is paid into.`,
      }}
    >
      <PayoutAccountTable rows={data.results} label={t`Payout accounts`} />
    </IndexedListPage>
  );
}
