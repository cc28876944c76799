// Server pagination: the API says whether more records follow, not how many there are.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export const PAGE_SIZES = [20, 50, 100];

/** A page of a list as the APIs answer it: where it starts, its size and whether more follow. */
export interface ListPage {
  start: number;
  limit: number;
  results: readonly unknown[];
  hasMore: boolean;
}

export function Pager({
  page: { start, limit, results, hasMore },
  onChange,
  label,
}: {
  page: ListPage;
  onChange: (page: { start: number; limit: number }) => void;
  label: string;
}) {
  const shown = results.length;
  const { t } = useLingui();
  const from = shown === 0 ? 0 : start + 1;
  const to = start + shown;
  const named = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {shown === 0 ? t`No ${label}` : t`${named} ${from}–${to}`}
      </Text>
      <Group gap="xs">
        <Select
          aria-label={t`Rows per page`}
          w={130}
          size="xs"
          value={String(limit)}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: t`${n} per page` }))}
          onChange={(value) => value && onChange({ start: 0, limit: Number(value) })}
          allowDeselect={false}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconChevronLeft size={14} aria-hidden />}
          disabled={start === 0}
          onClick={() => onChange({ start: Math.max(0, start - limit), limit })}
        >
          <Trans>Previous</Trans>
        </Button>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronRight size={14} aria-hidden />}
          disabled={!hasMore}
          onClick={() => onChange({ start: start + limit, limit })}
        >
          <Trans>Next</Trans>
        </Button>
      </Group>
    </Group>
  );
}
