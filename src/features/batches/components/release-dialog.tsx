// Releasing a bulk file's money in one confirmed step (docs/decisions/041): the summary of what
// moves (totals per currency, how many payments, the new payees), and the authenticator's code
// where the person has one and has not given it within the workspace's window.
import { Button, Group, List, Stack, Table, Text } from '@mantine/core';
import type { Batch, BatchRow } from '#/api/batches';
import { Dialog } from '#/components/dialog';
import { useStepUpField } from '#/components/step-up-field';
import { useStepUp } from '../../session/queries';
import { Totals } from './batch-bits';

export interface ReleaseSummary {
  payments: number;
  /** What is paid out, per currency. */
  payouts: Batch['totals'];
  /** What the deposits come to, per currency (once quoted). */
  deposits: Batch['totals'];
  rows: readonly BatchRow[];
}

/** The accounts of these rows that have never been paid, by name. */
function newPayees(rows: readonly BatchRow[]) {
  const seen = new Map<number, string>();
  for (const r of rows)
    if (r.payee?.firstPayment && !seen.has(r.payee.accountId))
      seen.set(
        r.payee.accountId,
        `${r.payee.accountHolderName ?? `Account #${r.payee.accountId}`} (${r.payee.bankName ?? 'bank not given'}, ${r.payee.number})`,
      );
  return [...seen.values()];
}

export function ReleaseDialog({
  opened,
  onClose,
  title,
  confirmLabel,
  summary,
  onConfirm,
  pending,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  summary: ReleaseSummary;
  /** Called once the second factor (if asked) is given; `noteError` tells it what followed. */
  onConfirm: (noteError: (error: unknown) => void) => void;
  pending: boolean;
  error?: React.ReactNode;
}) {
  const stepUp = useStepUpField(useStepUp(), () => release());
  const release = () => void stepUp.before(() => onConfirm(stepUp.noteError));
  const payees = newPayees(summary.rows);
  const close = () => {
    stepUp.reset();
    onClose();
  };
  return (
    <Dialog opened={opened} onClose={close} title={title} size="lg">
      <Stack gap="md">
        <Table variant="vertical" layout="fixed" withTableBorder aria-label="What is released">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={{ base: 112, xs: 170 }}>Payments</Table.Th>
              <Table.Td>{summary.payments}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Paid out</Table.Th>
              <Table.Td>
                <Totals totals={summary.payouts} rows={false} />
              </Table.Td>
            </Table.Tr>
            {summary.deposits.length > 0 && (
              <Table.Tr>
                <Table.Th>Deposits, fees included</Table.Th>
                <Table.Td>
                  <Totals totals={summary.deposits} rows={false} />
                </Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th>New payees</Table.Th>
              <Table.Td>
                {payees.length === 0 ? (
                  <Text size="sm">None: every account has been paid before.</Text>
                ) : (
                  <>
                    <Text size="sm" fw={600}>
                      {payees.length} account{payees.length === 1 ? '' : 's'} never paid before
                    </Text>
                    <List size="sm">
                      {payees.slice(0, 8).map((p) => (
                        <List.Item key={p}>{p}</List.Item>
                      ))}
                    </List>
                    {payees.length > 8 && (
                      <Text size="xs" c="dimmed">
                        and {payees.length - 8} more: see the rows.
                      </Text>
                    )}
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {stepUp.field}
        {error}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Back
          </Button>
          <Button
            data-autofocus={stepUp.shown ? undefined : true}
            loading={pending || stepUp.pending}
            onClick={release}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
