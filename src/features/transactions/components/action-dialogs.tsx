// The three money-moving dialogs of a transaction. Each shows the amounts, currencies and rate,
// sends one Idempotency-Key per opening (a retried click cannot move money twice), announces the
// outcome, and keeps its own input.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Alert, Button, Group, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState, type ReactNode } from 'react';
import {
  CANCEL_REASONS,
  type CancelReason,
  type Product,
  type Transaction,
} from '#/api/schemas/transaction';
import { ApiErrorAlert, errorMessage } from '#/components/api-error';
import { Dialog } from '#/components/dialog';
import { Money } from '#/components/money';
import { valueInWords } from '#/lib/value-words';
import {
  type ApprovalOutcome,
  useApproveDeposit,
  useApproveQuote,
  useCancelTransaction,
  useRejectTransaction,
} from '../queries';
import { RejectDialog } from '#/components/reject-dialog';
import type { TransactionApproval, TransactionControls } from '#/api/controls';
import { useStepUpField } from '#/components/step-up-field';
import { useStepUp } from '../../session/queries';
import {
  ApprovalSummary,
  DepositEvidence,
  MovingRows,
  QUOTE_EXPIRED,
  quoteExpired,
} from './approval-summary';
import { RateText, useDepositOf } from './quote';
import { PairRate } from '#/components/rate';
import { rateOf } from '#/api/rates';
import { UploadFailed, useUploadStep } from './upload-step';
import { UploadInput } from '#/components/upload-input';
import { showDone } from '#/components/notify';
import { tr } from '#/i18n/current';

export interface ActionDialogProps {
  product: Product;
  transaction: Transaction;
  /** What the money controls say about this transaction: what an approval approves. */
  controls?: TransactionControls | undefined;
  opened: boolean;
  onClose: () => void;
  /** The action went through (called before the dialog closes). */
  onDone?: () => void;
  /** The dialog has finished closing. */
  onExited?: () => void;
}

/** A fresh key each time the dialog opens. */
function useKeyPerOpening(opened: boolean) {
  return useMemo(() => (opened ? crypto.randomUUID() : ''), [opened]);
}

/**
 * What every action dialog shares: one idempotency key per opening (a retry inside it is the same
 * request), closing forgets the last attempt's error, and `done` tells the page and closes.
 */
function useDialogAction(
  { opened, onClose, onDone, onExited }: ActionDialogProps,
  ...attempts: Array<{ reset(): void }>
) {
  const idempotencyKey = useKeyPerOpening(opened);
  const close = () => {
    for (const attempt of attempts) attempt.reset();
    onClose();
  };
  const done = () => {
    onDone?.();
    close();
  };
  /** The dialog's own props: open, closed (forgetting the attempt), and gone. */
  const dialog = { opened, onClose: close, onExited };
  return { idempotencyKey, done, dialog };
}

function announce(id: number, title: string, updated: Transaction) {
  const status = valueInWords(updated.clientStatus);
  showDone(title, tr(msg`Transaction #${id} is now “${status}”.`));
}

/** An approval under dual control: done, or recorded while others must still approve. */
function announceApproval(id: number, title: string, outcome: ApprovalOutcome) {
  if (outcome.kind === 'approved') return announce(id, title, outcome.transaction);
  const given = outcome.approval.decisions.filter((d) => d.decision === 'approve').length;
  const missing = outcome.approval.required - given;
  notifications.show({
    color: 'blue',
    title: tr(msg`Your approval is recorded`),
    message: tr(
      msg({
        message:
          '{given} of {required} approvals for #{id}: {missing, plural, one {# more approver must approve before it goes ahead.} other {# more approvers must approve before it goes ahead.}}',
      }),
      { given, required: outcome.approval.required, id, missing },
    ),
  });
}

