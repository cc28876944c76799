import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DateTime } from '#/components/date-time';
import { AnchorLink } from '#/components/links';
import { Logo } from '#/components/logo';
import { PairRate } from '#/components/rate';
import { Money } from '#/components/money';
import { sessionQuery } from '#/features/session/queries';
import { confirmationQuery } from '#/features/transactions/queries';
import { transactionControlsQuery } from '#/features/controls/queries';
import { recordPage } from '#/app/route-states';
import { idParams } from '#/lib/params';

export const Route = createFileRoute('/_app/transactions/payouts/$id/receipt')({
  // Not a layout route: /transactions/payouts/new must stay a product page.
  params: idParams,
  ...recordPage(async () => (await import('#/features/transactions/queries')).confirmationQuery),
  component: ReceiptPage,
});

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

function ReceiptPage() {
  const { id } = Route.useParams();
  const { data: c } = useSuspenseQuery(confirmationQuery(id));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const sandbox = session.signedIn && session.environment === 'sandbox';
  // What the dashboard recorded when it created the payout: the account as it was paid, which
  // a later change of the account's bank details does not rewrite (docs/decisions/025).
  const recorded = useQuery(transactionControlsQuery('sendc2f', id)).data?.recipient;
  const { t } = useLingui();
  useDocumentTitle(t`Payout confirmation #${id}`);
  return (
    <Stack maw={640} mx="auto" gap="md">
      <Group justify="space-between" className="no-print">
        <AnchorLink to="/transactions/$product/$id" params={{ product: 'payouts', id }} size="sm">
          {t`← Payout #${id}`}
        </AnchorLink>
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
      </Group>
      <Paper withBorder p="xl" radius="md" className="receipt">
        <Group justify="space-between" mb="lg">
          <Group gap="sm">
            <Logo />
            <Text fw={700}>Partner Payments</Text>
          </Group>
          <Stack gap={2} align="flex-end">
            {sandbox && (
              <Badge color="orange.5" radius="sm">
                <Trans>Sandbox: test data</Trans>
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              <Trans>Reference</Trans> <span translate="no">{c.reference}</span>
            </Text>
          </Stack>
        </Group>
        <Title order={1} fz={24} mb={4}>
          <Trans>Payout confirmation</Trans>
        </Title>
        <Text size="sm" c="dimmed" mb="lg">
          <Trans>
            Payout #{c.businessRequestId}, completed <DateTime value={c.completedTime} />
          </Trans>
        </Text>
        <Stack gap={8}>
          <Line label={t`Paid out`}>
            <Money amount={c.payout} symbol={c.toCurrencySymbol} fw={700} />
          </Line>
          <Line label={t`Deposited, fees included`}>
            <Money amount={c.fromAmount} symbol={c.fromCurrencySymbol} />
          </Line>
          <Line label={t`Rate`}>
            <PairRate from={c.fromCurrencySymbol} to={c.toCurrencySymbol} rate={c.rate} />
          </Line>
        </Stack>
        <Divider my="lg" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
              <Trans>Sender</Trans>
            </Text>
            <Text size="sm" translate="no">
              {c.sender.name}
            </Text>
            <Text size="sm" c="dimmed">
              {t`Merchant #${c.sender.businessId}`}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
              <Trans>Recipient</Trans>
            </Text>
            {recorded?.recorded ? (
              <div data-testid="receipt-recipient">
                <Text size="sm" translate="no">
                  {recorded.accountHolderName}
                </Text>
                <Text size="sm" c="dimmed" translate="no">
                  {recorded.bankName}, {recorded.number}
                  {recorded.swiftCode ? `, BIC ${recorded.swiftCode}` : ''}, {recorded.countryIso}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {recorded.changedSince
                    ? t`As the account was when the payout was made; its bank details have changed since.`
                    : t`As the account was when the payout was made.`}
                </Text>
              </div>
            ) : (
              <>
                <Text size="sm" translate="no">
                  {c.recipient.accountHolderName}
                </Text>
                <Text size="sm" c="dimmed">
                  {t`${c.recipient.bankName}, account ending ${c.recipient.accountNumberLast4}, ${c.recipient.countryIso}`}
                </Text>
              </>
            )}
          </div>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
