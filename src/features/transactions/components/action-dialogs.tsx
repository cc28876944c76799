// The three money-moving dialogs of a transaction. Each shows the amounts, currencies and rate,
// sends one Idempotency-Key per opening (a retried click cannot move money twice), announces the
// outcome, and keeps its own input.
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
import { PRODUCT_TITLE } from '#/lib/products';
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
  showDone(title, `Transaction #${id} is now ${valueInWords(updated.clientStatus).toLowerCase()}.`);
}

/** An approval under dual control: done, or recorded while others must still approve. */
function announceApproval(id: number, title: string, outcome: ApprovalOutcome) {
  if (outcome.kind === 'approved') return announce(id, title, outcome.transaction);
  const given = outcome.approval.decisions.filter((d) => d.decision === 'approve').length;
  const missing = outcome.approval.required - given;
  notifications.show({
    color: 'blue',
    title: 'Your approval is recorded',
    message: `${given} of ${outcome.approval.required} approvals for #${id}: ${missing} more approver${missing === 1 ? '' : 's'} must approve before it goes ahead.`,
  });
}

function Amounts({ product, t }: { product: Product; t: Transaction }) {
  // A quoted transaction's own rate; before its quote, today's price.
  const quoted = rateOf(t);
  const { amount: deposit, current, price } = useDepositOf(product, t, { withRate: !quoted });
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Amounts">
      <Table.Tbody>
        <MovingRows
          t={t}
          deposit={<Money amount={deposit} symbol={t.fromCurrencySymbol} fw={600} />}
          current={current}
        />
        <Table.Tr>
          <Table.Th>Rate</Table.Th>
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
                not available: {errorMessage(price.error)}
              </Text>
            ) : (
              <Text span size="sm" c="dimmed">
                loading…
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
            Back
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
  return (
    <ConfirmDialog
      {...dialog}
      title={`Approve the quote of #${id}?`}
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
                  announceApproval(id, 'Quote approved', outcome);
                  done();
                },
              },
            )
          }
        >
          Approve quote
        </Button>
      }
    >
      <Text size="sm">
        The client agrees to deposit this amount for this{' '}
        {tr(PRODUCT_TITLE[product].singular).toLowerCase()}.{' '}
        {product === 'sendc2f' ? 'A wallet address' : 'Bank details'} to deposit to will follow.
      </Text>
      <WhatIsApproved product={product} t={t} controls={controls} action="approveQuote" />
      {expired && (
        <Alert color="red" variant="light" title="This quote has expired">
          <Text size="sm">{QUOTE_EXPIRED.todo}</Text>
        </Alert>
      )}
      {quote.isError && <ApiErrorAlert error={quote.error} title="The quote was not approved" />}
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
            announceApproval(id, 'Deposit approved', outcome);
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
      title={`Approve the deposit of #${id}?`}
      confirm={
        <Button
          data-autofocus={needsConfirmation ? undefined : true}
          loading={deposit.isPending || upload.pending || stepUp.pending}
          disabled={needsConfirmation && !file}
          onClick={release}
        >
          Approve deposit
        </Button>
      }
    >
      <DepositEvidence product={product} t={t} />
      <WhatIsApproved product={product} t={t} controls={controls} action="approveDeposit" />
      {product !== 'sendc2f' && (
        <UploadInput
          label="Deposit confirmation"
          description={
            needsConfirmation
              ? 'Required: the bank confirmation of the client’s transfer (PDF, PNG or JPEG, up to 10 MB)'
              : 'Optional: PDF, PNG or JPEG, up to 10 MB'
          }
          value={file}
          onChange={setFile}
          required={needsConfirmation}
        />
      )}
      <UploadFailed error={upload.failed} what="file" />
      {stepUp.field}
      {deposit.isError && (
        <ApiErrorAlert error={deposit.error} title="The deposit was not approved" />
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
  return (
    <ConfirmDialog
      {...dialog}
      title={`Cancel #${id}?`}
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
                  announce(id, 'Transaction cancelled', updated);
                  done();
                },
              },
            )
          }
        >
          Cancel transaction
        </Button>
      }
    >
      <Alert color="red" variant="light">
        <Text size="sm">Cancelling cannot be undone. Nothing is paid out.</Text>
      </Alert>
      <Amounts product={product} t={t} />
      <Select
        label="Reason"
        data={CANCEL_REASONS.map((r) => ({ value: r, label: valueInWords(r) }))}
        value={reason}
        onChange={(value) => value && setReason(value as CancelReason)}
        allowDeselect={false}
      />
      {reason === 'OTHER' && (
        <Textarea
          label="What happened"
          description={`Kept with the transaction and shown on its page · ${otherReason.length} of 500 characters`}
          required
          maxLength={500}
          value={otherReason}
          onChange={(e) => setOtherReason(e.currentTarget.value)}
        />
      )}
      {cancel.isError && (
        <ApiErrorAlert error={cancel.error} title="The transaction was not cancelled" />
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
  const what = action === 'approveQuote' ? 'quote' : 'deposit';
  return (
    <RejectDialog
      {...dialog}
      title={`Reject the ${what} of #${id}?`}
      confirmLabel={`Reject and cancel #${id}`}
      pending={reject.isPending}
      error={reject.isError ? reject.error : undefined}
      onReject={(reason) =>
        reject.mutate(
          { action, reason },
          {
            onSuccess: (rejected) => {
              showDone(
                `The ${what} is rejected`,
                `Transaction #${id} is ${valueInWords(rejected.transaction.clientStatus).toLowerCase()}; ${creator ?? 'whoever created it'} is told your reason.`,
              );
              done();
            },
          },
        )
      }
    >
      <Alert color="red" variant="light">
        <Text size="sm">
          Rejecting cancels {tr(PRODUCT_TITLE[product].singular).toLowerCase()} #{id} through the
          API: nothing is paid out, and it cannot be undone.{' '}
          {product === 'receive'
            ? 'A collection’s cancellation takes no reason, so the reason is kept here.'
            : 'The API is given your reason with the cancellation.'}
        </Text>
      </Alert>
      <Amounts product={product} t={t} />
    </RejectDialog>
  );
}
