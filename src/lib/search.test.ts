import { describe, expect, it } from 'vitest';
import {
  integer,
  listOf,
  matching,
  oneOf,
  optionalIdSearch,
  pageSearch,
  searchSchema,
  text,
  withDefault,
} from './search';

const Search = searchSchema({
  ...pageSearch,
  q: text(5),
  requestId: text(4, { trim: true }),
  status: listOf(['NEW', 'VALID']),
  sort: oneOf(['name', 'created']),
  day: matching(/^\d{4}-\d{2}-\d{2}$/),
  owner: optionalIdSearch,
  code: integer({ min: 1, max: 599 }),
  product: withDefault(oneOf(['payouts', 'collections']), 'payouts'),
});

describe('a page search read from its address', () => {
  it('keeps what fits, with the defaults of what is missing', () => {
    expect(
      Search.parse({
        start: '40',
        limit: '50',
        q: 'lumen',
        requestId: ' ab ',
        status: 'NEW,VALID',
        sort: 'name',
        day: '2026-11-27',
        owner: '12',
        code: 404,
        product: 'collections',
      }),
    ).toEqual({
      start: 40,
      limit: 50,
      q: 'lumen',
      requestId: 'ab',
      status: ['NEW', 'VALID'],
      sort: 'name',
      day: '2026-11-27',
      owner: 12,
      code: 404,
      product: 'collections',
    });
    expect(Search.parse({})).toEqual({ start: 0, limit: 20, product: 'payouts' });
  });

  it.each([
    ['start', '-1', 0],
    ['start', '1000001', 0],
    ['start', '2.5', 0],
    ['limit', '30', 20],
    ['limit', 'many', 20],
    ['q', 'longer than five', undefined],
    ['status', 'NEW,NOT_A_STATUS', undefined],
    ['status', Array(21).fill('NEW').join(','), undefined],
    ['sort', 'amount', undefined],
    ['day', '27/11/2026', undefined],
    ['owner', '0', undefined],
    ['owner', '1e3', undefined],
    ['owner', '99999999999999999', undefined],
    ['code', '600', undefined],
    ['product', 'everything', 'payouts'],
    ['q', { toString: (): string => 'x' }, undefined],
  ])('drops %s=%j (an edited address opens the page)', (key, value, expected) => {
    expect((Search.parse({ [key]: value }) as Record<string, unknown>)[key]).toEqual(expected);
  });

  it('answers the router as a Standard Schema, never with issues', () => {
    const answer = Search['~standard'].validate({ q: 'ok', unknown: 'dropped' });
    expect(answer).toEqual({ value: { start: 0, limit: 20, q: 'ok', product: 'payouts' } });
    expect(Search['~standard'].validate(null)).toEqual({
      value: { start: 0, limit: 20, product: 'payouts' },
    });
  });
});
