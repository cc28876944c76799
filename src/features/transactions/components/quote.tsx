// A quote that follows the inputs: debounced, asked only once the inputs make sense, shown with
// the same words wherever a price is quoted.
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Price, Product, Transaction } from '#/api/schemas/transaction';
import { ApiErrorAlert } from '#/components/api-error';
import { amountProblem, plainAmount } from '#/lib/amount';
import { priceQuery } from '../queries';
import { formatPercent, formatRate, formatTime } from '#/lib/format';
import { PairRate } from '#/components/rate';
import { Money } from '#/components/money';
import { quoteFigures } from '#/api/rates';

/** How often a price on screen is asked again. */
const PRICE_REFRESH_MS = 30_000;

/** Currencies a client can deposit for this product: crypto for payouts, fiat otherwise. */

/**
 * The price for what the form shows, asked once the inputs have settled. The product settles with
 * the currencies: a switch of product never sends the old product's deposit currency to the new
 * product's price (callers pass `from` only when it is one of the product's deposit currencies).
 */
export function useLiveQuote(
  product: Product,
  inputs: { from: string | null | undefined; to: string | null | undefined; amount: string },
) {
  // Debounced as one string: a fresh object each render would restart the timer every time.
  const [key] = useDebouncedValue(
    JSON.stringify([product, inputs.from ?? null, inputs.to ?? null, inputs.amount]),
    400,
  );
  const [settledProduct, settledFrom, settledTo, settledAmount] = JSON.parse(key) as [
    Product,
    string | null,
    string | null,
    string,
  ];
  const debounced = { product: settledProduct, from: settledFrom, to: settledTo };
  const amount = plainAmount(settledAmount);
  const complete = (from: unknown, to: string | null | undefined, value: string) =>
    Boolean(from && to && !amountProblem(value, to));
  // Ready: what the form shows now can be quoted ("Calculating…" until it has settled).
  const ready = complete(inputs.from, inputs.to, inputs.amount);
  // Checked as typed, in the person's own marks: the plain amount ("1250.50") would read as
  // grouped wrongly in a locale whose decimal mark is a comma.
  const settled =
    debounced.product === product &&
    debounced.from === (inputs.from ?? null) &&
    complete(debounced.from, debounced.to, settledAmount);
  const quote = useQuery({
    ...priceQuery(debounced.product, {
      fromCurrencySymbol: debounced.from ?? '',
      toCurrencySymbol: debounced.to ?? '',
      toAmount: amount,
    }),
    enabled: ready && settled,
    // A price is indicative: asked again while it is on screen, and dated where it is shown.
    refetchInterval: PRICE_REFRESH_MS,
  });
  return { ready, quote, amount };
}

/**
 * A transaction's deposit as everyone shows it: the amount fixed by its quote, or, before the
 * quote is fixed, today's price for it (`current`), so the page and the approve dialog agree.
 */
export function useDepositOf(product: Product, t: Transaction, { withRate = false } = {}) {
  // Today's price is asked only when it is shown: the rate, or a deposit the quote has not fixed.
  const price = useQuery({
    ...priceQuery(product, {
      fromCurrencySymbol: t.fromCurrencySymbol,
      toCurrencySymbol: t.toCurrencySymbol,
      toAmount: t.toAmount,
    }),
    enabled: withRate || t.fromAmount === null,
  });
  return {
    amount: t.fromAmount ?? price.data?.amount ?? null,
    current: t.fromAmount === null && price.data !== undefined,
    price,
  };
}

/** Said beside a deposit that the quote has not fixed yet. */
export function CurrentQuoteNote() {
  return (
    <Text span size="xs" c="dimmed" ml={6}>
      <Trans>at today&apos;s rate, fixed by the quote</Trans>
    </Text>
  );
}

export function RateText({ price }: { price: Price }) {
  return <PairRate from={price.fromCurrencySymbol} to={price.toCurrencySymbol} rate={price.rate} />;
}

/**
 * The fee a price includes, as money and as a markup on the reference rate, where the API gives
 * a reference rate (docs/decisions/067); nothing where it does not.
 */
export function PriceFee({ price, toAmount }: { price: Price; toAmount: string }) {
  const { fee, markup, reference } = quoteFigures({
    toAmount,
    fromAmount: price.amount,
    fromCurrencySymbol: price.fromCurrencySymbol,
    rate: price.rate,
    referenceRate: price.referenceRate,
  });
  if (fee === null) return null;
  return (
    <FeeText fee={fee} currency={price.fromCurrencySymbol} markup={markup} reference={reference} />
  );
}

/** "Fee included: 30.14 USDT(TRC20), a 1.00% markup on the reference rate 0.9216589862". */
export function FeeText({
  fee,
  currency,
  markup,
  reference,
}: {
  fee: string;
  currency: string;
  markup: string | null;
  reference: number | string | null;
}) {
  return (
    <Text span size="sm" data-testid="quote-fee">
      <FeeWords
        fee={<Money amount={fee} symbol={currency} />}
        markup={markup === null || reference === null ? null : formatPercent(markup)}
        reference={reference === null ? null : formatRate(reference)}
      />
    </Text>
  );
}

function FeeWords({
  fee,
  markup,
  reference,
}: {
  fee: ReactNode;
  markup: string | null;
  reference: string | null;
}) {
  return markup === null ? (
    <Trans>Fee included: {fee}</Trans>
  ) : (
    <Trans>
      Fee included: {fee}, a {markup} markup on the reference rate {reference}
    </Trans>
  );
}

function NoQuote({ error }: { error: unknown }) {
  const { t } = useLingui();
  return <ApiErrorAlert error={error} title={t`No quote for this`} />;
}

/** When the price on screen was asked, and that it is asked again. */
function PriceValidity({ at }: { at: number }) {
  const time = formatTime(at, 'medium');
  const seconds = PRICE_REFRESH_MS / 1000;
  return (
    <Trans>
      Indicative price of {time}, asked again every {seconds} seconds. The deposit is fixed when its
      quote is approved.
    </Trans>
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
        <Trans>Calculating…</Trans>
      </Text>
    );
  }
  if (quote.isError) return <NoQuote error={quote.error} />;
  return (
    <>
      {children(quote.data)}
      <Text size="xs" c="dimmed" mt={4} data-testid="price-validity">
        <PriceValidity at={quote.dataUpdatedAt} />
      </Text>
    </>
  );
}
