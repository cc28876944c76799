// Asks before a change that is hard to take back (a role removed, a person deactivated): what it
// does in words, the server's refusal in the dialog itself, and a button that names the change.
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { ApiErrorAlert } from '#/components/api-error';
import { Dialog } from '#/components/dialog';

/**
 * The form inside a dialog that confirms something: its content, the refusal of the last attempt
 * in words, and the way back beside the button that names the change (reject dialogs too).
 */
export function ConfirmForm({
  onSubmit,
  onBack,
  backLabel,
  backFocused = false,
  confirmLabel,
  danger = true,
  pending,
  error,
  failed,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
  backLabel: string;
  /** The way back takes the focus when the dialog opens (nothing in it to type into). */
  backFocused?: boolean;
  confirmLabel: string;
  /** The change takes something away (red), or commits to something (the primary colour). */
  danger?: boolean;
  pending: boolean;
  /** Why the last attempt was not done. */
  error?: unknown;
  failed: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        {error ? <ApiErrorAlert error={error} title={failed} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} data-autofocus={backFocused || undefined}>
            {backLabel}
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  confirmLabel,
  pending,
  error,
  failed,
  danger = true,
  cancelLabel,
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
  const { t } = useLingui();
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <ConfirmForm
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
        onBack={onClose}
        backLabel={cancelLabel ?? t`Keep as it is`}
        backFocused
        confirmLabel={confirmLabel}
        danger={danger}
        pending={pending}
        error={error}
        failed={failed ?? t`Not changed`}
      >
        {children}
      </ConfirmForm>
    </Dialog>
  );
}
