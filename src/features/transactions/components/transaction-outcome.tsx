// What happened to a finished transaction, said once instead of a row of disabled buttons; and
// what the dashboard kept about it (the files it attached, the cancellation reason in words).
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFileText } from '@tabler/icons-react';
import type { TransactionNote } from '#/api/dashboard';
import type { Transaction } from '#/api/schemas/transaction';
import { isCompleted } from '#/api/transaction-states';
import { DateTime } from '#/components/date-time';
import { Money } from '#/components/money';
import { valueInWords } from '#/lib/value-words';
import { Panel } from '#/components/page';

const FILE_LABEL: Record<Exclude<TransactionNote['kind'], 'cancelReason'>, MessageDescriptor> = {
  invoice: msg`Invoice`,
  depositConfirmation: msg`Deposit confirmation`,
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

/** "2,000.00 EUR paid out on …, for a deposit of 2,180.00 USDT received on …. Nothing more to do." */
function PaidOutWords({ t }: { t: Transaction }) {
  const paid = <Money amount={t.payout ?? t.toAmount} symbol={t.toCurrencySymbol} fw={600} />;
  const on = <DateTime value={t.lastUpdateTime} />;
  if (!t.depositReceivedAmount)
    return (
      <Trans>
        {paid} paid out on {on}. Nothing more to do.
      </Trans>
    );
  const deposit = <Money amount={t.depositReceivedAmount} symbol={t.fromCurrencySymbol} />;
  const received = <DateTime value={t.depositReceivedDate} />;
  return (
    <Trans>
      {paid} paid out on {on}, for a deposit of {deposit} received on {received}. Nothing more to
      do.
    </Trans>
  );
}

/** "Cancelled on … by Ana Finance; nothing was paid out." */
function CancelledWords({ at, by }: { at: number; by: string | null | undefined }) {
  const on = <DateTime value={at} />;
  return by ? (
    <Trans>
      Cancelled on {on} by <span translate="no">{by}</span>; nothing was paid out.
    </Trans>
  ) : (
    <Trans>Cancelled on {on}; nothing was paid out.</Trans>
  );
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
  rejection?: { what: 'quote' | 'deposit'; by: string; reason: string } | undefined;
}) {
  const { t: say } = useLingui();
  const done = isCompleted(t.clientStatus);
  const cancel = cancelReasonOf(t, notes);
  return (
    <Paper withBorder p="lg" radius="md" aria-labelledby="transaction-outcome">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon color={done ? 'teal' : 'gray'} variant="light" radius="xl" size={32}>
          {done ? <IconCircleCheck size={20} aria-hidden /> : <IconCircleX size={20} aria-hidden />}
        </ThemeIcon>
        <Title order={2} fz="lg" id="transaction-outcome" ref={headingRef} tabIndex={-1}>
          {done ? say`Paid out` : say`Cancelled`}
        </Title>
      </Group>
      {done ? (
        <Text size="sm">
          <PaidOutWords t={t} />
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            <CancelledWords at={t.lastUpdateTime} by={rejection?.by ?? cancel.byName} />
          </Text>
          {rejection ? (
            <Text size="sm" data-testid="cancel-reason">
              {rejection.what === 'quote'
                ? say`${rejection.by} rejected the quote:`
                : say`${rejection.by} rejected the deposit:`}{' '}
              “<span translate="no">{rejection.reason}</span>”
            </Text>
          ) : (
            <Text size="sm" data-testid="cancel-reason">
              {say`Reason: ${cancel.reason ?? say`not given`}`}
              {cancel.words ? (
                <>
                  {' — “'}
                  <span translate="no">{cancel.words}</span>”
                </>
              ) : (
                ''
              )}
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
  return <DocumentList files={files} />;
}

function DocumentList({
  files,
}: {
  files: Array<TransactionNote & { kind: keyof typeof FILE_LABEL }>;
}) {
  const { t } = useLingui();
  return (
    <Panel title={t`Documents`}>
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
                {tr(FILE_LABEL[file.kind])}
                {file.detail ? <span translate="no">: {file.detail}</span> : ''}
              </Anchor>
              <Text size="xs" c="dimmed">
                <Trans>
                  Attached by <span translate="no">{file.byName}</span>,{' '}
                  <DateTime value={file.at} />
                </Trans>
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Panel>
  );
}
