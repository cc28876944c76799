// Page furniture shared by every screen: the header with its actions, the panels a page is made
// of, and the empty and loading states.
import {
  Box,
  Center,
  Group,
  Paper,
  type PaperProps,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  description,
  actions,
  badge,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="md">
      <Box>
        <Group gap="sm" align="center">
          <Title order={1} fz={26}>
            {title}
          </Title>
          {badge}
        </Group>
        {description && (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        )}
      </Box>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

/** A page that is one form: the header (its title also names the browser tab) and the form in a card. */
export function FormPage({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Partner Payments`);
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder radius="md" p="lg">
        {children}
      </Paper>
    </>
  );
}

/**
 * One part of a page: a bordered card under its heading (a level-2 title), with `actions` at the
 * heading's right and a dimmed `description` under it.
 */
export function Panel({
  title,
  actions,
  description,
  children,
  ...paper
}: {
  title: ReactNode;
  actions?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  id?: string;
  'data-testid'?: string;
} & Omit<PaperProps, 'title'>) {
  const heading = (
    <Title order={2} fz="lg" mb={description ? 4 : actions ? 0 : 'sm'}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="lg" radius="md" {...paper}>
      {actions ? (
        <Group justify="space-between" mb="sm" wrap="wrap">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * Something is on its way: grey blocks where it will stand, so the layout does not jump, and the
 * words for screen readers. `rows` lines of a list or card; `page` adds a page header's blocks.
 */
export function LoadingState({
  label,
  rows = 3,
  page = false,
}: {
  label?: string;
  rows?: number;
  page?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="status" aria-live="polite" py={page ? 0 : 'sm'} data-loading>
      <VisuallyHidden>{label ?? t`Loading`}…</VisuallyHidden>
      {page && (
        <>
          <Skeleton h={30} w={260} maw="70%" radius="sm" aria-hidden />
          <Skeleton h={14} w={420} maw="90%" radius="sm" mb="md" aria-hidden />
        </>
      )}
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={page && i === 0 ? 160 : 36} radius="md" aria-hidden />
      ))}
    </Stack>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center py={48}>
      <Stack align="center" gap={4} maw={420}>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text c="dimmed" size="sm" ta="center">
            {children}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
