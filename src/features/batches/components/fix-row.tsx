// Fixing a row in place: its cells as text, checked again with the whole file when saved. What
// is still wrong stays under the field it is about.
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { codedWords, wordsCode } from '#/i18n/words';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type BatchColumn, type BatchRow, columnsOf, REQUIRED_COLUMNS } from '#/api/batches';
import type { Product } from '#/api/schemas/transaction';
import { ApiErrorAlert } from '#/components/api-error';
import { Dialog } from '#/components/dialog';
import { textField } from '#/components/text-field';
import { useFixRow } from '../queries';
import { PayeeCell } from './payee-cell';

/** The form's own message, as a code read in the page's language (decision 091). */
const CELL = codedWords({
  tooLong: /*i18n*/ { id: 'batch.cell.tooLong', message: 'must be at most 2,048 characters' },
});
const Cells = z.record(z.string(), z.string().max(2048, { error: wordsCode(CELL.tooLong) }));

/** The template's columns as a person reads them (the file keeps their names). */
const COLUMN_LABEL: Record<BatchColumn, MessageDescriptor> = {
  merchant: msg`Merchant`,
  payout_account: msg`Payout account`,
  deposit_currency: msg`Deposit currency`,
  payout_amount: msg`Payout amount`,
  purpose: msg`Purpose`,
  reference: msg`Reference`,
  invoice_url: msg`Invoice URL`,
  deposit_confirmation_url: msg`Deposit confirmation URL`,
};

export const columnLabel = (column: BatchColumn) => tr(COLUMN_LABEL[column]);

export function FixRowDialog({
  batchId,
  product,
  row,
  onClose,
}: {
  batchId: string;
  product: Product;
  row: BatchRow | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      opened={row !== null}
      onClose={onClose}
      title={row ? tr(msg`Fix row ${row.row}`) : ''}
      size="lg"
    >
      {row && <FixRowForm batchId={batchId} product={product} row={row} onDone={onClose} />}
    </Dialog>
  );
}

function FixRowForm({
  batchId,
  product,
  row,
  onDone,
}: {
  batchId: string;
  product: Product;
  row: BatchRow;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const fix = useFixRow(batchId);
  const columns = columnsOf(product);
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(Cells),
    defaultValues: Object.fromEntries(columns.map((c) => [c, row.cells[c] ?? ''])),
  });
  // The row's problems, under the fields they are about (until a save says otherwise).
  const problemOf = (column: BatchColumn) =>
    fix.isSuccess
      ? undefined
      : row.problems
          .filter((p) => p.column === column)
          .map((p) => p.message)
          .join(' ') || undefined;
  const general = row.problems.filter(
    (p) => !p.column || !columns.includes(p.column as BatchColumn),
  );
  return (
    <form
      noValidate
      aria-label={t`Fix row ${row.row}`}
      onSubmit={form.handleSubmit((values) => {
        const changed = Object.fromEntries(
          Object.entries(values).filter(([c, v]) => v !== (row.cells[c as BatchColumn] ?? '')),
        );
        if (Object.keys(changed).length === 0) return onDone();
        fix.mutate(
          { row: row.row, cells: changed },
          {
            onSuccess: (batch) => {
              const now = batch.rows.find((r) => r.row === row.row);
              if (!now || now.problems.length === 0) return onDone();
              for (const p of now.problems)
                if (p.column && columns.includes(p.column as BatchColumn))
                  form.setError(p.column, { type: 'server', message: p.message });
            },
          },
        );
      })}
    >
      <Stack gap="sm">
        {general.length > 0 && (
          <Alert color="orange" variant="light" title={t`What is wrong with this row`}>
            {general.map((p) => p.message).join(' ')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {columns.map((column) => {
            if (column === 'payout_account')
              return (
                <PayeeCell
                  key={column}
                  form={form}
                  product={product}
                  label={columnLabel(column)}
                  required={REQUIRED_COLUMNS.includes(column)}
                  problem={problemOf(column)}
                />
              );
            const bound = textField(form, column, columnLabel(column));
            return (
              <TextInput
                key={column}
                required={REQUIRED_COLUMNS.includes(column)}
                {...bound}
                error={bound.error ?? problemOf(column)}
              />
            );
          })}
        </SimpleGrid>
        {fix.isError && <ApiErrorAlert error={fix.error} title={t`The row was not saved`} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Close</Trans>
          </Button>
          <Button type="submit" loading={fix.isPending}>
            <Trans>Save and check again</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
