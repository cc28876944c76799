// A quote that follows the inputs: debounced, asked only once the inputs make sense, shown with
// the same words wherever a price is quoted.
import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Currency } from '../../../api/schemas/reference';
import type { Price, Product } from '../../../api/schemas/transaction';
import { ApiErrorAlert } from '../../../components/api-error';
import { amountProblem } from '../../../lib/amount';
import { priceQuery } from '../queries';

/** Currencies a client can deposit for this product: crypto for payouts, fiat otherwise. */
export function depositCurrencies(product: Product, currencies: readonly Currency[]): Currency[] {
  return currencies.filter(
    (c) =>
      c.sendFrom &&
      (product === 'sendc2f' ? c.currencyType === 'CRYPTO' : c.currencyType === 'FIAT'),
  );
}

export function useLiveQuote(
  product: Product,
  inputs: { from: string | null | undefined; to: string | null | undefined; amount: string },
) {
  const [debounced] = useDebouncedValue(inputs, 400);
  const amount = debounced.amount.trim();
  const ready = Boolean(
    debounced.from && debounced.to && !amountProblem(amount, debounced.to ?? undefined),
  );
  const quote = useQuery({
    ...priceQuery(product, {
      fromCurrencySymbol: debounced.from ?? '',
      toCurrencySymbol: debounced.to ?? '',
      toAmount: amount,
    }),
    enabled: ready,
  });
  return { ready, quote, amount };
}

export function RateText({ price }: { price: Price }) {
  return (
    <Text span ff="monospace" size="sm">
      1 {price.fromCurrencySymbol} = {String(price.rate)} {price.toCurrencySymbol}
    </Text>
  );
}

/** The quote's states in words, and `children` with the price once there is one. */
export function QuoteState({
  ready,
  quote,
  notReady,
  children,
}: {
  ready: boolean;
  quote: UseQueryResult<Price>;
  notReady: string;
  children: (price: Price) => ReactNode;
}) {
  if (!ready) {
    return (
      <Text size="sm" c="dimmed">
        {notReady}
      </Text>
    );
  }
  if (quote.isPending) {
    return (
      <Text size="sm" c="dimmed">
        Calculating…
      </Text>
    );
  }
  if (quote.isError) return <ApiErrorAlert error={quote.error} title="No quote for this" />;
  return <>{children(quote.data)}</>;
}
