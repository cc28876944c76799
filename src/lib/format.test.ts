import { describe, expect, it } from 'vitest';
import { formatAmount, humanize } from './format';

describe('formatAmount', () => {
  it.each([
    ['1234567.5', 'USD', '1,234,567.50'],
    ['150000', 'JPY', '150,000'],
    ['841.347', 'KWD', '841.347'],
    ['0.994561', 'BTC', '0.99456100'],
    ['109.595960', 'USDT(TRC20)', '109.595960'],
    ['9007199254740993.01', 'USD', '9,007,199,254,740,993.01'],
    ['0.1', 'EUR', '0.10'],
    ['-5', 'GBP', '-5.00'],
  ])('%s %s → %s', (amount, symbol, text) => {
    expect(formatAmount(amount, symbol)).toBe(text);
  });

  it('keeps every digit the API sent, beyond what a float holds', () => {
    expect(formatAmount('12345678901234567890.12', 'USD')).toBe('12,345,678,901,234,567,890.12');
  });
});

describe('humanize', () => {
  it.each([
    ['ACTION_NEEDED', 'Action needed'],
    ['OnOff_AWAITING_QUOTE_APPROVAL', 'Awaiting quote approval'],
    ['Receive_IN_PROGRESS', 'In progress'],
    // One spelling for people to read, whatever the wire says.
    ['OnOff_CANCELED', 'Cancelled'],
    ['Receive_CANCELED', 'Cancelled'],
    // An operation's name reads as words too.
    ['approveQuote', 'Approve quote'],
    ['approveDeposit', 'Approve deposit'],
  ])('%s → %s', (value, text) => {
    expect(humanize(value)).toBe(text);
  });
});
