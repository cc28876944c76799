// One rule for errors on screen: a field error under its field in words; what no field holds is
// named in words, once; a general error once.
import { describe, expect, it } from 'vitest';
import { ApiError } from '#/api/errors';
import { fieldLabel } from '#/lib/field-labels';
import '#/lib/dashboard-field-labels';
import { alertLines, errorMessage } from './api-error';

const invalid = (errors: { field: string; message: string }[]) =>
  new ApiError({
    type: 'about:blank',
    title: 'VALIDATION_ERROR',
    status: 400,
    code: 'VALIDATION_ERROR',
    detail: `The request is invalid: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}.`,
    requestId: 'req-1',
    errors,
  });

describe('alertLines', () => {
  it('says nothing more when every field error sits under its field', () => {
    const error = invalid([{ field: 'toAmount', message: 'must be between 10 and 10000' }]);
    expect(alertLines(error, ['toAmount'])).toEqual([]);
  });

  it('names the other fields in words, never by wire name, and each once', () => {
    const error = invalid([
      { field: 'toAmount', message: 'must be between 10 and 10000' },
      { field: 'localRegNumber', message: 'ends in "|NOPE"' },
      { field: 'localRegNumber', message: 'ends in "|NOPE"' },
      { field: 'apiSecret', message: 'is required' },
    ]);
    const lines = alertLines(error, ['name']);
    expect(lines).toEqual([
      'Payout amount must be between 10 and 10000',
      'Registration number ends in "|NOPE"',
      'API secret is required',
    ]);
    // The problem's detail, which repeats them by wire name, is not shown.
    expect(lines.join(' ')).not.toMatch(/toAmount|localRegNumber|apiSecret|invalid/);
    expect(errorMessage(error)).toBe(lines.join('; '));
  });

  it('shows a general error once, as the API said it', () => {
    const error = new ApiError({
      type: 'about:blank',
      title: 'CONFLICT',
      status: 409,
      code: 'CONFLICT',
      detail: 'The transaction has been processed.',
      requestId: 'req-2',
    });
    expect(alertLines(error, ['toAmount'])).toEqual(['The transaction has been processed.']);
    expect(alertLines(new Error('offline'))).toEqual(['offline']);
  });
});

describe('fieldLabel', () => {
  it('reads known names from the dictionary and others as words', () => {
    expect(fieldLabel('toBusinessExternalAccountId')).toBe('Payout account');
    expect(fieldLabel('contactPhonePrefix')).toBe('Phone country code');
    expect(fieldLabel('items.0.someField')).toBe('Items');
    expect(fieldLabel('someNewField')).toBe('Some new field');
  });
});
