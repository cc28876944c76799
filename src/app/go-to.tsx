// Go to anything from anywhere (Ctrl+K or the header button): merchants, payout accounts and
// transactions found in the local index by name, email, IBAN or its last digits, amount or id,
// grouped by kind; a record by its id; or a page.
import { useLingui } from '@lingui/react/macro';
import { msg, ph } from '@lingui/core/macro';
import { VisuallyHidden } from '@mantine/core';
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconFileSpreadsheet,
  IconBuildingStore,
  IconSearch,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SearchResults } from '#/api/local-index';
import { searchQuery } from '#/features/find/queries';
import { formatDateTime, formatMoney } from '#/lib/format';
import { PRODUCT_OF, PRODUCT_SLUGS, PRODUCT_TITLE, SLUG_OF } from '#/lib/products';
import { goToStore, selectFirstAction } from './go-to-store';
import { tr } from '#/i18n/current';

const PAGES = [
  { to: '/', label: msg`Overview` },
  { to: '/merchants', label: msg`Merchants` },
  { to: '/merchants/new', label: msg`New merchant` },
  { to: '/payout-accounts', label: msg`Payout accounts` },
  { to: '/payout-accounts/new', label: msg`New payout account` },
  { to: '/currencies', label: msg`Currencies` },
  { to: '/pricing', label: msg`Get a quote` },
  { to: '/transactions/payouts', label: PRODUCT_TITLE.sendc2f.plural },
  { to: '/transactions/end-to-end', label: PRODUCT_TITLE.sendf2f.plural },
  { to: '/transactions/collections', label: PRODUCT_TITLE.receive.plural },
  { to: '/batches', label: msg`Bulk payouts` },
];

const RESULTS_ID = 'go-to-results';

/** An action as an option of the listbox (its id is given by the mirror below). */
const optionProps = () => ({ role: 'option', 'aria-selected': false });

/**
 * Spotlight marks the arrow keys' choice with `data-selected` by hand; this says the same to
 * assistive technology: `aria-selected` on the option, `aria-activedescendant` on the search box.
 */
function useSelectionMirror() {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback((list: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!list) return;
    // The dialog is named as its search box is (Spotlight gives it no title to name it by).
    list.closest('[role="dialog"], section')?.setAttribute('aria-label', tr(msg`Go to`));
    const sync = () => {
      const input = document.querySelector<HTMLElement>(`[aria-controls="${RESULTS_ID}"]`);
      let active = '';
      // Spotlight keeps an action's id to itself: each option is numbered here instead.
      for (const [n, option] of [
        ...list.querySelectorAll<HTMLElement>('[role="option"]'),
      ].entries()) {
        option.id = `go-to-option-${n}`;
        const selected = option.hasAttribute('data-selected');
        option.setAttribute('aria-selected', String(selected));
        if (selected) active = option.id;
      }
      if (active) input?.setAttribute('aria-activedescendant', active);
      else input?.removeAttribute('aria-activedescendant');
    };
    observer.current = new MutationObserver(sync);
    observer.current.observe(list, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-selected'],
    });
    sync();
  }, []);
}

