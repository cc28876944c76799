// Approve the quote, approve the deposit, cancel: each confirmed in a dialog that shows the
// amounts, currencies and rate; offered only when the transaction's state allows it, and
// explained when it does not.
import {
  Alert,
  Button,
  FileInput,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFileUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import {
  CANCEL_REASONS,
  type CancelReason,
  type Product,
  type Transaction,
} from '../../../api/schemas/transaction';
import { phaseOf, statusesAllowing, transitionFor } from '../../../api/transaction-states';
import { ApiErrorAlert, errorMessage } from '../../../components/api-error';
import { Dialog } from '../../../components/dialog';
import { Money } from '../../../components/money';
import { humanize } from '../../../lib/format';
import {
  priceQuery,
  useApproveDeposit,
  useApproveQuote,
  useCancelTransaction,
  useUploadFile,
} from '../queries';

type Action = 'approveQuote' | 'approveDeposit' | 'cancel';

const LABEL: Record<Action, string> = {
  approveQuote: 'Approve quote',
  approveDeposit: 'Approve deposit',
  cancel: 'Cancel transaction',
};

/** Why an action is not offered right now, in words; undefined when it is. */
export function whyNot(product: Product, t: Transaction, action: Action): string | undefined {
  if (transitionFor(product, t, action)) return undefined;
  switch (phaseOf(t)) {
    case 'completed':
      return action === 'cancel'
        ? 'A completed transaction has been processed and can no longer be cancelled.'
        : 'The transaction is completed.';
    case 'cancelled':
      return 'The transaction is cancelled.';
    case 'inProgress':
      return 'The deposit is approved; the payout is under way.';
    case 'quoteApproved':
      if (action === 'approveQuote') return 'The quote is already approved.';
      break;
    case 'pending':
    case 'quoted':
      if (action === 'approveDeposit') return 'Approve the quote first.';
      break;
  }
  return `Possible while the transaction is ${statusesAllowing(product, action).map(humanize).join(' or ').toLowerCase()}.`;
}

function Amounts({ product, t }: { product: Product; t: Transaction }) {
  const price = useQuery(
    priceQuery(product, {
      fromCurrencySymbol: t.fromCurrencySymbol,
      toCurrencySymbol: t.toCurrencySymbol,
      toAmount: t.toAmount,
    }),
  );
  const deposit = t.fromAmount ?? price.data?.amount ?? null;
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Amounts">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={170}>Payout</Table.Th>
          <Table.Td>
            <Money amount={t.toAmount} symbol={t.toCurrencySymbol} fw={600} />
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Deposit, fees included</Table.Th>
          <Table.Td>
            <Money amount={deposit} symbol={t.fromCurrencySymbol} fw={600} />
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Rate</Table.Th>
          <Table.Td>
            {price.data ? (
              <Text span ff="monospace" size="sm">
                1 {t.fromCurrencySymbol} = {String(price.data.rate)} {t.toCurrencySymbol}
              </Text>
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
  title,
  children,
  confirm,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirm: ReactNode;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size="lg">
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

export function TransactionActions({
  product,
  transaction: t,
}: {
  product: Product;
  transaction: Transaction;
}) {
  const id = t.businessRequestId;
  const [open, setOpen] = useState<Action | null>(null);
  // One key per dialog opening: a retried click cannot approve twice.
  const idempotencyKey = useMemo(() => (open ? crypto.randomUUID() : ''), [open]);
  const quote = useApproveQuote(product, id);
  const deposit = useApproveDeposit(product, id);
  const cancel = useCancelTransaction(product, id);
  const upload = useUploadFile();
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState<CancelReason>('CLIENT_REQUEST');
  const [otherReason, setOtherReason] = useState('');
  const close = () => {
    setOpen(null);
    quote.reset();
    deposit.reset();
    cancel.reset();
    upload.reset();
  };
  const done = (title: string) => (updated: Transaction) => {
    notifications.show({
      color: 'green',
      title,
      message: `Transaction #${id} is now ${humanize(updated.clientStatus).toLowerCase()}.`,
    });
    close();
  };

  const button = (action: Action, props: { color?: string; variant?: string; icon: ReactNode }) => {
    const reasonNot = whyNot(product, t, action);
    const control = (
      <Button
        color={props.color}
        variant={props.variant ?? 'filled'}
        leftSection={props.icon}
        disabled={reasonNot !== undefined}
        onClick={() => setOpen(action)}
        aria-describedby={reasonNot ? `why-not-${action}` : undefined}
      >
        {LABEL[action]}
      </Button>
    );
    return (
      <div key={action}>
        {reasonNot ? (
          <Tooltip label={reasonNot} withArrow multiline w={260}>
            <span>{control}</span>
          </Tooltip>
        ) : (
          control
        )}
        {reasonNot && (
          <Text id={`why-not-${action}`} size="xs" c="dimmed" maw={220} mt={4}>
            {reasonNot}
          </Text>
        )}
      </div>
    );
  };

  const needsConfirmation = product === 'receive';
  const approveDepositNow = async () => {
    let url: string | undefined;
    if (file) {
      const stored = await upload.mutateAsync(file).catch(() => undefined);
      if (!stored) return;
      url = stored.url;
    }
    deposit.mutate(
      { depositConfirmationUrl: url, idempotencyKey },
      { onSuccess: done('Deposit approved') },
    );
  };

  return (
    <>
      <Group gap="md" align="flex-start" wrap="wrap">
        {button('approveQuote', { icon: <IconCheck size={16} aria-hidden /> })}
        {button('approveDeposit', { icon: <IconCheck size={16} aria-hidden /> })}
        {button('cancel', {
          color: 'red',
          variant: 'light',
          icon: <IconX size={16} aria-hidden />,
        })}
      </Group>

      <ConfirmDialog
        opened={open === 'approveQuote'}
        onClose={close}
        title={`Approve the quote of #${id}?`}
        confirm={
          <Button
            loading={quote.isPending}
            onClick={() => quote.mutate(idempotencyKey, { onSuccess: done('Quote approved') })}
          >
            Approve quote
          </Button>
        }
      >
        <Text size="sm">
          The client agrees to deposit this amount for this payout.{' '}
          {product === 'sendc2f' ? 'A wallet address' : 'Bank details'} to deposit to will follow.
        </Text>
        <Amounts product={product} t={t} />
        {quote.isError && <ApiErrorAlert error={quote.error} title="The quote was not approved" />}
      </ConfirmDialog>

      <ConfirmDialog
        opened={open === 'approveDeposit'}
        onClose={close}
        title={`Approve the deposit of #${id}?`}
        confirm={
          <Button
            loading={deposit.isPending || upload.isPending}
            disabled={needsConfirmation && !file}
            onClick={() => void approveDepositNow()}
          >
            Approve deposit
          </Button>
        }
      >
        <Text size="sm">
          Approve only once the client&apos;s deposit has arrived. The payout follows.
        </Text>
        <Amounts product={product} t={t} />
        {product !== 'sendc2f' && (
          <FileInput
            label="Deposit confirmation"
            description={
              needsConfirmation
                ? 'Required: the bank confirmation of the client’s transfer (PDF, PNG or JPEG, up to 10 MB)'
                : 'Optional: PDF, PNG or JPEG, up to 10 MB'
            }
            placeholder="Choose a file"
            accept="application/pdf,image/png,image/jpeg"
            leftSection={<IconFileUpload size={16} aria-hidden />}
            clearable
            value={file}
            onChange={setFile}
            required={needsConfirmation}
          />
        )}
        {upload.isError && <ApiErrorAlert error={upload.error} title="The file was not uploaded" />}
        {deposit.isError && (
          <ApiErrorAlert error={deposit.error} title="The deposit was not approved" />
        )}
      </ConfirmDialog>

      <ConfirmDialog
        opened={open === 'cancel'}
        onClose={close}
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
                { onSuccess: done('Transaction cancelled') },
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
          data={CANCEL_REASONS.map((r) => ({ value: r, label: humanize(r) }))}
          value={reason}
          onChange={(value) => value && setReason(value as CancelReason)}
          allowDeselect={false}
        />
        {reason === 'OTHER' && (
          <Textarea
            label="What happened"
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
    </>
  );
}
