import { describe, expect, it } from 'vitest';
import {
  amountLimitProblem,
  assetCode,
  currencyDecimals,
  decimalPlaces,
  normalizeAmount,
} from './money';

describe('currencyDecimals', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['USDT(TRC20)', 6],
    ['USDC(ERC20)', 6],
    ['BTC', 8],
    ['ETH', 8],
  ])('%s has %i decimals', (symbol, decimals) => {
    expect(currencyDecimals(symbol)).toBe(decimals);
  });

  it('does not know made-up symbols', () => {
    expect(currencyDecimals('XYZQ')).toBeUndefined();
  });
});

describe('assetCode', () => {
  it('drops the token standard', () => {
    expect(assetCode('USDT(ERC20)')).toBe('USDT');
    expect(assetCode('BTC')).toBe('BTC');
  });
});

describe('decimalPlaces', () => {
  it.each([
    ['100', 0],
    ['100.5', 1],
    ['0.000001', 6],
  ])('%s has %i places', (amount, places) => {
    expect(decimalPlaces(amount)).toBe(places);
  });
});

describe('normalizeAmount', () => {
  it.each([
    ['5000', '5000'],
    ['5,000', '5000'],
    ['12 500.50', '12500.50'],
    ['12,500.50', '12500.50'],
    ['1\u00a0250\u00a0000', '1250000'],
    ["1'250.5", '1250.5'],
    [' 0.25 ', '0.25'],
    ['1,234,567.891', '1234567.891'],
  ])('reads %j as %s', (typed, amount) => {
    expect(normalizeAmount(typed)).toEqual({ amount });
  });

  it.each([
    ['', 'is required'],
    ['12,50', 'must use a point for decimals, such as 12.50'],
    ['1,5', 'must use a point for decimals, such as 12.50'],
    ['12.500,50', 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)'],
    ['1,00,000', 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)'],
    ['1,000 000', 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)'],
    ['1e3', 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)'],
    ['-5', 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)'],
    ['5.', 'must be a number such as 1250.50 (grouping such as 12,500.50 is fine)'],
  ])('refuses %j: %s', (typed, problem) => {
    expect(normalizeAmount(typed)).toMatchObject({ problem });
  });

  // A German (or French, Swiss…) person marks decimals with a comma.
  it.each([
    ['12.500,50', '12500.50'],
    ['12500,5', '12500.5'],
    ['1.250.000', '1250000'],
    ['12\u202f500,50', '12500.50'],
    ["12'500,50", '12500.50'],
    ['7', '7'],
  ])('with a decimal comma, reads %j as %s', (typed, amount) => {
    expect(normalizeAmount(typed, ',')).toEqual({ amount });
  });

  it.each([
    ['12.50', 'must use a comma for decimals, such as 12,50'],
    ['12,500.50', 'must be a number such as 1250,50 (grouping such as 12.500,50 is fine)'],
    ['1,2,3', 'must be a number such as 1250,50 (grouping such as 12.500,50 is fine)'],
    ['12.5000', 'must use a comma for decimals, such as 12,50'],
  ])('with a decimal comma, refuses %j: %s', (typed, problem) => {
    expect(normalizeAmount(typed, ',')).toMatchObject({ problem });
  });
});

describe('normalizeAmount reads a bulk file’s amounts as it reads a form’s', () => {
  it.each([
    { text: '1250.50', decimal: '.', plain: '1250.50' },
    { text: '1,250.50', decimal: '.', plain: '1250.50' },
    { text: '1 250,50', decimal: ',', plain: '1250.50' },
    { text: "1'250.50", decimal: '.', plain: '1250.50' },
    { text: '0012', decimal: '.', plain: '12' },
    { text: '0.50', decimal: '.', plain: '0.50' },
    { text: '1.250', decimal: ',', plain: '1250' },
    { text: '12,5', decimal: '.', plain: undefined },
    { text: '1,25,0', decimal: '.', plain: undefined },
    { text: '12 50', decimal: '.', plain: undefined },
    { text: '-5', decimal: '.', plain: undefined },
    { text: '', decimal: '.', plain: undefined },
  ] as const)('"$text" with decimal "$decimal" is $plain', ({ text, decimal, plain }) => {
    const read = normalizeAmount(text, decimal);
    expect('amount' in read ? read.amount : undefined).toBe(plain);
  });
});

describe('amountLimitProblem', () => {
  it.each([
    ['1', undefined],
    ['1.00', undefined],
    ['999999.99', undefined],
    ['1000000', undefined],
    ['1000000.00', undefined],
    ['1000000.01', 'must be between 1 and 1000000 EUR'],
    ['0.99', 'must be between 1 and 1000000 EUR'],
    ['0', 'must be between 1 and 1000000 EUR'],
    ['-5', 'must be between 1 and 1000000 EUR'],
    ['12000000', 'must be between 1 and 1000000 EUR'],
  ])('%s: %s', (amount, problem) => {
    expect(amountLimitProblem(amount, 'EUR')).toBe(problem);
  });

  it('leaves the currency out when there is none', () => {
    expect(amountLimitProblem('0.5')).toBe('must be between 1 and 1000000');
  });
});
