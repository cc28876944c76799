// Where the client deposits: the wallet address (with a QR code) for payouts, the bank details
// for end to end transfers and collections. Every value can be copied.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { isCancelled } from '#/api/transaction-states';
import { CopyValue } from '#/components/copy-value';
import { Field } from '#/components/field';
import { Money } from '#/components/money';
import { Panel } from '#/components/page';

/** An account number that is an IBAN (two letters, two check digits, then the account). */
const isIban = (value: string) => /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value.replace(/\s+/g, ''));

/** The bank details' rows: label, value, what its copy button copies, monospace or not. */
function bankRows(bank: NonNullable<Transaction['bankDetails']>) {
  const rows: Array<[string, string | undefined, string, boolean]> = [
    [tr(msg`Name on account`), bank.nameOnAccount, tr(msg`name on account`), false],
    isIban(bank.accountNumber)
      ? [tr(msg`IBAN`), bank.accountNumber, tr(msg`IBAN`), true]
      : [tr(msg`Account number`), bank.accountNumber, tr(msg`account number`), true],
    [tr(msg`Routing number (ABA)`), bank.routingNumber, tr(msg`routing number`), true],
    [tr(msg`BIC (SWIFT code)`), bank.swiftCode, tr(msg`BIC`), true],
    [tr(msg`Bank`), bank.bankName, tr(msg`bank name`), false],
    [tr(msg`Bank address`), bank.bankAddress, tr(msg`bank address`), false],
    [tr(msg`Reference`), bank.reference, tr(msg`payment reference`), true],
  ];
  return rows;
}

function Row({
  label,
  value,
  copyLabel,
  mono = true,
}: {
  label: string;
  value: string;
  copyLabel: string;
  mono?: boolean;
}) {
  return (
    <Field label={label}>
      <CopyValue value={value} label={copyLabel} mono={mono} />
    </Field>
  );
}

export function DepositInstructions({
  product,
  transaction: t,
}: {
  product: Product;
  transaction: Transaction;
}) {
  const { t: say } = useLingui();
  const deposited = t.depositApprovedDate !== null;
  const cancelled = isCancelled(t.clientStatus);
  // Instructions only while a deposit is still to come; afterwards, what happened.
  const instructions = (text: string) =>
    deposited ? null : cancelled ? (
      <Text size="xs" c="dimmed">
        <Trans>The transaction is cancelled: nothing is to be deposited.</Trans>
      </Text>
    ) : (
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    );
  const amount = t.fromAmount && (
    <Text size="sm">
      {deposited
        ? say`Amount received:`
        : cancelled
          ? say`Amount quoted:`
          : say`Amount to deposit:`}{' '}
      <Money
        amount={deposited ? (t.depositReceivedAmount ?? t.fromAmount) : t.fromAmount}
        symbol={t.fromCurrencySymbol}
        fw={600}
      />
    </Text>
  );
  if (product === 'sendc2f') {
    const address = t.walletDetails?.walletAddress;
    return (
      <Panel
        title={
          deposited
            ? say`Deposited to this wallet`
            : cancelled
              ? say`Deposit details`
              : say`Deposit to this wallet`
        }
      >
        {address ? (
          <Group align="flex-start" gap="lg" wrap="wrap">
            {/* A code to scan only while something is to be sent: not once it has arrived. */}
            {!deposited && !cancelled && (
              <div style={{ background: 'white', padding: 8, borderRadius: 8, lineHeight: 0 }}>
                <QRCodeSVG
                  value={address}
                  size={132}
                  title={say`QR code of the wallet address ${address}`}
                  level="M"
                />
              </div>
            )}
            <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
              <Row
                label={say`${t.fromCurrencySymbol} address`}
                value={address}
                copyLabel={say`wallet address`}
              />
              {amount}
              {instructions(
                say`Send only ${t.fromCurrencySymbol} on this network. Approve the deposit once it has arrived.`,
              )}
            </Stack>
          </Group>
        ) : (
          <Alert variant="light" color="gray">
            <Trans>The wallet address appears once the quote is approved.</Trans>
          </Alert>
        )}
      </Panel>
    );
  }
  const bank = t.bankDetails;
  return (
    <Panel
      title={
        deposited
          ? say`Deposited to this bank account`
          : cancelled
            ? say`Deposit details`
            : say`Deposit to this bank account`
      }
    >
      {bank ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {bankRows(bank).map(([label, value, copyLabel, mono]) =>
              value ? (
                <Row key={label} label={label} value={value} copyLabel={copyLabel} mono={mono} />
              ) : null,
            )}
          </SimpleGrid>
          {amount}
          {instructions(
            say`The reference must be on the transfer, so the deposit is matched to this transaction.`,
          )}
        </Stack>
      ) : (
        <Alert variant="light" color="gray">
          <Trans>The bank details appear once the quote is approved.</Trans>
        </Alert>
      )}
    </Panel>
  );
}
