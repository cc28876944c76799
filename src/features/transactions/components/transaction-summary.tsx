import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Field } from '#/components/field';
import { numberTail } from '#/api/local-index';
import type { Product, Transaction } from '#/api/schemas/transaction';
import type { RecipientRecord } from '#/api/controls';
import { AnchorLink } from '#/components/links';
import { Money } from '#/components/money';
import { valueInWords } from '#/lib/value-words';
import { merchantQuery } from '../../merchants/queries';
import { payoutAccountQuery } from '../../payout-accounts/queries';
import { CurrentQuoteNote, useDepositOf } from './quote';
import { Panel } from '#/components/page';

export function TransactionSummary({
  product,
  transaction: t,
  paid,
}: {
  product: Product;
  transaction: Transaction;
  /**
   * What the transaction pays, as recorded when it was made (the controls' record): named here
   * too, so that this page never shows one number as the recipient and another as paid to.
   */
  paid?: Pick<RecipientRecord, 'accountHolderName' | 'number' | 'recorded'> | null | undefined;
}) {
  const { t: say } = useLingui();
  const deposit = useDepositOf(product, t);
  // The parties by name; their ids stay alongside.
  const sender = useQuery(merchantQuery(t.fromBusinessId)).data;
  const recipient = useQuery(merchantQuery(t.toBusinessId)).data;
  const account = useQuery(payoutAccountQuery(t.toBusinessExternalAccountId)).data;
  const tail = account ? numberTail(account) : '';
  const accountName = paid?.recorded
    ? `${paid.accountHolderName ?? say`Account holder not given`} ${paid.number}`
    : account
      ? `${account.accountHolderName}${tail ? ` …${tail}` : ''}`
      : say`Account #${t.toBusinessExternalAccountId}`;
  const ownerName = recipient?.name ?? say`merchant #${t.toBusinessId}`;
  return (
    <Panel title={say`Amounts and parties`}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label={say`Payout requested`}>
          <Money amount={t.toAmount} symbol={t.toCurrencySymbol} fw={600} />
        </Field>
        <Field label={say`Deposit (fees included)`}>
          <Money amount={deposit.amount} symbol={t.fromCurrencySymbol} fw={600} />
          {deposit.current && <CurrentQuoteNote />}
        </Field>
        <Field label={say`Deposit received`}>
          <Money amount={t.depositReceivedAmount} symbol={t.fromCurrencySymbol} />
        </Field>
        <Field label={say`Paid out`}>
          <Money amount={t.payout} symbol={t.toCurrencySymbol} />
        </Field>
        <Field label={say`Sender`}>
          <AnchorLink
            to="/merchants/$id"
            params={{ id: t.fromBusinessId }}
            translate={sender ? 'no' : undefined}
          >
            {sender?.name ?? say`Merchant #${t.fromBusinessId}`}
          </AnchorLink>
          {sender && (
            <Text size="xs" c="dimmed">
              {say`Merchant #${t.fromBusinessId}`}
            </Text>
          )}
        </Field>
        <Field label={say`Recipient`}>
          <Trans>
            <AnchorLink
              to="/payout-accounts/$id"
              params={{ id: t.toBusinessExternalAccountId }}
              underline="always"
              translate="no"
            >
              {accountName}
            </AnchorLink>{' '}
            of{' '}
            <AnchorLink
              to="/merchants/$id"
              params={{ id: t.toBusinessId }}
              underline="always"
              translate="no"
            >
              {ownerName}
            </AnchorLink>
          </Trans>
          <Text size="xs" c="dimmed">
            {say`Account #${t.toBusinessExternalAccountId} of merchant #${t.toBusinessId}`}
          </Text>
        </Field>
        <Field label={say`Purpose`}>{valueInWords(t.purpose)}</Field>
      </SimpleGrid>
    </Panel>
  );
}
