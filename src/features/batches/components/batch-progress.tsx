// A batch being quoted: the rows priced so far. A batch once approved: the submission's
// progress, the deposits its transactions wait for (approved in one action where the product
// allows it, each through the money controls), and the failed rows as a file to fix and upload
// again.
import '@mantine/core/styles/Progress.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Batch } from '#/api/batches';
import { errorMessage } from '#/components/api-error';
import { Panel } from '#/components/page';
import { approveThroughDashboard } from '#/features/transactions/queries';
import { awaitingOf } from '#/api/transaction-states';
import { batchKeys, rowsFileUrl } from '../queries';
import { FileLinks } from './batch-bits';
import { ReleaseDialog } from './release-dialog';
import { sumByCurrency } from '#/api/totals';

interface DepositRun {
  done: number;
  total: number;
  approved: number;
  waiting: number;
  refused: string[];
  running: boolean;
}

/** "Approve 3 deposits". */
const approveDepositsWords = (count: number) =>
  tr(msg({ message: '{count, plural, one {Approve # deposit} other {Approve # deposits}}' }), {
    count,
  });

export function BatchProgress({ batch, mayApprove }: { batch: Batch; mayApprove: boolean }) {
  const { t } = useLingui();
  const { done, total } = batch.progress;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const failed = batch.rows.filter((r) => r.state === 'failed').length;
  const awaitingDeposit = batch.rows.filter(
    (r) =>
      r.transactionId !== null &&
      r.clientStatus !== null &&
      awaitingOf(batch.product, { clientStatus: r.clientStatus }) === 'deposit',
  );
  const queryClient = useQueryClient();
  const [run, setRun] = useState<DepositRun | null>(null);
  const [releasing, setReleasing] = useState(false);
  const depositTotals = sumByCurrency(
    awaitingDeposit.flatMap((r) =>
      r.depositCurrency ? [{ currency: r.depositCurrency, amount: r.depositAmount }] : [],
    ),
  );
  const payoutTotals = sumByCurrency(awaitingDeposit.flatMap((r) => (r.payout ? [r.payout] : [])));

  const approveDeposits = async () => {
    setReleasing(false);
    const rows = awaitingDeposit;
    const state: DepositRun = {
      done: 0,
      total: rows.length,
      approved: 0,
      waiting: 0,
      refused: [],
      running: true,
    };
    setRun({ ...state });
    for (const row of rows) {
      try {
        const outcome = await approveThroughDashboard(
          batch.product,
          'approveDeposit',
          row.transactionId!,
          undefined,
          `batch-${batch.id}-row-${row.row}-deposit-${crypto.randomUUID()}`,
        );
        if (outcome.kind === 'approved') state.approved++;
        else state.waiting++;
      } catch (error) {
        const id = row.transactionId ?? 0;
        state.refused.push(tr(msg`Row ${row.row} (#${id}): ${errorMessage(error)}`));
      }
      state.done++;
      setRun({ ...state });
    }
    state.running = false;
    setRun({ ...state });
    await queryClient.invalidateQueries({ queryKey: batchKeys.one(batch.id) });
  };

  return (
    <Panel title={t`Submission`} data-testid="batch-progress">
      <Stack gap="sm">
        <Progress
          value={percent}
          size="lg"
          animated={batch.status === 'submitting'}
          aria-label={t`${done} of ${total} rows submitted`}
        />
        <Text size="sm">
          {tr(
            msg({
              message:
                '{done} of {total, plural, one {# row} other {# rows}} submitted{failed, plural, =0 {} other {, # refused by the API}}.',
            }),
            { done, total, failed },
          )}
        </Text>
        {failed > 0 && (
          <Text size="sm">
            <Trans>
              Download the failed rows to fix and upload again:{' '}
              <FileLinks href={(format) => rowsFileUrl(batch.id, 'failed', format)} />
            </Trans>
          </Text>
        )}
        {batch.status !== 'submitting' &&
          batch.product !== 'receive' &&
          awaitingDeposit.length > 0 && (
            <Group gap="sm">
              <Text size="sm">
                {tr(
                  msg({
                    message:
                      '{count, plural, one {# transaction of this batch waits for its deposit.} other {# transactions of this batch wait for their deposit.}}',
                  }),
                  { count: awaitingDeposit.length },
                )}
              </Text>
              {mayApprove && (
                <Button size="sm" onClick={() => setReleasing(true)} loading={run?.running}>
                  {`${approveDepositsWords(awaitingDeposit.length)}…`}
                </Button>
              )}
            </Group>
          )}
        {batch.product === 'receive' && awaitingDeposit.length > 0 && (
          <Text size="sm" c="dimmed">
            <Trans>
              A collection’s deposit is confirmed on its own page, with the bank’s confirmation.
            </Trans>
          </Text>
        )}
        {run && (
          <Alert
            color={run.refused.length > 0 ? 'orange' : 'green'}
            variant="light"
            title={run.running ? t`Approving deposits: ${run.done} of ${run.total}` : t`Deposits`}
            role="status"
          >
            {tr(
              msg({
                message:
                  '{approved} approved{waiting, plural, =0 {} other {, # recorded and waiting for another approver}}{refused, plural, =0 {} other {, # refused}}.',
              }),
              { approved: run.approved, waiting: run.waiting, refused: run.refused.length },
            )}
            {run.refused.slice(0, 5).map((line) => (
              <Text key={line} size="xs">
                {line}
              </Text>
            ))}
          </Alert>
        )}
      </Stack>
      <ReleaseDialog
        opened={releasing}
        onClose={() => setReleasing(false)}
        title={t`Approve the deposits of ${batch.fileName}?`}
        confirmLabel={approveDepositsWords(awaitingDeposit.length)}
        summary={{
          payments: awaitingDeposit.length,
          payouts: payoutTotals,
          deposits: depositTotals,
          rows: awaitingDeposit,
        }}
        pending={run?.running ?? false}
        onConfirm={() => void approveDeposits()}
      />
    </Panel>
  );
}

/** A quote under way: rows priced so far (the page reads the batch again each second). */
export function QuoteProgress({ done, total }: { done: number; total: number }) {
  const { t } = useLingui();
  return (
    <Stack gap={4} data-testid="quote-progress">
      <Progress
        value={total === 0 ? 100 : Math.round((done / total) * 100)}
        animated
        aria-label={t`${done} of ${total} rows priced`}
      />
      <Text size="sm" c="dimmed">
        {tr(
          msg({
            message:
              '{done} of {total, plural, one {# row} other {# rows}} priced. You can leave this page: the quote goes on, and the approvers are told when it is ready.',
          }),
          { done, total },
        )}
      </Text>
    </Stack>
  );
}
