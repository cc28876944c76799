// The one rule for "is this answer of the partner's API final?", and its refusal in its words.
import { describe, expect, it } from 'vitest';
import { isFinalAnswer, refusalText } from './partner-api';

describe('an answer of the partner API', () => {
  it.each([
    [200, true],
    [400, true],
    [404, true],
    [422, true],
    [408, false],
    [409, false],
    [429, false],
    [500, false],
    [502, false],
    [503, false],
  ])('%i is final: %s', (status, final) => {
    expect(isFinalAnswer(status)).toBe(final);
  });

  it('is read as its detail, then each field', () => {
    const body = (value: unknown) => ({ body: Buffer.from(JSON.stringify(value)) });
    expect(
      refusalText(
        body({
          detail: 'The quote expired.',
          errors: [{ field: 'toAmount', message: 'must be positive' }],
        }),
      ),
    ).toBe('The quote expired. toAmount must be positive');
    expect(refusalText(body({ detail: 'Nope.' }))).toBe('Nope.');
    expect(refusalText(body({}))).toBeUndefined();
    expect(refusalText({ body: Buffer.from('<html>') })).toBeUndefined();
    expect(refusalText(body({ detail: 7, errors: 'x' }))).toBeUndefined();
  });
});
