import { Trans, useLingui } from '@lingui/react/macro';
import {
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { PRODUCT_DESCRIPTION } from '#/lib/product-descriptions';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { WRAPPING_SEGMENTS } from '#/components/wrapping';
import { createFileRoute } from '@tanstack/react-router';
import { oneOf, searchSchema, text, withDefault } from '#/lib/search';
import { ButtonLink } from '#/components/links';
import { Figure } from '#/components/field';
import { Money } from '#/components/money';
import { PageHeader, Panel } from '#/components/page';
import { depositCurrencies } from '#/api/schemas/reference';
import {
  PriceFee,
  QuoteState,
  RateText,
  useLiveQuote,
} from '#/features/transactions/components/quote';
import { amountProblem } from '#/lib/amount';
import { fieldError } from '#/lib/field-error';
import { PRODUCT_OF, PRODUCT_SLUGS, PRODUCT_TITLE, type ProductSlug } from '#/lib/products';
import { currenciesQuery, currencyChoices } from '#/lib/reference';
import { Permitted } from '#/features/session/components/permitted';
import { loaderOf } from '#/lib/route-loader';
import { tr } from '#/i18n/current';

const quoted = text(40);

export const Route = createFileRoute('/_app/pricing')({
  validateSearch: searchSchema({
    product: withDefault(oneOf(PRODUCT_SLUGS), 'payouts'),
    from: quoted,
    to: quoted,
    amount: quoted,
  }),
  loader: loaderOf(() => import('#/lib/reference'), 'currenciesQuery'),
  component: PricingPage,
});

function PricingPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Get a quote · Partner Payments`);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const slug: ProductSlug = search.product;
  const product = PRODUCT_OF[slug];
  const { data: currencies } = useSuspenseQuery(currenciesQuery);
  const deposits = depositCurrencies(product, currencies);
  const payouts = currencies.filter((c) => c.sendTo && c.currencyType === 'FIAT');
  const from = deposits.some((c) => c.symbol === search.from) ? search.from : undefined;
  const to = payouts.some((c) => c.symbol === search.to) ? search.to : undefined;
  const amount = search.amount ?? '';
  const problem = amount ? amountProblem(amount, to) : undefined;
  const set = (patch: Partial<typeof search>) =>
    void navigate({ search: (s) => ({ ...s, ...patch }), replace: true });

  const { ready, quote, amount: quoted } = useLiveQuote(product, { from, to, amount });

  return (
    <>
      <PageHeader
        title={t`Get a quote`}
        description={t`Quote what a client deposits for a payout, fees included, then create the transaction from the quote.`}
      />
      <Stack gap="lg" maw={880}>
        <SegmentedControl
          aria-label={t`Product`}
          // Longer words wrap on a phone instead of being cut.
          styles={WRAPPING_SEGMENTS}
          value={slug}
          onChange={(value) => set({ product: value as ProductSlug, from: undefined })}
          data={PRODUCT_SLUGS.map((s) => ({
            value: s,
            label: tr(PRODUCT_TITLE[PRODUCT_OF[s]].plural),
          }))}
        />
        <Text size="sm" c="dimmed" mt={-8}>
          {tr(PRODUCT_DESCRIPTION[product])}
        </Text>
        <Paper withBorder p="lg" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t`Deposit currency`}
              placeholder={t`Choose`}
              searchable
              data={currencyChoices(deposits)}
              value={from ?? null}
              onChange={(value) => set({ from: value ?? undefined })}
            />
            <Select
              label={t`Payout currency`}
              placeholder={t`Choose`}
              searchable
              data={currencyChoices(payouts)}
              value={to ?? null}
              onChange={(value) => set({ to: value ?? undefined })}
            />
            <TextInput
              label={t`Payout amount`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={to ? t`Amount in ${to}` : t`Amount`}
              value={amount}
              onChange={(e) => set({ amount: e.currentTarget.value || undefined })}
              error={fieldError(t`Amount`, problem)}
            />
          </SimpleGrid>
        </Paper>
        <Panel title={t`Quote`} aria-live="polite">
          <QuoteState
            ready={ready}
            quote={quote}
            notReady={t`Choose both currencies and the amount to be paid out.`}
          >
            {(price) => (
              <Stack gap="md">
                <Group gap="xl" align="flex-end" wrap="wrap">
                  <Figure label={t`The client deposits`}>
                    <Money
                      amount={price.amount}
                      symbol={price.fromCurrencySymbol}
                      fz={26}
                      fw={700}
                    />
                  </Figure>
                  <IconArrowRight size={22} aria-hidden style={{ marginBottom: 8 }} />
                  <Figure label={t`The recipient gets`}>
                    <Money amount={quoted} symbol={price.toCurrencySymbol} fz={26} fw={700} />
                  </Figure>
                </Group>
                <Stack gap={2}>
                  <Text size="sm">
                    <Trans>
                      Rate, fees included: <RateText price={price} />
                    </Trans>
                  </Text>
                  <PriceFee price={price} toAmount={quoted} />
                </Stack>
                <Group>
                  <Permitted operation={`${product}Create`}>
                    <ButtonLink
                      to="/transactions/$product/new"
                      params={{ product: slug }}
                      search={{
                        from: price.fromCurrencySymbol,
                        to: price.toCurrencySymbol,
                        amount: quoted,
                      }}
                      rightSection={<IconArrowRight size={16} aria-hidden />}
                    >
                      <Trans>Create transaction</Trans>
                    </ButtonLink>
                  </Permitted>
                </Group>
              </Stack>
            )}
          </QuoteState>
        </Panel>
      </Stack>
    </>
  );
}
