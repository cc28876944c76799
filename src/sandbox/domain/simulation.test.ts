import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATUSES } from '#/api/schemas/payout-account';
import { KYC_STATUSES } from '#/api/schemas/merchant';
import { DomainError } from './errors';
import { keepOrClear, simulatedField, splitStatusSuffix } from './simulation';

describe('splitStatusSuffix', () => {
  it.each(KYC_STATUSES)('reads the KYC status %s from a |STATUS suffix', (status) => {
    expect(splitStatusSuffix(`HRB 1234|${status}`, KYC_STATUSES, 'localRegNumber')).toEqual({
      value: 'HRB 1234',
      status,
    });
  });

  it.each(ACCOUNT_STATUSES)('reads the account status %s from a |STATUS suffix', (status) => {
    expect(splitStatusSuffix(`DE-77|${status}`, ACCOUNT_STATUSES, 'accountNumber')).toEqual({
      value: 'DE-77',
      status,
    });
  });

  it('leaves a value without a pipe alone', () => {
    expect(splitStatusSuffix('HRB 1234', KYC_STATUSES, 'localRegNumber')).toEqual({
      value: 'HRB 1234',
      status: undefined,
    });
  });

  it.each([
    ['HRB 1234|valid', '|valid'],
    ['HRB 1234|APPROVED', '|APPROVED'],
    ['HRB 1234|', '|'],
    ['12|ACTIVE', '|ACTIVE'],
  ])('refuses %s naming the field and the allowed statuses', (value, shown) => {
    try {
      splitStatusSuffix(value, KYC_STATUSES, 'localRegNumber');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const e = error as DomainError;
      expect(e.status).toBe(400);
      expect(e.errors?.[0]?.field).toBe('localRegNumber');
      expect(e.detail).toContain(shown);
      expect(e.detail).toContain('|ACTION_NEEDED');
    }
  });
});

describe('keepOrClear', () => {
  it.each([
    [undefined, 'stored', 'stored'],
    [undefined, null, null],
    [null, 'stored', null],
    ['', 'stored', null],
    ['new', 'stored', 'new'],
  ])('input %j over stored %j gives %j', (input, stored, expected) => {
    expect(keepOrClear(input, stored)).toBe(expected);
  });
});

describe('simulatedField', () => {
  it('keeps the stored value when only a suffix is sent', () => {
    expect(simulatedField('|ACTIVE', '12345', ACCOUNT_STATUSES, 'accountNumber')).toEqual({
      value: '12345',
      status: 'ACTIVE',
    });
  });
  it('replaces the value and reads the status together', () => {
    expect(simulatedField('999|FROZEN', '12345', ACCOUNT_STATUSES, 'accountNumber')).toEqual({
      value: '999',
      status: 'FROZEN',
    });
  });
  it('keeps the stored value and status when the field is absent', () => {
    expect(simulatedField(undefined, '12345', ACCOUNT_STATUSES, 'accountNumber')).toEqual({
      value: '12345',
      status: undefined,
    });
  });
  it('clears the value when null is sent', () => {
    expect(simulatedField(null, '12345', ACCOUNT_STATUSES, 'accountNumber')).toEqual({
      value: null,
      status: undefined,
    });
  });
});
