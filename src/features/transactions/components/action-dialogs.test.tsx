// @vitest-environment happy-dom
// The dialogs that move money say what moves and refuse what is incomplete before anything is
// sent: an expired quote cannot be approved; a cancellation for "other" reasons needs the words;
// a collection's deposit needs its bank confirmation; a rejection needs its reason and says
// what it does (a collection's cancellation takes no reason, so it is kept here).
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, expect, it } from 'vitest';
import type { Role } from '#/api/roles';
import type { TransactionControls } from '#/api/controls';
import type { Transaction } from '#/api/schemas/transaction';
import { EXPIRED_QUOTE, transactionRecord } from '#/api/testing';
import { chooseOption, renderWithData, signedInAs } from '#/components/testing';
import {
  ApproveDepositDialog,
  ApproveQuoteDialog,
  CancelDialog,
  RejectApprovalDialog,
} from './action-dialogs';

afterEach(cleanup);

const quoted: Transaction = {
  ...transactionRecord(),
  businessRequestId: 41,
  clientStatus: 'OnOff_AWAITING_QUOTE_APPROVAL',
  fromAmount: '109.60',
};

/** Either approval, open to the person on one approver. */
const OPEN = {
  canAct: true,
  why: null,
  whoCan: [],
  standingInFor: null,
  required: 1,
  policy: null,
};

const expiredControls: TransactionControls = {
  approvals: [],
  actions: { approveQuote: OPEN, approveDeposit: OPEN },
  recipient: null,
  creator: { id: 'u2', name: 'Omar Operations' },
  quote: EXPIRED_QUOTE,
};

/** Opens a dialog for a person with `roles`, and finds it. */
async function open(dialog: ReactNode, roles: Role[] = ['approver']) {
  renderWithData(dialog, [signedInAs(roles)]);
  return within(await screen.findByRole('dialog'));
}
const common = { opened: true, onClose: () => {} };
const isDisabled = (dialog: Awaited<ReturnType<typeof open>>, name: string) =>
  (dialog.getByRole('button', { name }) as HTMLButtonElement).disabled;

it('offers no approval of an expired quote, and says why', async () => {
  const dialog = await open(
    <ApproveQuoteDialog
      {...common}
      product="sendc2f"
      transaction={quoted}
      controls={expiredControls}
    />,
  );
  expect(dialog.getByText('This quote has expired')).toBeTruthy();
  expect(isDisabled(dialog, 'Approve quote')).toBe(true);
});

it('cancels for an "other" reason only with the words of what happened', async () => {
  const dialog = await open(<CancelDialog {...common} product="sendc2f" transaction={quoted} />, [
    'finance',
  ]);
  expect(dialog.getByText('Cancelling cannot be undone. Nothing is paid out.')).toBeTruthy();
  const confirm = dialog.getByRole('button', { name: 'Cancel transaction' }) as HTMLButtonElement;
  expect(confirm.disabled).toBe(false);
  await chooseOption(dialog, 'Reason', 'Other');
  expect(confirm.disabled).toBe(true);
  await userEvent.type(dialog.getByRole('textbox', { name: /What happened/ }), 'Duplicate order');
  expect(confirm.disabled).toBe(false);
});

it("approves a collection's deposit only with its bank confirmation", async () => {
  const waiting = { ...quoted, clientStatus: 'OnOff_AWAITING_DEPOSIT_APPROVAL' };
  const dialog = await open(
    <ApproveDepositDialog {...common} product="receive" transaction={waiting} />,
  );
  expect(dialog.getByText(/Required: the bank confirmation/)).toBeTruthy();
  expect(isDisabled(dialog, 'Approve deposit')).toBe(true);
});

it('rejects only with a reason, and says what a rejection does to a collection', async () => {
  const dialog = await open(
    <RejectApprovalDialog
      {...common}
      product="receive"
      transaction={quoted}
      action="approveQuote"
      creator="Omar Operations"
    />,
  );
  expect(dialog.getByText(/cancellation takes no reason, so the reason is kept here/)).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Reject and cancel #41' }));
  expect(
    await dialog.findByText(/Reason/, { selector: '.mantine-InputWrapper-error' }),
  ).toBeTruthy();
});
