// Who can be told of each kind of notification (docs/decisions/035) agrees with who may do the
// thing it is about, and each person sees only the choices of kinds that can reach them.
import { describe, expect, it } from 'vitest';
import { KIND_AUDIENCE, kindsFor } from './notifications';
import { operations, transactionOperations } from './operations';
import { PERMISSIONS } from './roles';

describe('the audience of each kind', () => {
  it('tells of failing webhook endpoints those who may manage them, and admins', () => {
    const manage = PERMISSIONS[operations.createWebhook.id]!.roles;
    expect([...(KIND_AUDIENCE.webhookFailing as string[])].sort()).toEqual(
      [...new Set(['admin', ...manage])].sort(),
    );
  });

  it('tells of waiting approvals those who may approve quotes', () => {
    expect(KIND_AUDIENCE.waitingForYou).toEqual(
      PERMISSIONS[transactionOperations.sendc2f.approveQuote.id]!.roles,
    );
  });

  it('tells of rejections those who create transactions, upload files or propose bank details', () => {
    const asking = new Set([
      ...PERMISSIONS[transactionOperations.sendc2f.create.id]!.roles,
      ...PERMISSIONS[operations.updatePayoutAccount.id]!.roles,
    ]);
    expect([...(KIND_AUDIENCE.requestRejected as string[])].sort()).toEqual([...asking].sort());
  });

  it('lists for each person the kinds that can reach them', () => {
    // A viewer (an accountant, say) may want the monthly statement.
    expect(kindsFor(['viewer'])).toEqual(['newSignIn', 'monthlyStatement']);
    expect(kindsFor(['finance'])).toEqual([
      'requestRejected',
      'transactionEnded',
      'batchFinished',
      'newSignIn',
      'monthlyStatement',
      'scheduledRun',
    ]);
    expect(kindsFor(['onboarding'])).toEqual(['requestRejected', 'webhookFailing', 'newSignIn']);
    expect(kindsFor(['approver', 'tester'])).toEqual([
      'waitingForYou',
      'webhookFailing',
      'newSignIn',
      'monthlyStatement',
      'scheduledRun',
    ]);
  });
});
