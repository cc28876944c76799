// Creating a transaction: only VALID merchants can send and only ACTIVE accounts can receive;
// the payout currency is the account's; the quote refreshes as the form changes.
import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { PURPOSES, type Product, type Transaction } from '../../../api/schemas/transaction';
import { ApiErrorAlert } from '../../../components/api-error';
import { AnchorLink } from '../../../components/links';
import { Money } from '../../../components/money';
import { amountProblem } from '../../../lib/amount';
import { fieldError } from '../../../lib/field-error';
import { humanize } from '../../../lib/format';
import { currenciesQuery } from '../../../lib/reference';
import { merchantChoicesQuery } from '../../merchants/queries';
import { payoutAccountChoicesQuery } from '../../payout-accounts/queries';
import { useCreateTransaction, useUploadFile } from '../queries';
import { depositCurrencies, QuoteState, RateText, useLiveQuote } from './quote';

export interface TransactionDraft {
  merchant?: number | undefined;
  account?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  amount?: string | undefined;
}

type Field =
  | 'fromBusinessId'
  | 'toBusinessExternalAccountId'
  | 'fromCurrencySymbol'
  | 'toAmount'
  | 'purpose'
  | 'invoiceUrl';

export function TransactionForm({
  product,
  draft,
  onCreated,
  onCancel,
}: {
  product: Product;
  draft: TransactionDraft;
  onCreated: (transaction: Transaction) => void;
  onCancel: () => void;
}) {
  const merchants = useQuery(merchantChoicesQuery);
  const accountsQuery = useQuery(payoutAccountChoicesQuery);
  const currencies = useQuery(currenciesQuery);
  const create = useCreateTransaction(product);
  const upload = useUploadFile();
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);

  const validMerchants = (merchants.data?.results ?? []).filter((m) => m.kycStatus === 'VALID');
  const activeAccounts = (accountsQuery.data?.results ?? []).filter(
    (a) => a.accountStatus === 'ACTIVE' && (!draft.to || a.currencySymbol === draft.to),
  );
  const deposits = depositCurrencies(product, currencies.data ?? []);

  const [merchant, setMerchant] = useState<string | null>(
    draft.merchant ? String(draft.merchant) : null,
  );
  const [account, setAccount] = useState<string | null>(
    draft.account ? String(draft.account) : null,
  );
  const [from, setFrom] = useState<string | null>(draft.from ?? null);
  const [amount, setAmount] = useState(draft.amount ?? '');
  const [purpose, setPurpose] = useState<string | null>(null);
  const [invoice, setInvoice] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState(false);

  const chosenAccount =
    activeAccounts.find((a) => String(a.id) === account) ??
    (accountsQuery.data?.results ?? []).find((a) => String(a.id) === account);
  const payoutCurrency = chosenAccount?.currencySymbol ?? draft.to;
  const amountError = amountProblem(amount, payoutCurrency);

  const { ready: quoteReady, quote } = useLiveQuote(product, { from, to: payoutCurrency, amount });

  const validate = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!merchant) found.fromBusinessId = 'Choose the merchant that sends';
    if (!account) found.toBusinessExternalAccountId = 'Choose the payout account that receives';
    if (!from) found.fromCurrencySymbol = 'Choose the deposit currency';
    if (amountError) found.toAmount = fieldError('Amount', amountError);
    if (!purpose) found.purpose = 'Choose a purpose';
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!validate()) return;
    let invoiceUrl: string | undefined;
    if (invoice) {
      const stored = await upload.mutateAsync(invoice).catch(() => undefined);
      if (!stored) return;
      invoiceUrl = stored.url;
    }
    create.mutate(
      {
        body: {
          fromBusinessId: Number(merchant),
          toBusinessExternalAccountId: Number(account),
          fromCurrencySymbol: from!,
          toAmount: amount.trim(),
          purpose: purpose as (typeof PURPOSES)[number],
          ...(invoiceUrl ? { invoiceUrl } : {}),
        },
        idempotencyKey,
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const placed: Partial<Record<Field, string>> = {};
          for (const e of error.fieldErrors) {
            if (
              [
                'fromBusinessId',
                'toBusinessExternalAccountId',
                'fromCurrencySymbol',
                'toAmount',
                'purpose',
                'invoiceUrl',
              ].includes(e.field)
            ) {
              placed[e.field as Field] = e.message;
            }
          }
          setErrors(placed);
        },
      },
    );
  };

  const noMerchants = merchants.isSuccess && validMerchants.length === 0;
  const noAccounts = accountsQuery.isSuccess && activeAccounts.length === 0;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="New transaction">
      <Stack gap="lg">
        {noMerchants && (
          <Alert color="orange" variant="light" title="No merchant can send yet">
            Only merchants whose KYC status is Valid can initiate transactions. Finish a
            merchant&apos;s onboarding on its page under{' '}
            <AnchorLink to="/merchants" c="inherit" underline="always" fw={600}>
              Merchants
            </AnchorLink>
            .
          </Alert>
        )}
        {noAccounts && (
          <Alert color="orange" variant="light" title="No payout account can receive yet">
            Only Active payout accounts{draft.to ? ` in ${draft.to}` : ''} can receive. Add one, or
            activate one, under{' '}
            <AnchorLink to="/payout-accounts" c="inherit" underline="always" fw={600}>
              Payout accounts
            </AnchorLink>
            .
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Sender"
            description="Valid merchants only"
            required
            searchable
            placeholder={merchants.isPending ? 'Loading merchants…' : 'Choose a merchant'}
            data={validMerchants.map((m) => ({
              value: String(m.id),
              label: `${m.name} (#${m.id})`,
            }))}
            value={merchant}
            onChange={setMerchant}
            error={touched ? errors.fromBusinessId : undefined}
            nothingFoundMessage="No valid merchant matches"
          />
          <Select
            label="Payout account"
            description={
              draft.to
                ? `Active accounts in ${draft.to}`
                : 'Active accounts only; the payout is in its currency'
            }
            required
            searchable
            placeholder={accountsQuery.isPending ? 'Loading accounts…' : 'Choose an account'}
            data={activeAccounts.map((a) => ({
              value: String(a.id),
              label: `${a.accountHolderName} · ${a.currencySymbol} · #${a.id}`,
            }))}
            value={account}
            onChange={setAccount}
            error={touched ? errors.toBusinessExternalAccountId : undefined}
            nothingFoundMessage="No active account matches"
          />
          <Select
            label="Deposit currency"
            description={
              product === 'sendc2f'
                ? 'The crypto the client deposits'
                : 'The currency the client deposits'
            }
            required
            searchable
            data={deposits.map((c) => ({
              value: c.symbol,
              label: `${c.symbol} · ${c.name}`,
            }))}
            value={from}
            onChange={setFrom}
            error={touched ? errors.fromCurrencySymbol : undefined}
          />
          <TextInput
            label="Payout amount"
            description={
              payoutCurrency
                ? `In ${payoutCurrency}, the account's currency`
                : 'Choose the account first'
            }
            required
            inputMode="decimal"
            autoComplete="off"
            rightSection={
              payoutCurrency ? (
                <Text size="xs" c="dimmed">
                  {payoutCurrency}
                </Text>
              ) : undefined
            }
            rightSectionWidth={payoutCurrency ? 56 : undefined}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={
              touched
                ? (errors.toAmount ??
                  (amount && amountError ? fieldError('Amount', amountError) : undefined))
                : amount && amountError
                  ? fieldError('Amount', amountError)
                  : undefined
            }
          />
          <Select
            label="Purpose"
            description="Why the money moves"
            required
            placeholder="Choose a purpose"
            data={PURPOSES.map((p) => ({ value: p, label: humanize(p) }))}
            value={purpose}
            onChange={setPurpose}
            error={touched ? errors.purpose : undefined}
          />
          <FileInput
            label="Invoice"
            description="Optional: PDF, PNG or JPEG, up to 10 MB"
            placeholder="Choose a file"
            accept="application/pdf,image/png,image/jpeg"
            leftSection={<IconFileUpload size={16} aria-hidden />}
            clearable
            value={invoice}
            onChange={setInvoice}
            error={errors.invoiceUrl}
          />
        </SimpleGrid>

        <Paper
          withBorder
          p="md"
          radius="md"
          bg="var(--mantine-color-default-hover)"
          aria-live="polite"
        >
          <Title order={2} fz="md" mb={6}>
            Quote
          </Title>
          <QuoteState
            ready={quoteReady}
            quote={quote}
            notReady="Choose the deposit currency, the payout account and the amount to see the rate and the deposit."
          >
            {(price) => (
              <Group gap="xl" wrap="wrap">
                <div>
                  <Text size="xs" c="dimmed">
                    The client deposits
                  </Text>
                  <Money
                    amount={price.amount}
                    symbol={price.fromCurrencySymbol}
                    fw={700}
                    size="lg"
                  />
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    Rate, fees included
                  </Text>
                  <RateText price={price} />
                </div>
              </Group>
            )}
          </QuoteState>
        </Paper>

        {upload.isError && (
          <ApiErrorAlert error={upload.error} title="The invoice was not uploaded" />
        )}
        {create.isError && (
          <ApiErrorAlert error={create.error} title="The transaction was not created" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || upload.isPending}>
            Create transaction
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