export function GoToSpotlight({ sandbox }: { sandbox: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const id = /^\s*#?(\d{1,15})\s*$/.exec(query)?.[1];
  const [debounced] = useDebouncedValue(query.trim(), 150);
  const found = useQuery(searchQuery(debounced));
  const groups = useMemo(
    () => (debounced && found.data ? resultGroups(found.data, navigate, id) : []),
    [debounced, found.data, navigate, id],
  );

  const actions = useMemo<SpotlightActionData[]>(() => {
    if (id) {
      return [
        {
          id: 'merchant',
          label: t`Merchant #${id}`,
          description: t`Open the merchant with this id`,
          leftSection: <IconBuildingStore size={18} aria-hidden />,
          onClick: () => void navigate({ to: '/merchants/$id', params: { id: Number(id) } }),
        },
        ...PRODUCT_SLUGS.map((product) => ({
          id: `transaction-${product}`,
          label: `${tr(PRODUCT_TITLE[PRODUCT_OF[product]].singular)} #${id}`,
          description: t`Open the transaction with this id`,
          leftSection: <IconArrowsExchange size={18} aria-hidden />,
          onClick: () =>
            void navigate({
              to: '/transactions/$product/$id',
              params: { product, id: Number(id) },
            }),
        })),
        {
          id: 'payout-account',
          label: t`Payout account #${id}`,
          description: t`Open the payout account with this id`,
          leftSection: <IconBuildingBank size={18} aria-hidden />,
          onClick: () => void navigate({ to: '/payout-accounts/$id', params: { id: Number(id) } }),
        },
      ];
    }
    const pages = sandbox ? [...PAGES, { to: '/sandbox', label: msg`Sandbox tools` }] : PAGES;
    const q = query.trim().toLowerCase();
    return pages
      .map((p) => ({ ...p, label: tr(p.label) }))
      .filter((p) => !q || p.label.toLowerCase().includes(q))
      .map((p) => ({
        id: p.to,
        label: p.label,
        description: p.to,
        onClick: () => void navigate({ to: p.to }),
      }));
  }, [id, query, navigate, sandbox, t]);
  const resultCount = groups.reduce((n, g) => n + g.actions.length, 0) + actions.length;
  const mirror = useSelectionMirror();
  // Enter opens the first action: what was found comes first, then the pages or ids to try.
  useEffect(selectFirstAction, [groups, actions]);

  return (
    <Spotlight.Root
      store={goToStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      scrollable
      maxHeight={400}
    >
      {/* A combobox and its listbox (WAI-ARIA): the arrow keys' choice is the active option. */}
      <Spotlight.Search
        placeholder={t`An id (merchant, account, transaction) or a page`}
        leftSection={<IconSearch size={18} aria-hidden />}
        aria-label={t`Go to`}
        role="combobox"
        aria-expanded
        aria-controls={RESULTS_ID}
        aria-autocomplete="list"
      />
      <Spotlight.ActionsList id={RESULTS_ID} role="listbox" aria-label={t`Results`} ref={mirror}>
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.label} label={group.label} role="group">
            {group.actions.map(({ id: key, ...action }) => (
              <Spotlight.Action key={key} {...action} {...optionProps()} />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {actions.length > 0 && (
          <Spotlight.ActionsGroup label={id ? t`Open by id` : t`Pages`} role="group">
            {actions.map(({ id: key, ...action }) => (
              <Spotlight.Action key={key} {...action} {...optionProps()} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {actions.length === 0 && groups.length === 0 && (
          <Spotlight.Empty>
            {found.isFetching
              ? t`Searching…`
              : t`Nothing matches. Try part of a name, an email, the last digits of an IBAN, an amount or an id.`}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      {/* How many results there are, told as they change (a screen reader hears the list grow). */}
      <VisuallyHidden role="status">
        {query.trim() === '' || found.isFetching
          ? ''
          : tr(msg({ message: '{n, plural, one {# result} other {# results}}' }), {
              n: resultCount,
            })}
      </VisuallyHidden>
    </Spotlight.Root>
  );
}

type Navigate = ReturnType<typeof useNavigate>;

/** Records whose id is the one typed first, the rest in the search's order. */
function idFirst<T>(records: T[], idOf: (record: T) => number, id: string | undefined): T[] {
  if (!id) return records;
  const exact = records.filter((r) => String(idOf(r)) === id);
  return [...exact, ...records.filter((r) => String(idOf(r)) !== id)];
}

/** The search's answer as groups of actions, one group per kind of record found. */
function resultGroups(results: SearchResults, navigate: Navigate, id: string | undefined) {
  const groups: Array<{ label: string; actions: SpotlightActionData[] }> = [];
  const add = <T,>(label: string, records: T[], action: (record: T) => SpotlightActionData) => {
    if (records.length > 0) groups.push({ label, actions: records.map(action) });
  };
  /** What is known of a record, the parts it has, in a line. */
  const line = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');
  add(
    tr(msg`Merchants`),
    idFirst(results.merchants, (m) => m.id, id),
    (m) => ({
      id: `merchant-${m.id}`,
      label: m.name,
      description: line(
        `#${m.id}`,
        m.contactEmail,
        m.ownerName && tr(msg`contact of ${ph({ owner: m.ownerName })}`),
      ),
      leftSection: <IconBuildingStore size={18} aria-hidden />,
      onClick: () => void navigate({ to: '/merchants/$id', params: { id: m.id } }),
    }),
  );
  add(
    tr(msg`Payout accounts`),
    idFirst(results.accounts, (a) => a.id, id),
    (a) => ({
      id: `account-${a.id}`,
      label: `${a.accountHolderName} · ${a.currencySymbol}`,
      description: line(
        `#${a.id}`,
        a.iban ?? a.accountNumber,
        a.merchantName && tr(msg`of ${ph({ merchant: a.merchantName })}`),
      ),
      leftSection: <IconBuildingBank size={18} aria-hidden />,
      onClick: () => void navigate({ to: '/payout-accounts/$id', params: { id: a.id } }),
    }),
  );
  add(
    tr(msg`Transactions`),
    idFirst(results.transactions, (t) => t.businessRequestId, id),
    (t) => ({
      id: `transaction-${t.product}-${t.businessRequestId}`,
      label: `${tr(PRODUCT_TITLE[t.product].singular)} #${t.businessRequestId} · ${formatMoney(t.toAmount, t.toCurrencySymbol)}`,
      description: [t.merchantName, t.accountHolderName ? `→ ${t.accountHolderName}` : null]
        .filter(Boolean)
        .join(' '),
      leftSection: <IconArrowsExchange size={18} aria-hidden />,
      onClick: () =>
        void navigate({
          to: '/transactions/$product/$id',
          params: { product: SLUG_OF[t.product], id: t.businessRequestId },
        }),
    }),
  );
  add(tr(msg`Bulk payout files`), results.batches, (b) => ({
    id: `batch-${b.id}`,
    label: b.fileName,
    description: tr(
      msg`${ph({ product: tr(PRODUCT_TITLE[b.product].plural) })} · uploaded ${ph({ when: formatDateTime(b.createdAt) })}`,
    ),
    leftSection: <IconFileSpreadsheet size={18} aria-hidden />,
    onClick: () => void navigate({ to: '/batches/$id', params: { id: b.id } }),
  }));
  return groups;
}
