import { describe, expect, it } from 'vitest';
import { englishOfText } from '#/i18n/words';
import { amountProblem } from './amount';

describe('amountProblem', () => {
  it.each([
    ['100', 'USD', undefined],
    ['100.25', 'USD', undefined],
    ['100.255', 'USD', 'can have at most 2 decimals in USD'],
    ['150000', 'JPY', undefined],
    ['1.5', 'JPY', 'must be a whole number: JPY has no decimals'],
    ['12.345', 'KWD', undefined],
    ['1,000', 'USD', undefined],
    ['12 500.50', 'EUR', undefined],
    ['12,50', 'EUR', 'must use a point for decimals, such as 12.50'],
    ['1,500.5', 'JPY', 'must be a whole number: JPY has no decimals'],
    ['1e3', 'USD', 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)'],
    ['0.00', 'USD', 'must be more than zero'],
    ['', 'USD', 'is required'],
  ])('%j in %s: %s', (amount, symbol, problem) => {
    const said = amountProblem(amount, symbol);
    expect(said && englishOfText(said)).toBe(problem);
  });
});
