// The controls every list shares: one search box, status filters and the sort, all kept in the
// page's URL so that a filtered list can be reloaded, bookmarked, shared or saved as a view.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, MultiSelect, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import classes from './list-controls.module.css';
import type { ReactNode } from 'react';
import { type ListPage, Pager } from '#/components/pager';
import type { Choice } from '#/components/filters';
import { Freshness } from './freshness';

export type { Choice } from '#/components/filters';

export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string | undefined;
  onChange: (q: string | undefined) => void;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState(value ?? '');
  // The URL changed by other means (a saved view, back): the box follows.
  useEffect(() => setText(value ?? ''), [value]);
  const commit = useDebouncedCallback((q: string) => onChange(q.trim() || undefined), 250);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      w={{ base: '100%', sm: 300 }}
      type="search"
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text.trim() || undefined);
      }}
    />
  );
}

/**
 * A text filter applied when the person leaves the box or presses Enter, not on every key; it
 * follows the URL's value when that changes by other means, and keeps the focus when it applies.
 */
export function StatusFilter({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: Choice[];
  value: string[] | undefined;
  onChange: (values: string[] | undefined) => void;
}) {
  const { t } = useLingui();
  return (
    <MultiSelect
      label={label}
      placeholder={value?.length ? undefined : t`Any`}
      data={choices}
      value={value ?? []}
      onChange={(values) => onChange(values.length ? values : undefined)}
      clearable
      w={{ base: '100%', sm: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function SortSelect({
  choices,
  value,
  onChange,
}: {
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={t`Sort by`}
      data={choices}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v)}
      w={{ base: '100%', sm: 200 }}
    />
  );
}

export function ListControls({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      {children}
    </Group>
  );
}

/**
 * A list's filters: in line from the `sm` breakpoint up; on a phone behind one "Filters and sort"
 * button (`aria-expanded`), so that the list starts on the first screen (docs/decisions/072).
 */
export function CollapsibleFilters({
  filtered,
  children,
}: {
  /** Some filter is set: the button says so. */
  filtered: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        hiddenFrom="sm"
        variant="default"
        fullWidth
        leftSection={<IconFilter size={16} aria-hidden />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? t`Hide filters` : filtered ? t`Filters (some set)` : t`Filters and sort`}
      </Button>
      <div id={id} className={classes.filters} data-open={open || undefined}>
        {children}
      </div>
    </>
  );
}

/** Shown while any filter is set: back to the whole list. */
export function ClearFilters({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  if (!shown) return null;
  return (
    <Button variant="subtle" onClick={onClear}>
      <Trans>Clear filters</Trans>
    </Button>
  );
}

/**
 * A list drawn from the local index: how fresh it is, its rows (or `empty` when there are none)
 * and the pager.
 */
export function IndexedList({
  page,
  fetching,
  label,
  empty,
  onPage,
  children,
}: {
  page: ListPage;
  fetching: boolean;
  /** What the pager counts, e.g. "payout accounts". */
  label: string;
  empty: ReactNode;
  onPage: (page: { start: number; limit: number }) => void;
  children: ReactNode;
}) {
  return (
    // A refetch shows a small spinner, not a faded list: fading takes the dimmed text under the
    // contrast people need to read it.
    <Paper withBorder radius="md" p="md" aria-busy={fetching}>
      <Group justify="flex-end" mb="xs" gap="xs">
        <Loader size={14} aria-hidden style={{ visibility: fetching ? 'visible' : 'hidden' }} />
        <Freshness />
      </Group>
      {page.results.length === 0 ? empty : children}
      <Pager label={label} page={page} onChange={onPage} />
    </Paper>
  );
}
