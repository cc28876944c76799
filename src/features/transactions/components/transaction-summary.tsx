import { Paper, SimpleGrid, Title } from '@mantine/core';
import { Field } from '../../../components/field';
import type { Transaction } from '../../../api/schemas/transaction';
import { AnchorLink } from '../../../components/links';
import { Money } from '../../../components/money';
import { humanize } from '../../../lib/format';

export function TransactionSummary({ transaction: t }: { transaction: Transaction }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="lg" mb="md">
        Amounts and parties
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label="Payout requested">
          <Money amount={t.toAmount} symbol={t.toCurrencySymbol} fw={600} />
        </Field>
        <Field label="Deposit (fees included)">
          <Money amount={t.fromAmount} symbol={t.fromCurrencySymbol} fw={600} />
        </Field>
        <Field label="Deposit received">
          <Money amount={t.depositReceivedAmount} symbol={t.fromCurrencySymbol} />
        </Field>
        <Field label="Paid out">
          <Money amount={t.payout} symbol={t.toCurrencySymbol} />
        </Field>
        <Field label="Sender">
          <AnchorLink to="/merchants/$id" params={{ id: t.fromBusinessId }}>
            Merchant #{t.fromBusinessId}
          </AnchorLink>
        </Field>
        <Field label="Recipient">
          <AnchorLink
            to="/payout-accounts/$id"
            params={{ id: t.toBusinessExternalAccountId }}
            underline="always"
          >
            Account #{t.toBusinessExternalAccountId}
          </AnchorLink>{' '}
          of{' '}
          <AnchorLink to="/merchants/$id" params={{ id: t.toBusinessId }} underline="always">
            merchant #{t.toBusinessId}
          </AnchorLink>
        </Field>
        <Field label="Purpose">{humanize(t.purpose)}</Field>
        {t.cancelReason && <Field label="Cancel reason">{humanize(t.cancelReason)}</Field>}
      </SimpleGrid>
    </Paper>
  );
}
