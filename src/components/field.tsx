import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value on a record's page; an empty value reads as a dash. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {empty ? '—' : children}
      </Text>
    </div>
  );
}
