// Rejecting with a reason, whatever is rejected (a transaction's approval, new bank details):
// what the rejection does, the reason (required, as the server requires it), and the button.
import { useLingui } from '@lingui/react/macro';
import { Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { RejectBody } from '#/api/controls';
import { Dialog } from '#/components/dialog';
import { ConfirmForm } from '#/components/confirm-dialog';
import { fieldError } from '#/lib/field-error';

export function RejectDialog({
  opened,
  onClose,
  onReject,
  pending,
  title,
  confirmLabel,
  children,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
  pending: boolean;
  /** What is rejected; by default a change that waits for a second person. */
  title?: string;
  confirmLabel?: string;
  /** What is rejected and what the rejection does, above the reason. */
  children?: ReactNode;
  /** Why the last attempt was not done. */
  error?: unknown;
}) {
  const { t } = useLingui();
  const form = useForm<RejectBody>({
    resolver: zodResolver(RejectBody),
    defaultValues: { reason: '' },
  });
  return (
    <Dialog opened={opened} onClose={onClose} title={title ?? t`Reject the change`} size="lg">
      <ConfirmForm
        onSubmit={form.handleSubmit(({ reason }) => onReject(reason.trim()))}
        onBack={onClose}
        backLabel={t`Back`}
        confirmLabel={confirmLabel ?? t`Reject change`}
        pending={pending}
        error={error}
        failed={t`Not rejected`}
      >
        {children}
        <Textarea
          label={t`Reason`}
          description={t`Whoever asked sees this, and it stays on the record.`}
          {...form.register('reason')}
          error={fieldError(t`Reason`, form.formState.errors.reason?.message)}
          maxLength={500}
          autosize
          minRows={2}
          data-autofocus
        />
      </ConfirmForm>
    </Dialog>
  );
}

/** A decision on a change that waits for a second person, as its mutation takes it. */
interface ChangeDecision {
  isPending: boolean;
  mutate(
    decision: { id: string; decision: 'reject'; reason: string },
    options: { onSuccess: () => void },
  ): void;
}

/** Rejecting a change that waits for a second person: closes once the rejection is recorded. */
export function RejectChangeDialog({
  id,
  decide,
  opened,
  onClose,
  onRejected,
  children,
}: {
  id: string;
  decide: ChangeDecision;
  opened: boolean;
  onClose: () => void;
  onRejected?: () => void;
  /** What is rejected and what the rejection does. */
  children: ReactNode;
}) {
  return (
    <RejectDialog
      opened={opened}
      onClose={onClose}
      pending={decide.isPending}
      onReject={(reason) =>
        decide.mutate(
          { id, decision: 'reject', reason },
          {
            onSuccess: () => {
              onClose();
              onRejected?.();
            },
          },
        )
      }
    >
      {children}
    </RejectDialog>
  );
}
