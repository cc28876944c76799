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

/**
 * The submit button of a form laid out on one line with its fields: it stands level with the
 * inputs, below their labels, and stays there when a field shows an error under it.
 */
export function InlineSubmit({
  busy,
  icon,
  color,
  variant,
  disabled,
  children,
}: {
  busy: boolean;
  icon?: ReactNode;
  color?: string;
  variant?: 'default' | 'filled';
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      mt={LABEL_HEIGHT}
      color={color}
      variant={variant}
      leftSection={icon}
      loading={busy}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}

/** The height of an input's label at the default size, in pixels. */
const LABEL_HEIGHT = 25;
