import { Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { EmptyState, PageHeader } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { MerchantTable } from '../../../features/merchants/components/merchant-table';
import { merchantListQuery } from '../../../features/merchants/queries';
import { pageSearch } from '../../../lib/search';
import { ButtonLink } from '../../../components/links';
import { Permitted } from '../../../features/session/components/permitted';

export const Route = createFileRoute('/_app/merchants/')({
  validateSearch: z.object(pageSearch),
  loaderDeps: ({ search: { start, limit } }) => ({ start, limit }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(merchantListQuery(deps)),
  component: MerchantsPage,
});

function MerchantsPage() {
  useDocumentTitle('Merchants · Partner Payments');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data, isFetching } = useSuspenseQuery(merchantListQuery(search));
  return (
    <>
      <PageHeader
        title="Merchants"
        description="Customers you transact for, and their contacts. Newest first."
        actions={
          <Permitted operation="createMerchant">
            <ButtonLink to="/merchants/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New merchant
            </ButtonLink>
          </Permitted>
        }
      />
      <Paper withBorder radius="md" p="md" style={{ opacity: isFetching ? 0.7 : 1 }}>
        {data.results.length === 0 ? (
          <EmptyState title={search.start > 0 ? 'No more merchants' : 'No merchants yet'}>
            {search.start > 0 ? 'Go back a page.' : 'Create a customer to start onboarding it.'}
          </EmptyState>
        ) : (
          <MerchantTable merchants={data.results} caption="Merchants" />
        )}
        <Pager
          label="merchants"
          start={data.start}
          limit={data.limit}
          shown={data.results.length}
          hasMore={data.hasMore}
          onChange={(page) => void navigate({ search: page })}
        />
      </Paper>
    </>
  );
}
