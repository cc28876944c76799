import { describe, expect, it } from 'vitest';
import { policyInWords } from './words';
import { namesInWords } from '#/lib/approval-words';

const policy = {
  action: 'approveDeposit' as const,
  product: '*' as const,
  currency: 'EUR',
  amountSide: 'payout' as const,
  minAmount: '5000',
  approvers: 2,
};

describe('policies in words', () => {
  it('says which amount, in which currency, from how much', () => {
    expect(policyInWords(policy)).toBe(
      'Deposit approval of any product, when the payout is 5,000.00 EUR or more, needs 2 approvers.',
    );
    expect(
      policyInWords({ ...policy, product: 'sendf2f', amountSide: 'deposit', currency: 'USD' }),
    ).toBe(
      'Deposit approval of end to end transfers, when the deposit is 5,000.00 USD or more, needs 2 approvers.',
    );
    expect(policyInWords({ ...policy, currency: '*', minAmount: '0', approvers: 3 })).toBe(
      'Deposit approval of any product needs 3 approvers.',
    );
    expect(policyInWords({ ...policy, action: 'changeBankDetails', currency: '*' })).toBe(
      'Every bank-detail change of a payout account needs 2 approvers.',
    );
    expect(policyInWords({ ...policy, action: 'approveBatch', product: 'sendc2f' })).toBe(
      'Bulk payout approval of payouts, when the payout total is 5,000.00 EUR or more, needs 2 approvers.',
    );
  });
  it('lists names as a sentence does', () => {
    expect(namesInWords([])).toBe('');
    expect(namesInWords(['Aiko'])).toBe('Aiko');
    // As the page's language lists them (Intl's English keeps the serial comma).
    expect(namesInWords(['Aiko', 'Bruno'])).toBe('Aiko and Bruno');
    expect(namesInWords(['Aiko', 'Bruno', 'Chen'])).toBe('Aiko, Bruno, and Chen');
  });
});
