// A list page of the local index (merchants, payout accounts, each product's transactions): its
// header with saved views and the button that creates one, the search box, a status filter, the
// list's own filters, the sort, "Clear filters", and the rows with their pager. Everything a
// person chooses is in the URL (`useListSearch`), so a reload, a link or a saved view shows the
// same rows.
import { useLingui } from '@lingui/react/macro';
import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SavedViewCreate } from '#/api/local-index';
import { FileDownload } from '#/components/file-download';
import { EmptyState, PageHeader } from '#/components/page';
import type { ListPage as Page } from '#/components/pager';
import { usePermission } from '#/features/session/queries';
import { useListSearch } from '../list-search';
import {
  type Choice,
  ClearFilters,
  CollapsibleFilters,
  IndexedList,
  ListControls,
  SearchBox,
  SortSelect,
  StatusFilter,
} from './list-controls';
import { MerchantPicker } from './record-picker';
import { SavedViews } from './saved-views';

interface Control<Value> {
  choices: Choice[];
  value: Value;
  onChange: (value: Value) => void;
}

/** What the page says when no row shows: `title` and a hint at what to do. */
interface Empty {
  title: string;
  hint: string;
}

export function IndexedListPage({
  title,
  description,
  views,
  csv,
  create,
  search,
  status,
  merchant,
  filters,
  sort,
  filtered,
  page,
  fetching,
  label,
  noMatch,
  none,
  children,
}: {
  title: string;
  description: string;
  /** The list its saved views belong to. */
  views: SavedViewCreate['list'];
  /** The rows the filters select as a CSV file: where it downloads from, and its name. */
  csv: { url: string; fileName: string };
  /** The link that creates a record, shown to those whose roles allow `operation`. */
  create: { operation: string; link: ReactNode };
  /** The search box, bound to `?q`: its label, placeholder and current text. */
  search: { label: string; placeholder: string; q: string | undefined };
  status: Control<string[] | undefined> & { label: string };
  /** The merchant filter, for lists that have one: `?businessId`. */
  merchant?: number | undefined | false;
  /** The list's own filters, between the status (or merchant) and the sort. */
  filters?: ReactNode;
  sort: Control<string>;
  /** Whether any filter is set: "Clear filters" shows, and an empty list says nothing matched. */
  filtered: boolean;
  page: Page;
  fetching: boolean;
  /** What the pager counts, e.g. "payout accounts". */
  label: string;
  noMatch: Empty;
  /** When the list has no record at all. */
  none: Empty;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const list = useListSearch<{ start: number; limit: number; q?: string; businessId?: number }>();
  const canCreate = usePermission(create.operation).allowed;
  const empty: Empty = filtered
    ? noMatch
    : page.start > 0
      ? { title: t`No more ${label}`, hint: t`Go back a page.` }
      : none;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Group gap="sm">
            <SavedViews list={views} />
            <FileDownload
              url={csv.url}
              label={t`Export CSV`}
              noun={label}
              fileName={csv.fileName}
            />
            {canCreate && create.link}
          </Group>
        }
      />
      <ListControls>
        <SearchBox
          label={search.label}
          placeholder={search.placeholder}
          value={search.q}
          onChange={(q) => list.filter({ q })}
        />
        <CollapsibleFilters filtered={filtered}>
          <StatusFilter {...status} />
          {merchant !== false && (
            <MerchantPicker
              value={merchant}
              onChange={(businessId) => list.filter({ businessId })}
            />
          )}
          {filters}
          <SortSelect {...sort} />
          <ClearFilters shown={filtered} onClear={list.clear} />
        </CollapsibleFilters>
      </ListControls>
      <IndexedList
        page={page}
        fetching={fetching}
        label={label}
        empty={<EmptyState title={empty.title}>{empty.hint}</EmptyState>}
        onPage={list.page}
      >
        {children}
      </IndexedList>
    </>
  );
}
