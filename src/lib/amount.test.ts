import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount';

describe('amountProblem', () => {
  it.each([
    ['100', 'USD', undefined],
    ['100.25', 'USD', undefined],
    ['100.255', 'USD', 'can have at most 2 decimals in USD'],
    ['150000', 'JPY', undefined],
    ['1.5', 'JPY', 'must be a whole number: JPY has no decimals'],
    ['12.345', 'KWD', undefined],
    ['1,000', 'USD', 'must be a number such as 1250.50, without spaces or separators'],
    ['1e3', 'USD', 'must be a number such as 1250.50, without spaces or separators'],
    ['0.00', 'USD', 'must be more than zero'],
    ['', 'USD', 'is required'],
  ])('%j in %s: %s', (amount, symbol, problem) => {
    expect(amountProblem(amount, symbol)).toBe(problem);
  });
});
