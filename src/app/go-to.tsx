// Go to a record by id, or to a page, from anywhere (Ctrl+K or the header button).
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconBuildingStore,
  IconSearch,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';

const PAGES = [
  { to: '/', label: 'Overview' },
  { to: '/merchants', label: 'Merchants' },
  { to: '/merchants/new', label: 'New merchant' },
  { to: '/payout-accounts', label: 'Payout accounts' },
  { to: '/payout-accounts/new', label: 'New payout account' },
  { to: '/currencies', label: 'Currencies' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/transactions/payouts', label: 'Payouts' },
  { to: '/transactions/end-to-end', label: 'End to end' },
  { to: '/transactions/collections', label: 'Collections' },
];

export function GoToSpotlight({ sandbox }: { sandbox: boolean }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const id = /^\s*#?(\d{1,15})\s*$/.exec(query)?.[1];

  const actions = useMemo<SpotlightActionData[]>(() => {
    if (id) {
      return [
        {
          id: 'merchant',
          label: `Merchant ${id}`,
          description: 'Open the merchant with this id',
          leftSection: <IconBuildingStore size={18} aria-hidden />,
          onClick: () => void navigate({ to: '/merchants/$id', params: { id: Number(id) } }),
        },
        ...(['payouts', 'end-to-end', 'collections'] as const).map((product) => ({
          id: `transaction-${product}`,
          label: `${{ payouts: 'Payout', 'end-to-end': 'End to end transfer', collections: 'Collection' }[product]} ${id}`,
          description: 'Open the transaction with this id',
          leftSection: <IconArrowsExchange size={18} aria-hidden />,
          onClick: () =>
            void navigate({
              to: '/transactions/$product/$id',
              params: { product, id: Number(id) },
            }),
        })),
        {
          id: 'payout-account',
          label: `Payout account ${id}`,
          description: 'Open the payout account with this id',
          leftSection: <IconBuildingBank size={18} aria-hidden />,
          onClick: () => void navigate({ to: '/payout-accounts/$id', params: { id: Number(id) } }),
        },
      ];
    }
    const pages = sandbox ? [...PAGES, { to: '/sandbox', label: 'Sandbox tools' }] : PAGES;
    const q = query.trim().toLowerCase();
    return pages
      .filter((p) => !q || p.label.toLowerCase().includes(q))
      .map((p) => ({
        id: p.to,
        label: p.label,
        description: p.to,
        onClick: () => void navigate({ to: p.to }),
      }));
  }, [id, query, navigate, sandbox]);

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      scrollable
      maxHeight={400}
    >
      <Spotlight.Search
        placeholder="An id (merchant, account, transaction) or a page"
        leftSection={<IconSearch size={18} aria-hidden />}
        aria-label="Go to"
      />
      <Spotlight.ActionsList>
        {actions.length > 0 ? (
          actions.map(({ id: key, ...action }) => <Spotlight.Action key={key} {...action} />)
        ) : (
          <Spotlight.Empty>
            Nothing matches. Type a number to open a record by its id.
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
