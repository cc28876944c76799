// Approve the quote, approve the deposit, cancel: offered only when the transaction's state
// allows it, and explained when it does not; each confirmed in its dialog (action-dialogs.tsx).
// After a dialog did its work, focus lands on the next action, or on where the transaction
// stands when no action is open: never back on the page's body.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentI18n, tr } from '#/i18n/current';
import { valueInWords } from '#/lib/value-words';
import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import type { TransactionApproval, TransactionControls } from '#/api/controls';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { phaseOf, statusesAllowing, transitionFor } from '#/api/transaction-states';
import { whyNotInWords } from '#/lib/approval-words';
import { usePermission } from '../../session/queries';
import { nextAction } from '../timeline';
import {
  ApproveDepositDialog,
  ApproveQuoteDialog,
  CancelDialog,
  RejectApprovalDialog,
} from './action-dialogs';
import { QUOTE_EXPIRED, QuoteExpiry, quoteExpired } from './approval-summary';

type Action = TransactionApproval | 'cancel' | 'reject';

const LABEL: Record<Action, MessageDescriptor> = {
  approveQuote: msg`Approve quote`,
  approveDeposit: msg`Approve deposit`,
  reject: msg`Reject…`,
  cancel: msg`Cancel transaction`,
};

/** The approval the transaction waits for now, if any: what a rejection would reject. */
export function waitingApproval(product: Product, t: Transaction): TransactionApproval | null {
  if (transitionFor(product, t, 'approveQuote')) return 'approveQuote';
  if (transitionFor(product, t, 'approveDeposit')) return 'approveDeposit';
  return null;
}

/** Why an action is not offered right now, in words; undefined when it is. */
export function whyNot(product: Product, t: Transaction, action: Action): string | undefined {
  if (action === 'reject')
    return waitingApproval(product, t) ? undefined : tr(msg`No approval waits to be rejected.`);
  if (transitionFor(product, t, action)) return undefined;
  switch (phaseOf(t)) {
    case 'completed':
      return action === 'cancel'
        ? tr(msg`A completed transaction has been processed and can no longer be cancelled.`)
        : tr(msg`The transaction is completed.`);
    case 'cancelled':
      return tr(msg`The transaction is cancelled.`);
    case 'inProgress':
      return tr(msg`The deposit is approved; the payout is under way.`);
    case 'quoteApproved':
      if (action === 'approveQuote') return tr(msg`The quote is already approved.`);
      break;
    case 'pending':
    case 'quoted':
      if (action === 'approveDeposit') return tr(msg`Approve the quote first.`);
      break;
  }
  const statuses = new Intl.ListFormat(currentI18n().locale, { type: 'disjunction' }).format(
    statusesAllowing(product, action).map((status) => `“${valueInWords(status)}”`),
  );
  return tr(msg`Possible while the transaction is ${statuses}.`);
}

/** Why the signed-in person cannot give an approval the policies ask for, and who can. */
function controlsReason(controls: TransactionControls | undefined, action: Action) {
  if (action === 'cancel' || action === 'reject' || !controls) return undefined;
  if (action === 'approveQuote' && quoteExpired(controls)) return QUOTE_EXPIRED.what;
  const state = controls.actions[action];
  return state.canAct ? undefined : whyNotInWords(state);
}

export function TransactionActions({
  product,
  transaction: t,
  controls,
  onDone,
}: {
  product: Product;
  transaction: Transaction;
  /** What the money controls say about this person and this transaction's approvals. */
  controls?: TransactionControls | undefined;
  /** An action went through (the page may have to move focus when the transaction is final). */
  onDone?: () => void;
}) {
  const [open, setOpen] = useState<Action | null>(null);
  const buttons = useRef<HTMLDivElement>(null);
  const now = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef<Action | null>(null);
  const next = nextAction(product, t);
  // Once the dialog has closed: the next step's action when it is open (cancelling is never the
  // next step), else the line saying where the transaction stands.
  const focusNext = () => {
    const done = moveFocus.current;
    moveFocus.current = null;
    if (!done) return;
    const target = [
      ...(buttons.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? []),
    ].find((b) => b.dataset.action !== done && b.dataset.action !== 'cancel');
    (target ?? now.current)?.focus();
  };
  // What the person's roles allow comes first: the server decides the same way.
  const permitted: Record<Action, { allowed: boolean; reason?: string }> = {
    approveQuote: usePermission(`${product}ApproveQuote`),
    approveDeposit: usePermission(`${product}ApproveDeposit`),
    // Approvers reject (and so cancel) without the Finance role: the same role as approving.
    reject: usePermission(`${product}ApproveQuote`),
    cancel: usePermission(`${product}Cancel`),
  };
  // A delegate standing in for an approver away (docs/decisions/088) decides without the role:
  // the server says so for this transaction, and judges the decision again when it comes.
  for (const a of ['approveQuote', 'approveDeposit'] as const)
    if (controls?.actions[a].canAct && controls.actions[a].standingInFor) {
      permitted[a] = { allowed: true };
      permitted.reject = { allowed: true };
    }
  const waiting = waitingApproval(product, t);
  const creator = controls?.creator?.name;
  const dialog = (action: Action) => ({
    product,
    transaction: t,
    controls,
    opened: open === action,
    onClose: () => setOpen(null),
    onDone: () => {
      moveFocus.current = action;
      onDone?.();
    },
    onExited: focusNext,
  });

  const button = (action: Action, props: { color?: string; variant?: string; icon: ReactNode }) => {
    const reasonNot =
      whyNot(product, t, action) ?? permitted[action].reason ?? controlsReason(controls, action);
    const control = (
      <Button
        color={props.color}
        variant={props.variant ?? 'filled'}
        leftSection={props.icon}
        disabled={reasonNot !== undefined}
        data-action={action}
        onClick={() => setOpen(action)}
        aria-describedby={reasonNot ? `why-not-${action}` : undefined}
      >
        {tr(LABEL[action])}
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

  return (
    <>
      <Text ref={now} tabIndex={-1} size="sm" mb="md" data-testid="transaction-now">
        <Text span fw={600}>
          {tr(msg`Now: ${valueInWords(t.clientStatus)}.`)}
        </Text>{' '}
        {waiting === 'approveQuote' && quoteExpired(controls)
          ? `${QUOTE_EXPIRED.what} ${QUOTE_EXPIRED.todo}`
          : (next?.action ?? '')}
        {waiting === 'approveQuote' && controls?.quote?.expiresAt ? (
          <>
            {' '}
            <QuoteExpiry quote={controls.quote} />
          </>
        ) : null}
      </Text>
      <Group gap="md" align="flex-start" wrap="wrap" ref={buttons}>
        {button('approveQuote', { icon: <IconCheck size={16} aria-hidden /> })}
        {button('approveDeposit', { icon: <IconCheck size={16} aria-hidden /> })}
        {/* Approvers see Reject; others see Cancel, which the Finance role gives. */}
        {permitted.reject.allowed && waiting
          ? button('reject', {
              color: 'red',
              variant: 'light',
              icon: <IconX size={16} aria-hidden />,
            })
          : null}
        {permitted.cancel.allowed || !permitted.reject.allowed || !waiting
          ? button('cancel', {
              color: 'red',
              variant: 'light',
              icon: <IconX size={16} aria-hidden />,
            })
          : null}
      </Group>
      <ApproveQuoteDialog {...dialog('approveQuote')} />
      <ApproveDepositDialog {...dialog('approveDeposit')} />
      <CancelDialog {...dialog('cancel')} />
      {waiting && <RejectApprovalDialog {...dialog('reject')} action={waiting} creator={creator} />}
    </>
  );
}
