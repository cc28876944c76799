import { Button, Group, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PayoutCurrencySelect } from '../../../components/form-fields';
import { MerchantFilter } from '../../../features/merchants/components/merchant-filter';
import { EmptyState, PageHeader } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { PayoutAccountTable } from '../../../features/payout-accounts/components/payout-account-table';
import { payoutAccountListQuery } from '../../../features/payout-accounts/queries';
import { optionalIdSearch, pageSearch } from '../../../lib/search';
import { ButtonLink } from '../../../components/links';
import { Permitted } from '../../../features/session/components/permitted';

export const Route = createFileRoute('/_app/payout-accounts/')({
  validateSearch: z.object({
    ...pageSearch,
    businessId: optionalIdSearch,
    currencySymbol: z.string().max(20).optional().catch(undefined),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(payoutAccountListQuery(deps)),
  component: PayoutAccountsPage,
});

function PayoutAccountsPage() {
  useDocumentTitle('Payout accounts · Partner Payments');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data, isFetching } = useSuspenseQuery(payoutAccountListQuery(search));
  const filtered = search.businessId !== undefined || search.currencySymbol !== undefined;

  return (
    <>
      <PageHeader
        title="Payout accounts"
        description="Bank accounts that merchants are paid into."
        actions={
          <Permitted operation="createPayoutAccount">
            <ButtonLink to="/payout-accounts/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New payout account
            </ButtonLink>
          </Permitted>
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
          <PayoutCurrencySelect
            label="Currency"
            placeholder="All currencies"
            clearable
            w={200}
            value={search.currencySymbol ?? null}
            onChange={(value) =>
              void navigate({
                search: (s) => ({ ...s, start: 0, currencySymbol: value ?? undefined }),
              })
            }
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
          <EmptyState title={filtered ? 'No payout accounts match' : 'No payout accounts yet'}>
            {filtered
              ? 'Try another merchant or currency.'
              : 'Add the bank account a merchant is paid into.'}
          </EmptyState>
        ) : (
          <PayoutAccountTable accounts={data.results} caption="Payout accounts" />
        )}
        <Pager
          label="payout accounts"
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
