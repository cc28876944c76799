import { describe, expect, it } from 'vitest';
import { assetCode, currencyDecimals, decimalPlaces } from './money';

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
