// Creating a transaction: only VALID merchants can send and only ACTIVE accounts can receive;
// the payout currency is the account's; the quote refreshes as the form changes. Validated with
// the contract's schema (plus the amount's rules for the account's currency), like every form.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { valueInWords } from '#/lib/value-words';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import {
  CollectionCreate,
  type Product,
  PURPOSES,
  type Purpose,
  type Transaction,
  TransactionCreate,
} from '#/api/schemas/transaction';
import { FormActions } from '#/components/api-error';
import { useLeaveGuard } from '#/components/leave-guard';
import { applyApiFieldErrors } from '#/components/api-field-errors';
import { AnchorLink } from '#/components/links';
import { Figure } from '#/components/field';
import { Money } from '#/components/money';
import { amountProblem, plainAmount } from '#/lib/amount';
import { fieldError } from '#/lib/field-error';
import { formatMoney } from '#/lib/format';
import { useFormIdempotencyKey } from '#/lib/mutation';
import { currenciesQuery, currencyChoices } from '#/lib/reference';
import { useAccountChoices, useMerchantChoices } from '../../find/queries';
import { useCreateSchedule, useCreateTransaction } from '../queries';
import {
  ScheduleChoice,
  type ScheduleErrors,
  type ScheduleValue,
  todayUtc,
} from './schedule-choice';
import type { Schedule } from '#/api/schedules';
import { ApiError } from '#/api/errors';
import { depositCurrencies } from '#/api/schemas/reference';
import { PriceFee, QuoteState, RateText, useLiveQuote } from './quote';
import { UploadFailed, useUploadStep } from './upload-step';
import { UploadInput } from '#/components/upload-input';
import { RecordField } from '#/components/record-field';
import { textField } from '#/components/text-field';
import { focusFirstInvalid, SelectField } from '#/components/form-fields';

export interface TransactionDraft {
  merchant?: number | undefined;
  account?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  amount?: string | undefined;
  purpose?: Purpose | undefined;
}

/** What the form holds: the contract's fields (unchosen ones empty), and the invoice to upload. */
interface Values {
  fromBusinessId: number | null;
  toBusinessExternalAccountId: number | null;
  fromCurrencySymbol: string | null;
  toAmount: string;
  purpose: Purpose | null;
  invoice: File | null;
}

const schemaOf = (product: Product) =>
  product === 'receive' ? CollectionCreate : TransactionCreate;

/** The contract's field names that are fields here; `invoiceUrl` lands on the invoice. */
const FIELDS = Object.keys(TransactionCreate.shape).filter((name) => !name.endsWith('Url'));

/** Which accounts the payout account picker offers, in words. */
function accountsHint(product: Product, senderChosen: boolean, currency: string | undefined) {
  const whose = !senderChosen ? 'any' : product === 'receive' ? 'own' : 'circle';
  return currency
    ? tr(
        msg({
          message:
            "{whose, select, any {Active accounts in {currency}} own {The sender's own active accounts in {currency}} other {Active accounts of the sender's customer and its contacts in {currency}}}",
        }),
        { whose, currency },
      )
    : tr(
        msg({
          message:
            "{whose, select, any {Active accounts; the payout is in its currency} own {The sender's own active accounts; the payout is in its currency} other {Active accounts of the sender's customer and its contacts; the payout is in its currency}}",
        }),
        { whose },
      );
}

/** What the form's fields ask the API to create (all checked by the resolver first). */
const bodyOf = (values: Values) => ({
  fromBusinessId: values.fromBusinessId!,
  toBusinessExternalAccountId: values.toBusinessExternalAccountId!,
  fromCurrencySymbol: values.fromCurrencySymbol!,
  toAmount: plainAmount(values.toAmount),
  purpose: values.purpose!,
});

/** Why no account is offered, and where to add or activate one. */
function NoAccountWords({ currency }: { currency: string | undefined }) {
  const link = (
    <AnchorLink to="/payout-accounts" c="inherit" underline="always" fw={600}>
      <Trans>Payout accounts</Trans>
    </AnchorLink>
  );
  return currency ? (
    <Trans>
      Only Active payout accounts in {currency} can receive. Add one, or activate one, under {link}.
    </Trans>
  ) : (
    <Trans>Only Active payout accounts can receive. Add one, or activate one, under {link}.</Trans>
  );
}

