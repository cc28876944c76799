// Asks before a change that is hard to take back (a role removed, a person deactivated): what it
// does in words, the server's refusal in the dialog itself, and a button that names the change.
import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '#/components/api-error';
import { Dialog } from '#/components/dialog';

export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  confirmLabel,
  pending,
  error,
  failed = 'Not changed',
  danger = true,
  cancelLabel = 'Keep as it is',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  confirmLabel: string;
  pending: boolean;
  /** Why the last attempt was not done. */
  error?: unknown;
  failed?: string;
  /** The change takes something away (red), or commits to something (the primary colour). */
  danger?: boolean;
  cancelLabel?: string;
  /** What the change does. */
  children: ReactNode;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Stack gap="md">
          {children}
          {error ? <ApiErrorAlert error={error} title={failed} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {cancelLabel}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
