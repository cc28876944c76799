import { describe, expect, it } from 'vitest';
import {
  apiActionsMatching,
  auditActionWords,
  auditDetailWords,
  auditRecordOf,
  isApiAction,
} from './audit-actions';

describe('the audit trail in words', () => {
  it('shows an API call by its summary and a dashboard action capitalised', () => {
    const shown = {
      'POST /v1/sendc2f/approveDeposit/{id}': 'Approve the deposit of a payout transaction',
      'POST /v1/business/': 'Create a merchant',
      'POST /v1/webhook/': 'Add a webhook endpoint',
      'PUT /v1/businessExternalAccount/{id}': 'Update a payout account',
      'set roles': 'Set roles',
      'sign-in': 'Sign-in',
    };
    for (const [action, words] of Object.entries(shown))
      expect(auditActionWords(action), action).toBe(words);
  });

  it('tells API calls from the dashboard’s own actions', () => {
    expect(isApiAction('POST /v1/receive/cancel/{id}')).toBe(true);
    expect(isApiAction('add approval policy')).toBe(false);
  });

  it.each([
    ['POST /v1/sendc2f/approveQuote/{id}', 'sendc2f/approveQuote/41', { kind: 'sendc2f', id: 41 }],
    ['POST /v1/receive/', 'receive/7', { kind: 'receive', id: 7 }],
    ['PUT /v1/business/{id}', 'business/3', { kind: 'merchant', id: 3 }],
    ['POST /v1/business/{id}/onboarding', 'business/3/onboarding', undefined],
    [
      'PUT /v1/businessExternalAccount/{id}',
      'businessExternalAccount/9',
      { kind: 'account', id: 9 },
    ],
    ['POST /v1/business/', 'business/', undefined],
    ['DELETE /v1/webhook/{id}', 'webhook/2', undefined],
    ['set roles', 'ada@demo.example', undefined],
    [
      'decide bulk file',
      'batch/5b0c7b0e-7d4e-4bd3-9a3a-8cf4d5a0f111',
      { kind: 'batch', id: '5b0c7b0e-7d4e-4bd3-9a3a-8cf4d5a0f111' },
    ],
    ['decide bulk file', 'batch/not-an-id', undefined],
    ['POST /v1/sendf2f/cancel/{id}', null, undefined],
    ['approve payee change', 'businessExternalAccount/7', { kind: 'account', id: 7 }],
    ['submit bulk row', 'sendc2f/12', { kind: 'sendc2f', id: 12 }],
    ['add approval policy', 'businessExternalAccount/x', undefined],
  ])('%s on %s names %o', (action, target, record) => {
    expect(auditRecordOf(action, target)).toEqual(record);
  });

  it('finds stored calls by the words shown for them', () => {
    expect(apiActionsMatching('approve quote')).toEqual([
      'POST /v1/sendc2f/approveQuote/{id}',
      'POST /v1/sendf2f/approveQuote/{id}',
      'POST /v1/receive/approveQuote/{id}',
    ]);
    expect(apiActionsMatching('  ')).toEqual([]);
    expect(apiActionsMatching('nothing like this')).toEqual([]);
  });
});

describe('details in words', () => {
  it.each([
    ['action', 'approveDeposit', 'Deposit approval'],
    ['product', '*', 'any product'],
    ['currency', '*', 'any'],
    ['product', 'sendf2f', 'End to end transfer'],
    ['roles', ['finance', 'approver'], 'Finance, Approver'],
    ['to', [], 'no role'],
    ['status', 200, '200 (done)'],
    ['applied', 202, '202 (waits for a second person)'],
    ['status', 409, '409 (refused)'],
    ['change', '9213b6c2-1d3f-4a5b-8c7d-0e1f2a3b4c5d', '9213b6c2…'],
    ['target', 'businessExternalAccount/7', 'Payout account #7'],
    ['held', true, 'yes'],
    ['reason', null, '—'],
    ['reason', 'No invoice', 'No invoice'],
    ['filters', { q: 'x' }, '{"q":"x"}'],
    // A moment is a time, not thirteen digits.
    ['from', 1790812800000, '2026-10-01T00:00:00.000Z'],
    ['expiresAt', 1790812800000, '2026-10-01T00:00:00.000Z'],
    ['count', 1790812800000, '1790812800000'],
  ])('says %s %j as %j', (field, value, words) => {
    expect(auditDetailWords(field, value)).toBe(words);
  });
});
