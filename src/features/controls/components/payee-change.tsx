// A change of a payout account's bank details waiting for approval (docs/decisions/025): what
// changes, from what to what, who proposed it, warnings, and the decisions this person can
// take (approve, reject with a reason, or withdraw their own).
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { valueInWords } from '#/lib/value-words';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ActionState, OpenPayment, PayeeChange } from '#/api/controls';
import { RejectChangeDialog } from '#/components/reject-dialog';
import { DecisionBadge } from './decision-badge';
import { useGroupStepUp } from '#/components/step-up-field';
import { useStepUp } from '../../session/queries';
import {
  BANK_DETAIL_FIELDS,
  type BankDetailField,
  type OtherAccountField,
  groupedIban,
} from '#/api/payee';
import { ApiErrorAlert, WarningAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { AnchorLink, TransactionLink } from '#/components/links';
import { useDecidePayeeChange, useWithdrawPayeeChange } from '../queries';
import { namesInWords, whyNotInWords, deciderName } from '#/lib/approval-words';
import { Money } from '#/components/money';

const STATUS_WORDS: Record<PayeeChange['status'], MessageDescriptor> = {
  pending: msg`Waits for approval`,
  approved: msg`Approved and applied`,
  rejected: msg`Rejected`,
  expired: msg`Expired`,
  withdrawn: msg`Withdrawn`,
  stale: msg`Out of date`,
  failed: msg`Refused by the API`,
};

/** The bank details and the account's other fields, in the page's words. */
const DETAIL_WORDS: Record<BankDetailField | OtherAccountField, MessageDescriptor> = {
  iban: msg`IBAN`,
  accountNumber: msg`Account number`,
  swiftCode: msg`BIC`,
  routingNumber: msg`Routing number or bank code`,
  accountHolderName: msg`Account holder`,
  countryIso: msg`Bank country`,
  bankName: msg`Bank name`,
  address: msg`Address`,
  streetNumber: msg`Street number`,
  city: msg`City`,
  state: msg`State or region`,
  zipCode: msg`Postal code`,
};

/** "3 open payments keep the old details": what approving the change does not redirect. */
function keptPaymentsInWords(open: readonly OpenPayment[]): string {
  if (open.length === 0) return '';
  const ids = open.map((p) => `#${p.transactionId}`).join(', ');
  return tr(
    msg({
      message:
        '{count, plural, one {Its open payment {ids} keeps the old details.} other {Its # open payments ({ids}) keep the old details.}}',
    }),
    { count: open.length, ids },
  );
}

/** Long values (an IBAN, a bank's name) wrap inside their column on a narrow screen. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/** The account's open payments, which keep paying the details they were created with. */
function OpenPayments({ change }: { change: PayeeChange }) {
  const open = change.openPayments;
  if (open.length === 0) return null;
  const pending = change.status === 'pending';
  return (
    <Paper withBorder p="sm" mt="sm" radius="sm" bg="var(--mantine-color-body)">
      <Text size="sm" fw={600} id={`open-payments-${change.id}`}>
        {tr(
          msg({
            message:
              '{count, plural, one {# open payment to this account} other {# open payments to this account}}',
          }),
          { count: open.length },
        )}
      </Text>
      <Text size="sm" mb={4}>
        {pending
          ? tr(
              msg`Approving does not redirect them: each keeps paying the bank details it was created with (the ones now). Cancel one and create it again to pay the new details.`,
            )
          : tr(msg`These keep paying the old details they were created with.`)}
      </Text>
      {/* Its words wrap in their column: a phone never scrolls the card sideways. */}
      <Table verticalSpacing={2} fz="sm" aria-labelledby={`open-payments-${change.id}`}>
        <Table.Tbody>
          {open.map((p) => (
            <Table.Tr key={`${p.product}-${p.transactionId}`}>
              <Table.Td style={WRAP}>
                <TransactionLink product={p.product} id={p.transactionId} size="sm" />
              </Table.Td>
              <Table.Td>
                <Money amount={p.amount} symbol={p.currency} />
              </Table.Td>
              <Table.Td c="dimmed" style={WRAP}>
                {valueInWords(p.clientStatus)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** One field of the change: its value now (struck out when it changes) and proposed. */
function ChangeRow({
  label,
  changed,
  before,
  after,
}: {
  label: string;
  changed: boolean;
  before: string | null;
  after: string;
}) {
  return (
    <Table.Tr data-changed={changed || undefined}>
      <Table.Td style={WRAP}>{label}</Table.Td>
      <Table.Td
        c={changed ? 'dimmed' : undefined}
        td={changed ? 'line-through' : undefined}
        style={WRAP}
      >
        {before ?? '—'}
      </Table.Td>
      <Table.Td fw={changed ? 600 : undefined} style={WRAP}>
        {after}
      </Table.Td>
    </Table.Tr>
  );
}

/** "New bank details for payout account #12 of Lumen Trading", the account a link. */
function AccountWords({ id, merchantName }: { id: number; merchantName?: string | null }) {
  const link = (
    <AnchorLink to="/payout-accounts/$id" params={{ id }} size="sm" underline="always">
      <Trans>payout account #{id}</Trans>
    </AnchorLink>
  );
  return merchantName ? (
    <Trans>
      New bank details for {link} of <span translate="no">{merchantName}</span>
    </Trans>
  ) : (
    <Trans>New bank details for {link}</Trans>
  );
}

/** "Proposed by Omar Operations, 26 Nov 2026, 14:05". */
function ProposedWords({ by, at }: { by: string; at: number }) {
  const when = <DateTime value={at} />;
  return (
    <Trans>
      Proposed by <span translate="no">{by}</span>, {when}
    </Trans>
  );
}

export function PayeeChangeCard({
  change,
  state,
  merchantName,
  showAccount = false,
  viewerId,
}: {
  change: PayeeChange;
  state: ActionState;
  merchantName?: string | null | undefined;
  /** Name the account with a link (in the inbox; not on the account's own page). */
  showAccount?: boolean;
  /** The signed-in person: their own pending change can be withdrawn. */
  viewerId?: string | undefined;
}) {
  const { t } = useLingui();
  const decide = useDecidePayeeChange((after) =>
    notifications.show({
      title:
        after.status === 'approved'
          ? t`Bank details changed`
          : after.status === 'rejected'
            ? t`Change rejected`
            : t`Your approval is recorded`,
      message:
        after.status === 'approved'
          ? `${t`Payout account #${after.accountId} now has the new bank details.`} ${keptPaymentsInWords(after.openPayments)}`.trim()
          : after.status === 'rejected'
            ? t`Payout account #${after.accountId} keeps its bank details.`
            : t`More approvers must approve before the change is applied.`,
    }),
  );
  const withdraw = useWithdrawPayeeChange();
  // New bank details release what is paid to them: the authenticator's code where it is asked.
  const stepUp = useGroupStepUp(useStepUp(), () => approve());
  const approve = () =>
    void stepUp.before(() =>
      decide.mutate({ id: change.id, decision: 'approve' }, { onError: stepUp.noteError }),
    );
  const [rejecting, setRejecting] = useState(false);
  const approvals = change.decisions.filter((d) => d.decision === 'approve');
  const rejection = change.decisions.find((d) => d.decision === 'reject');
  const pending = change.status === 'pending';
  const shown = BANK_DETAIL_FIELDS.filter(
    (f) => change.changed.includes(f) || (change.before[f] ?? '') !== '',
  );
  const error = decide.error ?? withdraw.error;
  return (
    <Paper withBorder p="md" radius="md" data-testid={`payee-change-${change.id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            {showAccount ? (
              <AccountWords id={change.accountId} merchantName={merchantName} />
            ) : (
              t`New bank details`
            )}
          </Text>
          <Text size="xs" c="dimmed">
            <ProposedWords by={change.authorName} at={change.createdAt} />
          </Text>
        </div>
        <DecisionBadge pending={pending} done={change.status === 'approved'}>
          {tr(STATUS_WORDS[change.status])}
          {pending && ` · ${t`${approvals.length} of ${change.required}`}`}
        </DecisionBadge>
      </Group>
      <Table
        mt="sm"
        verticalSpacing={4}
        horizontalSpacing={6}
        fz="sm"
        layout="fixed"
        aria-label={t`Bank details: now and proposed`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">{t`Detail`}</Table.Th>
            <Table.Th>{pending ? t`Now` : t`Before`}</Table.Th>
            <Table.Th>{pending ? t`Proposed` : t`After`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((field) => {
            const changed = change.changed.includes(field);
            const shownAs = (value: string | null) =>
              value !== null && field === 'iban' ? groupedIban(value) : value;
            return (
              <ChangeRow
                key={field}
                label={tr(DETAIL_WORDS[field])}
                changed={changed}
                before={shownAs(change.before[field])}
                after={changed ? (shownAs(change.after[field]) ?? t`— (removed)`) : t`unchanged`}
              />
            );
          })}
          {change.alsoChanged.map((c) => (
            <ChangeRow
              key={c.field}
              label={tr(DETAIL_WORDS[c.field])}
              changed
              before={c.before}
              after={c.after ?? t`— (removed)`}
            />
          ))}
        </Table.Tbody>
      </Table>
      {change.warnings.length > 0 && (
        <WarningAlert mt="sm" title={t`Check before approving`}>
          <Stack gap={2}>
            {change.warnings.map((w) => (
              <Text size="sm" key={w}>
                {w}
              </Text>
            ))}
          </Stack>
        </WarningAlert>
      )}
      <OpenPayments change={change} />
      {approvals.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          {t`Approved by ${namesInWords(approvals.map(deciderName))}`}
        </Text>
      )}
      {rejection && (
        <Text size="sm" mt="xs">
          {t`Rejected by ${deciderName(rejection)}:`} <span translate="no">{rejection.reason}</span>
        </Text>
      )}
      {!pending && change.reason && !rejection && (
        <Text size="sm" mt="xs">
          {change.reason}
        </Text>
      )}
      {pending && state.canAct && stepUp.field && (
        <Stack mt="sm" maw={360}>
          {stepUp.field}
        </Stack>
      )}
      {pending && (
        <Group mt="sm" gap="sm" wrap="wrap">
          {state.canAct && (
            <>
              <Button
                size="sm"
                loading={
                  (decide.isPending && decide.variables?.decision === 'approve') || stepUp.pending
                }
                onClick={approve}
              >
                <Trans>Approve change</Trans>
              </Button>
              <Button size="sm" variant="light" color="red" onClick={() => setRejecting(true)}>
                <Trans>Reject</Trans>
              </Button>
            </>
          )}
          {viewerId === change.authorId && (
            <Button
              size="sm"
              variant="default"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(change.id)}
            >
              <Trans>Withdraw my change</Trans>
            </Button>
          )}
          {!state.canAct && (
            <Text size="sm" c="dimmed" data-testid="payee-change-who">
              {whyNotInWords(state)}
            </Text>
          )}
        </Group>
      )}
      {error && <ApiErrorAlert error={error} title={t`Not done`} />}
      <RejectChangeDialog
        id={change.id}
        decide={decide}
        opened={rejecting}
        onClose={() => setRejecting(false)}
      >
        <Text size="sm">
          {t`Payout account #${change.accountId} keeps its bank details; ${change.authorName} is told your reason.`}
        </Text>
      </RejectChangeDialog>
    </Paper>
  );
}
