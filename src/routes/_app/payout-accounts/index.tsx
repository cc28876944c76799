import { Group } from '@mantine/core';
import { ACCOUNT_SORTS } from '#/api/local-index';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ACCOUNT_STATUSES, AccountStatus } from '#/api/schemas/payout-account';
import { PayoutCurrencySelect } from '#/components/form-fields';
import { ButtonLink } from '#/components/links';
import { EmptyState, PageHeader } from '#/components/page';
import {
  ClearFilters,
  IndexedList,
  ListControls,
  SearchBox,
  SortSelect,
  StatusFilter,
} from '#/features/find/components/list-controls';
import { MerchantPicker } from '#/features/find/components/record-picker';
import { SavedViews } from '#/features/find/components/saved-views';
import { useListSearch } from '#/features/find/list-search';
import { accountIndexQuery } from '#/features/find/queries';
import { PayoutAccountTable } from '#/features/payout-accounts/components/payout-account-table';
import { Permitted } from '#/features/session/components/permitted';
import { humanize } from '#/lib/format';
import { listSearch, optionalIdSearch, pageSearch } from '#/lib/search';

const AccountsSearch = z.object({
  ...pageSearch,
  q: z.string().max(200).optional().catch(undefined),
  accountStatus: listSearch(AccountStatus),
  businessId: optionalIdSearch,
  currencySymbol: z.string().max(20).optional().catch(undefined),
  sort: z.enum(ACCOUNT_SORTS).optional().catch(undefined),
});
type AccountsSearch = z.infer<typeof AccountsSearch>;

export const Route = createFileRoute('/_app/payout-accounts/')({
  validateSearch: AccountsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(accountIndexQuery(deps)),
  component: PayoutAccountsPage,
});

function PayoutAccountsPage() {
  useDocumentTitle('Payout accounts · Partner Payments');
  const search = Route.useSearch();
  const { data, isFetching } = useSuspenseQuery(accountIndexQuery(search));
  const { filter, page, clear } = useListSearch<AccountsSearch>();
  const filtered = Boolean(
    search.q || search.accountStatus || search.businessId !== undefined || search.currencySymbol,
  );

  return (
    <>
      <PageHeader
        title="Payout accounts"
        description="Bank accounts that merchants are paid into."
        actions={
          <Group gap="sm">
            <SavedViews list="accounts" />
            <Permitted operation="createPayoutAccount">
              <ButtonLink
                to="/payout-accounts/new"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                New payout account
              </ButtonLink>
            </Permitted>
          </Group>
        }
      />
      <ListControls>
        <SearchBox
          label="Search payout accounts"
          placeholder="Holder, bank, IBAN or its last digits"
          value={search.q}
          onChange={(q) => filter({ q })}
        />
        <StatusFilter
          label="Account status"
          choices={ACCOUNT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          value={search.accountStatus}
          onChange={(accountStatus) =>
            filter({ accountStatus: accountStatus as AccountsSearch['accountStatus'] })
          }
        />
        <MerchantPicker
          value={search.businessId}
          onChange={(businessId) => filter({ businessId })}
        />
        <PayoutCurrencySelect
          label="Currency"
          placeholder="All currencies"
          clearable
          w={200}
          value={search.currencySymbol ?? null}
          onChange={(value) => filter({ currencySymbol: value ?? undefined })}
        />
        <SortSelect
          choices={[
            { value: 'created', label: 'Newest first' },
            { value: 'status', label: 'Status' },
          ]}
          value={search.sort ?? 'created'}
          onChange={(sort) => filter({ sort: sort as AccountsSearch['sort'] })}
        />
        <ClearFilters shown={filtered} onClear={clear} />
      </ListControls>
      <IndexedList
        page={data}
        fetching={isFetching}
        label="payout accounts"
        empty={
          <EmptyState title={filtered ? 'No payout accounts match' : 'No payout accounts yet'}>
            {filtered
              ? 'Try another search, status, merchant or currency.'
              : 'Add the bank account a merchant is paid into.'}
          </EmptyState>
        }
        onPage={page}
      >
        <PayoutAccountTable accounts={data.results} caption="Payout accounts" />
      </IndexedList>
    </>
  );
}
