// A batch being quoted: the rows priced so far. A batch once approved: the submission's
// progress, the deposits its transactions wait for (approved in one action where the product
// allows it, each through the money controls), and the failed rows as a file to fix and upload
// again.
import '@mantine/core/styles/Progress.css';
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

export function BatchProgress({ batch, mayApprove }: { batch: Batch; mayApprove: boolean }) {
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
        state.refused.push(`Row ${row.row} (#${row.transactionId}): ${errorMessage(error)}`);
      }
      state.done++;
      setRun({ ...state });
    }
    state.running = false;
    setRun({ ...state });
    await queryClient.invalidateQueries({ queryKey: batchKeys.one(batch.id) });
  };

  return (
    <Panel title="Submission" data-testid="batch-progress">
      <Stack gap="sm">
        <Progress
          value={percent}
          size="lg"
          animated={batch.status === 'submitting'}
          aria-label={`${done} of ${total} rows submitted`}
        />
        <Text size="sm">
          {done} of {total} row{total === 1 ? '' : 's'} submitted
          {failed > 0 && `, ${failed} refused by the API`}.
        </Text>
        {failed > 0 && (
          <Text size="sm">
            Download the failed rows to fix and upload again:{' '}
            <FileLinks href={(format) => rowsFileUrl(batch.id, 'failed', format)} />
          </Text>
        )}
        {batch.status !== 'submitting' &&
          batch.product !== 'receive' &&
          awaitingDeposit.length > 0 && (
            <Group gap="sm">
              <Text size="sm">
                {awaitingDeposit.length} transaction{awaitingDeposit.length === 1 ? '' : 's'} of
                this batch wait for their deposit.
              </Text>
              {mayApprove && (
                <Button size="sm" onClick={() => setReleasing(true)} loading={run?.running}>
                  Approve {awaitingDeposit.length} deposit{awaitingDeposit.length === 1 ? '' : 's'}…
                </Button>
              )}
            </Group>
          )}
        {batch.product === 'receive' && awaitingDeposit.length > 0 && (
          <Text size="sm" c="dimmed">
            A collection's deposit is confirmed on its own page, with the bank's confirmation.
          </Text>
        )}
        {run && (
          <Alert
            color={run.refused.length > 0 ? 'orange' : 'green'}
            variant="light"
            title={run.running ? `Approving deposits: ${run.done} of ${run.total}` : 'Deposits'}
            role="status"
          >
            {run.approved} approved
            {run.waiting > 0 && `, ${run.waiting} recorded and waiting for another approver`}
            {run.refused.length > 0 && `, ${run.refused.length} refused`}.
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
        title={`Approve the deposits of ${batch.fileName}?`}
        confirmLabel={`Approve ${awaitingDeposit.length} deposit${awaitingDeposit.length === 1 ? '' : 's'}`}
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
  return (
    <Stack gap={4} data-testid="quote-progress">
      <Progress
        value={total === 0 ? 100 : Math.round((done / total) * 100)}
        animated
        aria-label={`${done} of ${total} rows priced`}
      />
      <Text size="sm" c="dimmed">
        {done} of {total} row{total === 1 ? '' : 's'} priced. You can leave this page: the quote
        goes on, and the approvers are told when it is ready.
      </Text>
    </Stack>
  );
}
