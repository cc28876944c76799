// What happened to a finished transaction, said once instead of a row of disabled buttons; and
// what the dashboard kept about it (the files it attached, the cancellation reason in words).
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFileText } from '@tabler/icons-react';
import type { TransactionNote } from '#/api/dashboard';
import type { Transaction } from '#/api/schemas/transaction';
import { isCompleted } from '#/api/transaction-states';
import { DateTime } from '#/components/date-time';
import { Money } from '#/components/money';
import { valueInWords } from '#/lib/value-words';
import { Panel } from '#/components/page';

const FILE_LABEL: Record<Exclude<TransactionNote['kind'], 'cancelReason'>, string> = {
  invoice: 'Invoice',
  depositConfirmation: 'Deposit confirmation',
};

/** The cancellation reason in words: the API's code, and what the person wrote. */
export function cancelReasonOf(
  t: Transaction,
  notes: readonly TransactionNote[] | undefined,
): { reason: string | null; words: string | null; byName: string | null } {
  const note = notes?.find((n) => n.kind === 'cancelReason');
  const code = t.cancelReason ?? note?.value ?? null;
  return {
    reason: code ? valueInWords(code) : null,
    words: note?.detail ?? null,
    byName: note?.byName ?? null,
  };
}

export function TransactionOutcome({
  transaction: t,
  notes,
  headingRef,
  rejection,
}: {
  transaction: Transaction;
  notes: readonly TransactionNote[] | undefined;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** The approval an approver rejected, which cancelled the transaction. */
  rejection?: { what: string; by: string; reason: string } | undefined;
}) {
  const done = isCompleted(t.clientStatus);
  const cancel = cancelReasonOf(t, notes);
  return (
    <Paper withBorder p="lg" radius="md" aria-labelledby="transaction-outcome">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon color={done ? 'teal' : 'gray'} variant="light" radius="xl" size={32}>
          {done ? <IconCircleCheck size={20} aria-hidden /> : <IconCircleX size={20} aria-hidden />}
        </ThemeIcon>
        <Title order={2} fz="lg" id="transaction-outcome" ref={headingRef} tabIndex={-1}>
          {done ? 'Paid out' : 'Cancelled'}
        </Title>
      </Group>
      {done ? (
        <Text size="sm">
          <Money amount={t.payout ?? t.toAmount} symbol={t.toCurrencySymbol} fw={600} /> paid out on{' '}
          <DateTime value={t.lastUpdateTime} />
          {t.depositReceivedAmount && (
            <>
              , for a deposit of{' '}
              <Money amount={t.depositReceivedAmount} symbol={t.fromCurrencySymbol} /> received on{' '}
              <DateTime value={t.depositReceivedDate} />
            </>
          )}
          . Nothing more to do.
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            Cancelled on <DateTime value={t.lastUpdateTime} />
            {rejection ? ` by ${rejection.by}` : cancel.byName ? ` by ${cancel.byName}` : ''};
            nothing was paid out.
          </Text>
          {rejection ? (
            <Text size="sm" data-testid="cancel-reason">
              {rejection.by} rejected the {rejection.what}: “{rejection.reason}”
            </Text>
          ) : (
            <Text size="sm" data-testid="cancel-reason">
              Reason: {cancel.reason ?? 'not given'}
              {cancel.words ? ` — “${cancel.words}”` : ''}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** The files the dashboard attached to the transaction, to open again. */
export function TransactionDocuments({ notes }: { notes: readonly TransactionNote[] | undefined }) {
  const files = (notes ?? []).filter(
    (n): n is TransactionNote & { kind: keyof typeof FILE_LABEL } => n.kind !== 'cancelReason',
  );
  if (files.length === 0) return null;
  return (
    <Panel title="Documents">
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {files.map((file) => (
          <Group component="li" key={file.id} gap="sm" wrap="nowrap" align="flex-start">
            <IconFileText size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <div style={{ minWidth: 0 }}>
              <Anchor
                href={file.href ?? file.value}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {FILE_LABEL[file.kind]}
                {file.detail ? `: ${file.detail}` : ''}
              </Anchor>
              <Text size="xs" c="dimmed">
                Attached by {file.byName}, <DateTime value={file.at} />
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Panel>
  );
}