function Amounts({ product, t }: { product: Product; t: Transaction }) {
  // A quoted transaction's own rate; before its quote, today's price.
  const quoted = rateOf(t);
  const { amount: deposit, current, price } = useDepositOf(product, t, { withRate: !quoted });
  const { t: say } = useLingui();
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={say`Amounts`}>
      <Table.Tbody>
        <MovingRows
          t={t}
          deposit={<Money amount={deposit} symbol={t.fromCurrencySymbol} fw={600} />}
          current={current}
        />
        <Table.Tr>
          <Table.Th>
            <Trans>Rate</Trans>
          </Table.Th>
          <Table.Td>
            {quoted ? (
              <PairRate
                from={t.fromCurrencySymbol}
                to={t.toCurrencySymbol}
                rate={quoted.rate}
                derived={!quoted.given}
              />
            ) : price.data ? (
              <RateText price={price.data} />
            ) : price.isError ? (
              <Text span size="sm" c="dimmed">
                {say`not available: ${errorMessage(price.error)}`}
              </Text>
            ) : (
              <Text span size="sm" c="dimmed">
                <Trans>loading…</Trans>
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function ConfirmDialog({
  opened,
  onClose,
  onExited,
  title,
  children,
  confirm,
}: {
  opened: boolean;
  onClose: () => void;
  onExited?: (() => void) | undefined;
  title: string;
  children: ReactNode;
  confirm: ReactNode;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} onExited={onExited} title={title} size="lg">
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Back</Trans>
          </Button>
          {confirm}
        </Group>
      </Stack>
    </Dialog>
  );
}

/** What the approver sees: the controls' summary once read, the amounts before. */
function WhatIsApproved({
  product,
  t,
  controls,
  action,
}: {
  product: Product;
  t: Transaction;
  controls: TransactionControls | undefined;
  action: TransactionApproval;
}) {
  return controls ? (
    <ApprovalSummary transaction={t} controls={controls} action={action} />
  ) : (
    <Amounts product={product} t={t} />
  );
}

export function ApproveQuoteDialog(props: ActionDialogProps) {
  const { product, transaction: t, controls } = props;
  const id = t.businessRequestId;
  const quote = useApproveQuote(product, id);
  const { idempotencyKey, done, dialog } = useDialogAction(props, quote);
  const expired = quoteExpired(controls);
  const { t: say } = useLingui();
  return (
    <ConfirmDialog
      {...dialog}
      title={say`Approve the quote of #${id}?`}
      confirm={
        <Button
          data-autofocus
          disabled={expired}
          loading={quote.isPending}
          onClick={() =>
            quote.mutate(
              { idempotencyKey },
              {
                onSuccess: (outcome) => {
                  announceApproval(id, say`Quote approved`, outcome);
                  done();
                },
              },
            )
          }
        >
          <Trans>Approve quote</Trans>
        </Button>
      }
    >
      <Text size="sm">
        {tr(
          msg({
            message:
              '{product, select, sendc2f {The client agrees to deposit this amount for this payout. A wallet address to deposit to will follow.} sendf2f {The client agrees to deposit this amount for this end to end transfer. Bank details to deposit to will follow.} other {The client agrees to deposit this amount for this collection. Bank details to deposit to will follow.}}',
          }),
          { product },
        )}
      </Text>
      <WhatIsApproved product={product} t={t} controls={controls} action="approveQuote" />
      {expired && (
        <Alert color="red" variant="light" title={say`This quote has expired`}>
          <Text size="sm">{QUOTE_EXPIRED.todo}</Text>
        </Alert>
      )}
      {quote.isError && (
        <ApiErrorAlert error={quote.error} title={say`The quote was not approved`} />
      )}
    </ConfirmDialog>
  );
}

export function ApproveDepositDialog(props: ActionDialogProps) {
  const { product, transaction: t, controls } = props;
  const id = t.businessRequestId;
  const deposit = useApproveDeposit(product, id);
  const upload = useUploadStep();
  const stepUp = useStepUpField(useStepUp(), () => release());
  const [file, setFile] = useState<File | null>(null);
  const needsConfirmation = product === 'receive';
  const { t: say } = useLingui();
  const { idempotencyKey, done, dialog } = useDialogAction(props, deposit, upload, stepUp);
  const approve = () =>
    upload.then(file, (depositConfirmationUrl) =>
      deposit.mutate(
        {
          body:
            product === 'sendc2f'
              ? undefined
              : depositConfirmationUrl
                ? { depositConfirmationUrl }
                : {},
          idempotencyKey,
        },
        {
          onSuccess: (outcome) => {
            announceApproval(id, say`Deposit approved`, outcome);
            done();
          },
          onError: stepUp.noteError,
        },
      ),
    );
  const release = () => {
    if (needsConfirmation && !file) return;
    void stepUp.before(() => void approve());
  };
  return (
    <ConfirmDialog
      {...dialog}
      title={say`Approve the deposit of #${id}?`}
      confirm={
        <Button
          data-autofocus={needsConfirmation ? undefined : true}
          loading={deposit.isPending || upload.pending || stepUp.pending}
          disabled={needsConfirmation && !file}
          onClick={release}
        >
          <Trans>Approve deposit</Trans>
        </Button>
      }
    >
      <DepositEvidence product={product} t={t} />
      <WhatIsApproved product={product} t={t} controls={controls} action="approveDeposit" />
      {product !== 'sendc2f' && (
        <UploadInput
          label={say`Deposit confirmation`}
          description={
            needsConfirmation
              ? say`Required: the bank confirmation of the client’s transfer (PDF, PNG or JPEG, up to 10 MB)`
              : say`Optional: PDF, PNG or JPEG, up to 10 MB`
          }
          value={file}
          onChange={setFile}
          required={needsConfirmation}
        />
      )}
      <UploadFailed error={upload.failed} what="file" />
      {stepUp.field}
      {deposit.isError && (
        <ApiErrorAlert error={deposit.error} title={say`The deposit was not approved`} />
      )}
    </ConfirmDialog>
  );
}

export function CancelDialog(props: ActionDialogProps) {
  const { product, transaction: t } = props;
  const id = t.businessRequestId;
  const cancel = useCancelTransaction(product, id);
  const [reason, setReason] = useState<CancelReason>('CLIENT_REQUEST');
  const [otherReason, setOtherReason] = useState('');
  const { idempotencyKey, done, dialog } = useDialogAction(props, cancel);
  const { t: say } = useLingui();
  return (
    <ConfirmDialog
      {...dialog}
      title={say`Cancel #${id}?`}
      confirm={
        <Button
          color="red"
          loading={cancel.isPending}
          disabled={reason === 'OTHER' && otherReason.trim() === ''}
          onClick={() =>
            cancel.mutate(
              {
                body: {
                  reason,
                  ...(reason === 'OTHER' ? { otherReason: otherReason.trim() } : {}),
                },
                idempotencyKey,
              },
              {
                onSuccess: (updated) => {
                  announce(id, say`Transaction cancelled`, updated);
                  done();
                },
              },
            )
          }
        >
          <Trans>Cancel transaction</Trans>
        </Button>
      }
    >
      <Alert color="red" variant="light">
        <Text size="sm">
          <Trans>Cancelling cannot be undone. Nothing is paid out.</Trans>
        </Text>
      </Alert>
      <Amounts product={product} t={t} />
      <Select
        label={say`Reason`}
        data={CANCEL_REASONS.map((r) => ({ value: r, label: valueInWords(r) }))}
        value={reason}
        onChange={(value) => value && setReason(value as CancelReason)}
        allowDeselect={false}
      />
      {reason === 'OTHER' && (
        <Textarea
          label={say`What happened`}
          description={say`Kept with the transaction and shown on its page · ${otherReason.length} of 500 characters`}
          required
          maxLength={500}
          value={otherReason}
          onChange={(e) => setOtherReason(e.currentTarget.value)}
        />
      )}
      {cancel.isError && (
        <ApiErrorAlert error={cancel.error} title={say`The transaction was not cancelled`} />
      )}
    </ConfirmDialog>
  );
}

/** Rejecting the approval the transaction waits for: it is cancelled and its creator told why. */
export function RejectApprovalDialog(
  props: ActionDialogProps & { action: TransactionApproval; creator?: string | undefined },
) {
  const { product, transaction: t, action, creator } = props;
  const id = t.businessRequestId;
  const reject = useRejectTransaction(product, id);
  const { done, dialog } = useDialogAction(props, reject);
  const quote = action === 'approveQuote';
  const { t: say } = useLingui();
  return (
    <RejectDialog
      {...dialog}
      title={quote ? say`Reject the quote of #${id}?` : say`Reject the deposit of #${id}?`}
      confirmLabel={say`Reject and cancel #${id}`}
      pending={reject.isPending}
      error={reject.isError ? reject.error : undefined}
      onReject={(reason) =>
        reject.mutate(
          { action, reason },
          {
            onSuccess: (rejected) => {
              const status = valueInWords(rejected.transaction.clientStatus);
              showDone(
                quote ? say`The quote is rejected` : say`The deposit is rejected`,
                creator
                  ? say`Transaction #${id} is “${status}”; ${creator} is told your reason.`
                  : say`Transaction #${id} is “${status}”; whoever created it is told your reason.`,
              );
              done();
            },
          },
        )
      }
    >
      <Alert color="red" variant="light">
        <Text size="sm">
          {tr(
            msg({
              message:
                '{product, select, sendc2f {Rejecting cancels payout #{id} through the API: nothing is paid out, and it cannot be undone. The API is given your reason with the cancellation.} sendf2f {Rejecting cancels end to end transfer #{id} through the API: nothing is paid out, and it cannot be undone. The API is given your reason with the cancellation.} other {Rejecting cancels collection #{id} through the API: nothing is paid out, and it cannot be undone. A collection’s cancellation takes no reason, so the reason is kept here.}}',
            }),
            { product, id },
          )}
        </Text>
      </Alert>
      <Amounts product={product} t={t} />
    </RejectDialog>
  );
}
