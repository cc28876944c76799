import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels';
import './dashboard-field-labels';

describe('field labels', () => {
  it('names the API’s fields in words', () => {
    expect(fieldLabel('toAmount')).toBe('Payout amount');
    expect(fieldLabel('someField')).toBe('Some field');
  });

  it('says where in a scenario file a field is', () => {
    expect(fieldLabel('scenario.merchants.2.name')).toBe('Merchant 3 of the file: Name');
    expect(fieldLabel('scenario.payoutAccounts.0.iban')).toBe('Payout account 1 of the file: IBAN');
    expect(fieldLabel('scenario.transactions.4.from')).toBe('Transaction 5 of the file: Sender');
    expect(fieldLabel('scenario.transactions.0.steps.1')).toBe('Transaction 1 of the file: step 2');
    expect(fieldLabel('scenario.merchants.1')).toBe('Merchant 2 of the file');
    expect(fieldLabel('scenario.scenario')).toBe('Scenario format version');
    expect(fieldLabel('scenario.name')).toBe('Scenario: Name');
  });
});
