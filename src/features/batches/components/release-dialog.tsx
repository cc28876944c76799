// Releasing a bulk file's money in one confirmed step (docs/decisions/041): the summary of what
// moves (totals per currency, how many payments, the new payees), and the authenticator's code
// where the person has one and has not given it within the workspace's window.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
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
        tr(
          msg`${r.payee.accountHolderName ?? tr(msg`Account #${r.payee.accountId}`)} (${r.payee.bankName ?? tr(msg`bank not given`)}, ${r.payee.number})`,
        ),
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
  const { t } = useLingui();
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
        <Table variant="vertical" layout="fixed" withTableBorder aria-label={t`What is released`}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={{ base: 112, xs: 170 }}>
                <Trans>Payments</Trans>
              </Table.Th>
              <Table.Td>{summary.payments}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <Trans>Paid out</Trans>
              </Table.Th>
              <Table.Td>
                <Totals totals={summary.payouts} rows={false} />
              </Table.Td>
            </Table.Tr>
            {summary.deposits.length > 0 && (
              <Table.Tr>
                <Table.Th>
                  <Trans>Deposits, fees included</Trans>
                </Table.Th>
                <Table.Td>
                  <Totals totals={summary.deposits} rows={false} />
                </Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th>
                <Trans>New payees</Trans>
              </Table.Th>
              <Table.Td>
                {payees.length === 0 ? (
                  <Text size="sm">
                    <Trans>None: every account has been paid before.</Trans>
                  </Text>
                ) : (
                  <>
                    <Text size="sm" fw={600}>
                      {tr(
                        msg({
                          message:
                            '{count, plural, one {# account never paid before} other {# accounts never paid before}}',
                        }),
                        { count: payees.length },
                      )}
                    </Text>
                    <List size="sm">
                      {payees.slice(0, 8).map((p) => (
                        <List.Item key={p}>{p}</List.Item>
                      ))}
                    </List>
                    {payees.length > 8 && (
                      <Text size="xs" c="dimmed">
                        {t`and ${payees.length - 8} more: see the rows.`}
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
            <Trans>Back</Trans>
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
