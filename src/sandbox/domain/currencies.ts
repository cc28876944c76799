// The sandbox's currency catalogue: what can be deposited (sendFrom), paid out (sendTo), and
// the fixed reference value of each in US dollars that prices are computed from.
import type { Currency } from '#/api/schemas/reference';

interface CatalogueEntry extends Currency {
  /** Value of one unit in US dollars: a decimal string, never a float. */
  usdValue: string;
}

const fiat = (
  symbol: string,
  name: string,
  usdValue: string,
  sendFrom: boolean,
): CatalogueEntry => ({ symbol, name, currencyType: 'FIAT', sendFrom, sendTo: true, usdValue });

const crypto = (symbol: string, name: string, usdValue: string): CatalogueEntry => ({
  symbol,
  name,
  currencyType: 'CRYPTO',
  sendFrom: true,
  sendTo: false,
  usdValue,
});

export const CURRENCY_CATALOGUE: readonly CatalogueEntry[] = [
  fiat('USD', 'US Dollar', '1', true),
  fiat('EUR', 'Euro', '1.0850', true),
  fiat('GBP', 'Pound Sterling', '1.2700', true),
  fiat('JPY', 'Yen', '0.006700', true),
  fiat('CHF', 'Swiss Franc', '1.1300', true),
  fiat('CAD', 'Canadian Dollar', '0.7300', true),
  fiat('KWD', 'Kuwaiti Dinar', '3.2500', true),
  fiat('AUD', 'Australian Dollar', '0.6600', false),
  fiat('SGD', 'Singapore Dollar', '0.7400', false),
  fiat('HKD', 'Hong Kong Dollar', '0.1280', false),
  fiat('AED', 'UAE Dirham', '0.2723', false),
  fiat('INR', 'Indian Rupee', '0.01200', false),
  fiat('MXN', 'Mexican Peso', '0.05800', false),
  fiat('BRL', 'Brazilian Real', '0.2000', false),
  fiat('NGN', 'Naira', '0.000650', false),
  fiat('KES', 'Kenyan Shilling', '0.007700', false),
  fiat('PHP', 'Philippine Peso', '0.01750', false),
  fiat('BHD', 'Bahraini Dinar', '2.6500', false),
  crypto('USDT(TRC20)', 'Tether USD on TRON (TRC-20)', '1'),
  crypto('USDT(ERC20)', 'Tether USD on Ethereum (ERC-20)', '1'),
  crypto('USDC(ERC20)', 'USD Coin on Ethereum (ERC-20)', '1'),
  crypto('BTC', 'Bitcoin', '65000'),
  crypto('ETH', 'Ether', '3200'),
];

const BY_SYMBOL = new Map(CURRENCY_CATALOGUE.map((entry) => [entry.symbol, entry]));

export function findCurrency(symbol: string): CatalogueEntry | undefined {
  return BY_SYMBOL.get(symbol);
}

/** The public list, as `GET /v1/currency/` serves it. */
export const CURRENCIES: readonly Currency[] = CURRENCY_CATALOGUE.map(
  ({ usdValue: _usd, ...currency }) => currency,
);

/** Fiat currencies a payout account can hold. */
export function isPayoutCurrency(symbol: string): boolean {
  const entry = findCurrency(symbol);
  return entry !== undefined && entry.currencyType === 'FIAT' && entry.sendTo;
}

export function payoutCurrencySymbols(): string[] {
  return CURRENCY_CATALOGUE.filter((c) => c.currencyType === 'FIAT' && c.sendTo).map(
    (c) => c.symbol,
  );
}
