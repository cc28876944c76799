// The end of a form: what the API refused that no field of the form shows, then its one submit
// button, busy while the request runs.
import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from './api-error';

export function SubmitRow({
  mutation,
  failed,
  placed,
  mt,
  children,
}: {
  mutation: { isError: boolean; error: unknown; isPending: boolean };
  /** The alert's title when the API refuses: "Not saved". */
  failed: string;
  /** The form's fields, which show their own API errors. */
  placed?: readonly string[];
  mt?: MantineSpacing;
  /** The button's label. */
  children: ReactNode;
}) {
  return (
    <>
      {mutation.isError && <ApiErrorAlert error={mutation.error} title={failed} placed={placed} />}
      <Group mt={mt}>
        <Button type="submit" loading={mutation.isPending}>
          {children}
        </Button>
      </Group>
    </>
  );
}
