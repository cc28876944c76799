import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateTime } from './date-time';

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

/** When a record of the API was created and last changed, as two fields of its page. */
export function RecordTimes({
  record,
}: {
  record: { creationTime: number; lastUpdateTime: number };
}) {
  const { t } = useLingui();
  return (
    <>
      <Field label={t`Created`}>
        <DateTime value={record.creationTime} />
      </Field>
      <Field label={t`Last updated`}>
        <DateTime value={record.lastUpdateTime} />
      </Field>
    </>
  );
}

/** A figure under its small dimmed caption, such as a quote's deposit or its rate. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}
