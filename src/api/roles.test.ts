// The role table: generated from the operation list, so every operation has exactly one rule.
import { describe, expect, it } from 'vitest';
import { allOperations } from './operations';
import { operationFor } from './operation-paths';
import { PERMISSIONS, refusalFor, ROLES, type Role } from './roles';

const may = (op: string, roles: Role[], env = 'sandbox', simulation = false) =>
  refusalFor(op, roles, env, simulation) === undefined;

describe('the role table', () => {
  it('has a rule for every operation of the contract', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(allOperations.map((op) => op.id).sort());
  });

  it('lets every role read, and a viewer nothing else', () => {
    for (const op of allOperations.filter((o) => o.method === 'GET' || o.id.endsWith('Price')))
      for (const role of ROLES) expect(may(op.id, [role]), `${role} ${op.id}`).toBe(true);
    const writes = allOperations.filter((o) => o.method !== 'GET' && !o.id.endsWith('Price'));
    for (const op of writes) expect(may(op.id, ['viewer']), op.id).toBe(false);
  });

  it('separates the duties: finance creates and cancels, approvers approve, admins move no money', () => {
    expect(may('sendc2fCreate', ['finance'])).toBe(true);
    expect(may('receiveCancel', ['finance'])).toBe(true);
    expect(may('sendc2fApproveQuote', ['finance'])).toBe(false);
    expect(may('sendc2fApproveQuote', ['approver'])).toBe(true);
    expect(may('receiveApproveDeposit', ['approver'])).toBe(true);
    expect(may('sendf2fCreate', ['approver'])).toBe(false);
    for (const op of ['sendc2fCreate', 'sendc2fApproveQuote', 'sendf2fCancel'])
      expect(may(op, ['admin']), op).toBe(false);
    const refusal = refusalFor('sendc2fApproveQuote', ['finance'], 'sandbox');
    expect(refusal).toMatchObject({
      code: 'FORBIDDEN_ROLE',
      detail: 'This needs the Approver role.',
    });
    // Said to the person in their language, the roles named as it names them (decision 091).
    expect(refusal?.said.words.id).toBe('refusal.needsRole');
  });

  it('gives onboarding the merchants and accounts, and testers only simulations of them', () => {
    expect(may('createMerchant', ['onboarding'])).toBe(true);
    expect(may('updatePayoutAccount', ['onboarding'])).toBe(true);
    expect(may('updateMerchant', ['tester'])).toBe(false);
    expect(may('updateMerchant', ['tester'], 'sandbox', true)).toBe(true);
    expect(may('updateMerchant', ['tester'], 'live', true)).toBe(false);
  });

  it('keeps the sandbox tools to the sandbox, for testers, onboarding and admins', () => {
    for (const role of ['tester', 'onboarding', 'admin'] as Role[])
      expect(may('createWebhook', [role])).toBe(true);
    expect(may('createWebhook', ['finance'])).toBe(false);
    expect(refusalFor('createWebhook', ['admin'], 'live')).toMatchObject({ code: 'SANDBOX_ONLY' });
  });

  it('finds the operation a method and path call', () => {
    expect(operationFor('GET', '/v1/sendc2f/17')?.id).toBe('sendc2fGet');
    expect(operationFor('GET', '/v1/sendc2f/confirmation/17')?.id).toBe('getPayoutConfirmation');
    expect(operationFor('POST', '/v1/sendc2f/price')?.id).toBe('sendc2fPrice');
    expect(operationFor('POST', '/v1/sendc2f/')?.id).toBe('sendc2fCreate');
    expect(operationFor('POST', '/v1/receive/approveDeposit/4')?.id).toBe('receiveApproveDeposit');
    expect(operationFor('PUT', '/v1/business/9')?.id).toBe('updateMerchant');
    expect(operationFor('DELETE', '/v1/business/9')).toBeUndefined();
  });
});
