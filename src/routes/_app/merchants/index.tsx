import { Group } from '@mantine/core';
import { MERCHANT_SORTS } from '#/api/local-index';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { KYC_STATUSES, KycStatus } from '#/api/schemas/merchant';
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
import { SavedViews } from '#/features/find/components/saved-views';
import { useListSearch } from '#/features/find/list-search';
import { merchantIndexQuery } from '#/features/find/queries';
import { MerchantTable } from '#/features/merchants/components/merchant-table';
import { Permitted } from '#/features/session/components/permitted';
import { humanize } from '#/lib/format';
import { listSearch, pageSearch } from '#/lib/search';

const SORTS = [
  { value: 'created', label: 'Newest first' },
  { value: 'created-asc', label: 'Oldest first' },
  { value: 'name', label: 'Name' },
  { value: 'status', label: 'KYC status' },
];

const MerchantsSearch = z.object({
  ...pageSearch,
  q: z.string().max(200).optional().catch(undefined),
  kycStatus: listSearch(KycStatus),
  type: z.enum(['customer', 'contact']).optional().catch(undefined),
  sort: z.enum(MERCHANT_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
});

export const Route = createFileRoute('/_app/merchants/')({
  validateSearch: MerchantsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(merchantIndexQuery(deps)),
  component: MerchantsPage,
});

function MerchantsPage() {
  useDocumentTitle('Merchants · Partner Payments');
  const search = Route.useSearch();
  const { data, isFetching } = useSuspenseQuery(merchantIndexQuery(search));
  const { filter, page, clear } = useListSearch<z.infer<typeof MerchantsSearch>>();
  const filtered = Boolean(search.q || search.kycStatus || search.type);
  const sortValue =
    search.sort === 'created' && search.order === 'asc'
      ? 'created-asc'
      : (search.sort ?? 'created');
  return (
    <>
      <PageHeader
        title="Merchants"
        description="Customers you transact for, and their contacts."
        actions={
          <Group gap="sm">
            <SavedViews list="merchants" />
            <Permitted operation="createMerchant">
              <ButtonLink to="/merchants/new" leftSection={<IconPlus size={16} aria-hidden />}>
                New merchant
              </ButtonLink>
            </Permitted>
          </Group>
        }
      />
      <ListControls>
        <SearchBox
          label="Search merchants"
          placeholder="Name, email, registration number, id"
          value={search.q}
          onChange={(q) => filter({ q })}
        />
        <StatusFilter
          label="KYC status"
          choices={KYC_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          value={search.kycStatus}
          onChange={(kycStatus) => filter({ kycStatus: kycStatus as KycStatus[] | undefined })}
        />
        <SortSelect
          choices={SORTS}
          value={sortValue}
          onChange={(value) =>
            filter(
              value === 'created-asc'
                ? { sort: 'created', order: 'asc' }
                : { sort: value as 'created' | 'name' | 'status', order: undefined },
            )
          }
        />
        <ClearFilters shown={filtered} onClear={clear} />
      </ListControls>
      <IndexedList
        page={data}
        fetching={isFetching}
        label="merchants"
        empty={
          <EmptyState
            title={
              filtered
                ? 'No merchant matches'
                : search.start > 0
                  ? 'No more merchants'
                  : 'No merchants yet'
            }
          >
            {filtered
              ? 'Try fewer words or another status.'
              : search.start > 0
                ? 'Go back a page.'
                : 'Create a customer to start onboarding it.'}
          </EmptyState>
        }
        onPage={page}
      >
        <MerchantTable merchants={data.results} caption="Merchants" />
      </IndexedList>
    </>
  );
}