export function TransactionForm({
  product,
  draft,
  onCreated,
  onScheduled,
  onCancel,
}: {
  product: Product;
  draft: TransactionDraft;
  onCreated: (transaction: Transaction) => void;
  /** A payout scheduled for a day instead (docs/decisions/090). */
  onScheduled?: (schedule: Schedule) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const currencies = useQuery(currenciesQuery);
  const create = useCreateTransaction(product);
  const scheduling = useCreateSchedule();
  const [when, setWhen] = useState<ScheduleValue>(() => ({
    when: 'now',
    date: todayUtc(),
    day: todayUtc().slice(8, 10).replace(/^0/, ''),
    cutoff: '16:00',
  }));
  const [whenErrors, setWhenErrors] = useState<ScheduleErrors>({});
  const schedulable = product !== 'receive' && onScheduled !== undefined;
  const scheduled = schedulable && when.when !== 'now';
  const upload = useUploadStep();
  const idempotencyKey = useFormIdempotencyKey();

  const deposits = depositCurrencies(product, currencies.data ?? []);

  // Every account the picker has offered, for the currency of the one chosen.
  const accountCurrencies = useMemo(() => new Map<number, string>(), []);
  const currencyOf = (accountId: number | null) =>
    (accountId !== null ? accountCurrencies.get(accountId) : undefined) ?? draft.to;

  // The contract's schema decides; the amount also follows the chosen account's currency.
  const contract = zodResolver(schemaOf(product)) as unknown as Resolver<Values>;
  const resolver: Resolver<Values> = async (values, context, options) => {
    const { invoice: _invoice, ...body } = values;
    const plain = { ...body, toAmount: plainAmount(values.toAmount) };
    const result = await contract(plain as unknown as Values, context, options);
    const errors: FieldErrors<Values> = { ...result.errors };
    const amount = amountProblem(values.toAmount, currencyOf(values.toBusinessExternalAccountId));
    if (amount) errors.toAmount = { type: 'amount', message: amount };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
  const form = useForm<Values>({
    // Focus goes to the first field at fault in the order shown (focusFirstInvalid).
    shouldFocusError: false,
    resolver,
    defaultValues: {
      fromBusinessId: draft.merchant ?? null,
      toBusinessExternalAccountId: draft.account ?? null,
      fromCurrencySymbol: draft.from ?? null,
      toAmount: draft.amount ?? '',
      purpose: draft.purpose ?? null,
      invoice: null,
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const guard = useLeaveGuard(form.formState.isDirty);
  const [account, from, amount] = form.watch([
    'toBusinessExternalAccountId',
    'fromCurrencySymbol',
    'toAmount',
  ]);
  // The pickers search every Valid merchant and Active account in the local index as one types.
  const sender = form.watch('fromBusinessId');
  const merchants = useMerchantChoices({ kycStatus: ['VALID'] }, sender);
  // Once the sender is chosen: a collection pays into the sender's own accounts; the others pay
  // within the sender's circle (its customer, and that customer's contacts).
  const whose =
    sender == null ? {} : product === 'receive' ? { businessId: sender } : { party: sender };
  const accounts = useAccountChoices(
    { accountStatus: ['ACTIVE'], currencySymbol: draft.to, ...whose },
    account,
  );
  for (const a of accounts.records) accountCurrencies.set(a.id, a.currencySymbol);
  const payoutCurrency = currencyOf(account);
  // The amount as read, written back the person's way: "12.500,50" reads as "12.500,50 €".
  const typedMoney =
    payoutCurrency && amount && !amountProblem(amount, payoutCurrency)
      ? formatMoney(plainAmount(amount), payoutCurrency)
      : undefined;
  const {
    ready: quoteReady,
    quote,
    amount: quotedAmount,
  } = useLiveQuote(product, {
    // Only a currency the picker offers: a stale one from the address is never priced.
    from: deposits.some((c) => c.symbol === from) ? from : null,
    to: payoutCurrency,
    amount,
  });

  /** A payout for a day instead of now: the same fields, and when (the invoice is not kept). */
  const schedule = (values: Values) => {
    setWhenErrors({});
    scheduling.mutate(
      {
        product: product as 'sendc2f' | 'sendf2f',
        body: bodyOf(values),
        repeat: when.when as 'once' | 'monthly',
        date: when.date,
        ...(when.when === 'monthly' ? { dayOfMonth: Number(when.day) } : {}),
        cutoff: when.cutoff,
      },
      {
        onSuccess: (made) => {
          guard.release();
          onScheduled?.(made);
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
          const own: ScheduleErrors = {};
          for (const e of fieldErrors) {
            const field = e.field.replace(/^body\./, '');
            if (field === 'date' || field === 'dayOfMonth' || field === 'cutoff')
              own[field] = e.message;
            else if (FIELDS.includes(field))
              form.setError(field as keyof Values, { type: 'server', message: e.message });
          }
          setWhenErrors(own);
        },
      },
    );
  };

  const submit = form.handleSubmit(
    (values) =>
      scheduled
        ? schedule(values)
        : upload.then(values.invoice, (invoiceUrl) =>
            create.mutate(
              {
                body: { ...bodyOf(values), ...(invoiceUrl ? { invoiceUrl } : {}) },
                idempotencyKey,
              },
              {
                onSuccess: (created) => {
                  guard.release();
                  onCreated(created);
                },
                onError: (error) => {
                  for (const e of applyApiFieldErrors(error, FIELDS, form.setError))
                    if (e.field === 'invoiceUrl')
                      form.setError('invoice', { type: 'server', message: e.message });
                },
              },
            ),
          ),
    focusFirstInvalid,
  );

  const noMerchants = merchants.none;
  const noAccounts = accounts.none;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`New transaction`}>
      {guard.dialog}
      <Stack gap="lg">
        {noMerchants && (
          <Alert color="orange" variant="light" title={t`No merchant can send yet`}>
            <Trans>
              Only merchants whose KYC status is Valid can initiate transactions. Finish a
              merchant&apos;s onboarding on its page under{' '}
              <AnchorLink to="/merchants" c="inherit" underline="always" fw={600}>
                Merchants
              </AnchorLink>
              .
            </Trans>
          </Alert>
        )}
        {noAccounts && (
          <Alert color="orange" variant="light" title={t`No payout account can receive yet`}>
            <NoAccountWords currency={draft.to} />
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RecordField
            form={form}
            name="fromBusinessId"
            choices={merchants}
            label={t`Sender`}
            description={t`Valid merchants only`}
            placeholder={t`Choose a merchant`}
            nothingFound={t`No valid merchant matches`}
            prompt={t`Choose the merchant that sends`}
            none={null}
          />
          <RecordField
            form={form}
            name="toBusinessExternalAccountId"
            choices={accounts}
            label={t`Payout account`}
            description={accountsHint(product, sender != null, draft.to)}
            placeholder={t`Choose a payout account`}
            nothingFound={t`No active payout account matches`}
            prompt={t`Choose the payout account that receives`}
            none={null}
            // The amount's rules depend on the account's currency.
            onChosen={() => {
              if (form.getValues('toAmount')) void form.trigger('toAmount');
            }}
          />
          <SelectField
            form={form}
            name="fromCurrencySymbol"
            label={t`Deposit currency`}
            description={
              product === 'sendc2f'
                ? t`The crypto the client deposits`
                : t`The currency the client deposits`
            }
            required
            searchable
            placeholder={t`Choose a currency`}
            data={currencyChoices(deposits)}
            prompt={t`Choose the deposit currency`}
          />
          <TextInput
            description={
              payoutCurrency
                ? typedMoney
                  ? t`Pays out ${typedMoney}`
                  : t`In ${payoutCurrency}, the account's currency`
                : t`Choose the account first`
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
            {...textField(form, 'toAmount', t`Payout amount`, { errorLabel: t`Amount` })}
          />
          <SelectField
            form={form}
            name="purpose"
            label={t`Purpose`}
            description={t`Why the money moves`}
            required
            placeholder={t`Choose a purpose`}
            data={PURPOSES.map((p) => ({ value: p, label: valueInWords(p) }))}
            prompt={t`Choose a purpose`}
          />
          <Controller
            control={form.control}
            name="invoice"
            render={({ field }) => (
              <UploadInput
                label={t`Invoice`}
                description={t`Optional: PDF, PNG or JPEG, up to 10 MB`}
                value={field.value}
                onChange={field.onChange}
                error={fieldError(t`Invoice`, errors.invoice?.message)}
              />
            )}
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
            <Trans>Quote</Trans>
          </Title>
          <QuoteState
            ready={quoteReady}
            quote={quote}
            notReady={t`Choose the deposit currency, the payout account and the amount to see the rate and the deposit.`}
          >
            {(price) => (
              <Group gap="xl" wrap="wrap">
                <Figure label={t`The client deposits`}>
                  <Money
                    amount={price.amount}
                    symbol={price.fromCurrencySymbol}
                    fw={700}
                    size="lg"
                  />
                </Figure>
                <Figure label={t`Rate, fees included`}>
                  <RateText price={price} />
                </Figure>
                <Figure label={t`Fee`}>
                  <PriceFee price={price} toAmount={quotedAmount} />
                </Figure>
              </Group>
            )}
          </QuoteState>
        </Paper>

        {schedulable && <ScheduleChoice value={when} onChange={setWhen} errors={whenErrors} />}

        <UploadFailed error={upload.failed} what="invoice" />
        <FormActions
          mutation={scheduled ? scheduling : create}
          refused={scheduled ? t`The payout was not scheduled` : t`The transaction was not created`}
          placed={[...FIELDS, 'invoiceUrl']}
          onCancel={onCancel}
          busy={upload.pending}
        >
          {scheduled ? t`Schedule payout` : t`Create transaction`}
        </FormActions>
      </Stack>
    </form>
  );
}
