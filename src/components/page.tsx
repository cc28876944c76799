// Page furniture shared by every screen: the header with its actions, and the empty and loading
// states.
import { Box, Center, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
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

/**
 * Something is on its way: grey blocks where it will stand, so the layout does not jump, and the
 * words for screen readers. `rows` lines of a list or card; `page` adds a page header's blocks.
 */
export function LoadingState({
  label = 'Loading',
  rows = 3,
  page = false,
}: {
  label?: string;
  rows?: number;
  page?: boolean;
}) {
  return (
    <Stack gap="sm" role="status" aria-live="polite" py={page ? 0 : 'sm'} data-loading>
      <VisuallyHidden>{label}…</VisuallyHidden>
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
