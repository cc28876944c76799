import { afterEach, describe, expect, it } from 'vitest';
import { formatAmount, formatPercent, formatRate, humanize, setFormats } from './format';

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

describe('formatPercent', () => {
  afterEach(() => setFormats({ locale: 'en-US', timeZone: 'UTC' }));

  it('keeps the decimals it is given, in the person’s locale', () => {
    setFormats({ locale: 'en-US', timeZone: 'UTC' });
    expect(formatPercent('12.3')).toBe('12.3%');
    expect(formatPercent('1.00')).toBe('1.00%');
    setFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(formatPercent('91.2')).toBe('91,2\u00a0%');
    // A rate keeps the digits the API gave (decision 067), with the locale's decimal mark.
    expect(formatRate(0.9912)).toBe('0,9912');
  });
});
