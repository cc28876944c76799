// The admin's approval policies (docs/decisions/025): the list in words, the form that adds one
// (the currency chosen from the currency list, the amount measured on the side the policy
// says), and "what would this need?" for a product, currency and amount.
import { SelectField } from '#/components/form-fields';
import { textField } from '#/components/text-field';
import { DataTable, IdNote } from '#/components/data-table';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  List,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  ACTION_LABEL,
  ANY,
  AmountSide,
  CONTROLLED_ACTIONS,
  ControlledAction,
  PolicyProduct,
  type ControlChange,
  RequirementAnswer,
  type RequirementQuery,
} from '#/api/controls';
import { PRODUCTS } from '#/api/schemas/transaction';
import { ApiErrorAlert } from '#/components/api-error';
import { SubmitRow } from '#/components/submit-row';
import { MutationForm } from '#/components/mutation-form';
import { fieldError } from '#/lib/field-error';
import { amountProblem, plainAmount } from '#/lib/amount';
import { formatMoney } from '#/lib/format';
import { PRODUCT_TITLE } from '#/lib/products';
import { currenciesQuery, currencyChoices } from '#/lib/reference';
import {
  approvalSettingsQuery,
  policiesQuery,
  requirementQuery,
  useAddPolicy,
  useRemovePolicy,
} from '../queries';
import { approversInWords, policyInWords } from '../words';
import { tr } from '#/i18n/current';

/** The products as a choice, in the page's language (drawn, not kept at load). */
const productOptions = () => [
  { value: ANY, label: 'Any product' },
  ...PRODUCTS.map((p) => ({ value: p, label: tr(PRODUCT_TITLE[p].plural) })),
];

const PolicyForm = z
  .object({
    action: ControlledAction,
    product: PolicyProduct,
    amountSide: AmountSide,
    currency: z.string().min(1, { error: 'is required: a currency, or any' }),
    minAmount: z.string(),
    approvers: z.enum(['1', '2', '3'], { error: 'must be 1, 2 or 3' }),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'changeBankDetails') return;
    const problem = amountProblem(
      v.minAmount || '0',
      v.currency.startsWith(ANY) ? undefined : v.currency,
      {
        zeroAllowed: true,
      },
    );
    if (problem) ctx.addIssue({ code: 'custom', path: ['minAmount'], message: problem });
  });
type PolicyForm = z.infer<typeof PolicyForm>;
const FIELDS = ['action', 'product', 'amountSide', 'currency', 'minAmount', 'approvers'];

/** Said when a change of the controls was held for a second admin instead of done. */
export function announceHeld(change: ControlChange) {
  notifications.show({
    color: 'blue',
    title: 'Waits for a second admin',
    message: `${change.summary} Another admin approves it under Settings before it applies.`,
  });
}

/** The base currency of base-currency policies (the default until the settings are read). */
export function useBaseCurrency() {
  return useQuery(approvalSettingsQuery).data?.baseCurrency ?? 'EUR';
}

function PolicyList() {
  const { data: policies } = useSuspenseQuery(policiesQuery);
  const remove = useRemovePolicy();
  const base = useBaseCurrency();
  if (policies.length === 0)
    return (
      <Text size="sm" mb="md" data-testid="no-policies">
        No policies yet: every quote and deposit needs one approver, and every bank-detail change of
        an active account needs one approver other than whoever proposed it.
      </Text>
    );
  return (
    <DataTable
      label="Approval policies"
      mb="md"
      verticalSpacing="xs"
      rows={policies}
      columns={[
        {
          header: 'Policy',
          cell: (p) => (
            <>
              <Text size="sm">{policyInWords(p, base)}</Text>
              <IdNote>Added by {p.createdBy ?? 'someone'}</IdNote>
            </>
          ),
        },
        {
          header: <VisuallyHidden>Actions</VisuallyHidden>,
          align: 'right',
          cell: (p) => (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={remove.isPending && remove.variables === p.id}
              onClick={() =>
                remove.mutate(p.id, {
                  onSuccess: (outcome) =>
                    'held' in outcome
                      ? announceHeld(outcome.held.change)
                      : notifications.show({
                          title: 'Policy removed',
                          message: policyInWords(p, base),
                        }),
                })
              }
              aria-label={`Remove: ${policyInWords(p, base)}`}
            >
              Remove
            </Button>
          ),
        },
      ]}
    />
  );
}

/** The currency choice of a policy whose amount is in the base currency, for every currency. */
const IN_BASE = '*base';

/** The currencies a policy can name on its side: payout currencies, or deposit currencies. */
function useCurrencyOptions(side: 'payout' | 'deposit', base?: string) {
  const currencies = useQuery(currenciesQuery);
  return [
    { value: ANY, label: 'Any currency' },
    ...(base
      ? [{ value: IN_BASE, label: `Any currency, as worth in ${base} (the base currency)` }]
      : []),
    ...currencyChoices(
      (currencies.data ?? []).filter((c) => (side === 'payout' ? c.sendTo : c.sendFrom)),
    ),
  ];
}

function AddPolicyForm() {
  const add = useAddPolicy();
  const form = useForm<PolicyForm>({
    resolver: zodResolver(PolicyForm),
    defaultValues: {
      action: 'approveDeposit',
      product: ANY,
      amountSide: 'payout',
      currency: ANY,
      minAmount: '',
      approvers: '2',
    },
  });
  const { errors } = form.formState;
  const [action, side, currency] = useWatch({
    control: form.control,
    name: ['action', 'amountSide', 'currency'],
  });
  const bankDetails = action === 'changeBankDetails';
  const base = useBaseCurrency();
  const currencyOptions = useCurrencyOptions(
    bankDetails ? 'payout' : side,
    bankDetails ? undefined : base,
  );
  const inBase = currency === IN_BASE;
  const measured =
    currency === ANY
      ? 'in its own currency'
      : inBase
        ? `converted to ${base} at the API's rate when someone decides`
        : `in ${currency}`;
  return (
    <MutationForm
      label="Add a policy"
      form={form}
      mutation={add}
      fields={FIELDS}
      input={(v) => ({
        action: v.action,
        product: bankDetails ? ANY : v.product,
        amountSide: bankDetails ? 'payout' : v.amountSide,
        currency: v.currency === IN_BASE ? ANY : v.currency,
        inBase: !bankDetails && v.currency === IN_BASE,
        minAmount: bankDetails ? '0' : plainAmount(v.minAmount || '0'),
        approvers: Number(v.approvers),
      })}
      done={(outcome, v) => {
        if ('held' in outcome) announceHeld(outcome.held.change);
        else
          notifications.show({
            title: 'Policy added',
            message: policyInWords(outcome.answer, base),
          });
        form.reset({ ...v, minAmount: '' });
      }}
    >
      <Title order={3} fz="md" mb="xs">
        Add a policy
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SelectField
          form={form}
          name="action"
          label="Decision"
          data={CONTROLLED_ACTIONS.map((a) => ({ value: a, label: ACTION_LABEL[a] }))}
          allowDeselect={false}
        />
        {!bankDetails && (
          <SelectField
            form={form}
            name="product"
            label="Product"
            data={productOptions()}
            allowDeselect={false}
          />
        )}
        <SelectField
          form={form}
          name="approvers"
          label="Approvers needed"
          errorLabel="Approvers"
          data={['1', '2', '3'].map((n) => ({ value: n, label: approversInWords(Number(n)) }))}
          allowDeselect={false}
        />
      </SimpleGrid>
      {!bankDetails && (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={500} id="amount-side-label">
            Amount measured on
          </Text>
          <Controller
            control={form.control}
            name="amountSide"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="amount-side-label"
                data={[
                  { value: 'payout', label: 'The payout' },
                  { value: 'deposit', label: 'The deposit' },
                ]}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  form.setValue('currency', ANY);
                }}
                style={{ alignSelf: 'flex-start' }}
              />
            )}
          />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        <Controller
          control={form.control}
          name="currency"
          render={({ field }) => (
            <Select
              label={
                bankDetails
                  ? 'Account currency'
                  : side === 'deposit'
                    ? 'Deposit currency'
                    : 'Payout currency'
              }
              searchable
              data={currencyOptions}
              value={field.value}
              onChange={(v) => field.onChange(v ?? ANY)}
              allowDeselect={false}
              error={fieldError('Currency', errors.currency?.message)}
            />
          )}
        />
        {!bankDetails && (
          <TextInput
            description={`The ${side} ${measured}; 0 or empty: every amount. Grouping such as 5,000 is fine.`}
            inputMode="decimal"
            placeholder="0"
            {...textField(form, 'minAmount', 'From amount', { errorLabel: 'Amount' })}
          />
        )}
      </SimpleGrid>
      {/* What a field holds is said there, next to what to change; the rest above the button. */}
      <SubmitRow mutation={add} failed="The policy was not added" placed={FIELDS} mt="sm">
        Add policy
      </SubmitRow>
    </MutationForm>
  );
}

const RequirementForm = z
  .object({
    product: z.enum(PRODUCTS),
    currency: z.string({ error: 'Choose a currency' }).min(1, { error: 'Choose a currency' }),
    amount: z.string(),
    depositCurrency: z
      .string({ error: 'Choose a currency' })
      .min(1, { error: 'Choose a currency' }),
  })
  .superRefine((v, ctx) => {
    const problem = amountProblem(v.amount, v.currency === ANY ? undefined : v.currency);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
type RequirementForm = z.infer<typeof RequirementForm>;

/** The currencies a product takes deposits in: crypto for payouts, fiat for the others. */
function useDepositOptions(product: string) {
  const currencies = useQuery(currenciesQuery);
  const crypto = product === 'sendc2f';
  return currencyChoices(
    (currencies.data ?? []).filter((c) => c.sendFrom && (c.currencyType === 'CRYPTO') === crypto),
  );
}

/**
 * "What would this need?": the approvers each decision of such a transaction would need, judged
 * by the server as the decision itself is (the deposit priced by the API now, both sides worth
 * in the base currency: docs/decisions/064).
 */
function RequirementCheck() {
  const [asked, setAsked] = useState<RequirementQuery | null>(null);
  const form = useForm<RequirementForm>({
    resolver: zodResolver(RequirementForm),
    defaultValues: {
      product: 'sendc2f',
      currency: 'EUR',
      amount: '',
      depositCurrency: 'USDT(TRC20)',
    },
  });
  const product = useWatch({ control: form.control, name: 'product' });
  const options = useCurrencyOptions('payout').filter((o) => o.value !== ANY);
  const depositOptions = useDepositOptions(product);
  // A payout takes crypto, the others fiat: a deposit currency the product does not take goes.
  useEffect(() => {
    const current = form.getValues('depositCurrency');
    if (depositOptions.length > 0 && !depositOptions.some((o) => o.value === current))
      form.setValue('depositCurrency', depositOptions[0]!.value);
  }, [depositOptions.map((o) => o.value).join(), form]);
  const base = useBaseCurrency();
  const answer = useQuery({ ...requirementQuery(asked!), enabled: asked !== null });
  return (
    <form
      aria-label="What would this need?"
      noValidate
      onSubmit={form.handleSubmit((v) =>
        setAsked({
          product: v.product,
          payoutCurrency: v.currency,
          payoutAmount: plainAmount(v.amount),
          depositCurrency: v.depositCurrency,
        }),
      )}
    >
      <Title order={3} fz="md" mb="xs">
        What would a transaction need?
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <SelectField
          form={form}
          name="product"
          label="Product"
          data={productOptions().filter((o) => o.value !== ANY)}
          allowDeselect={false}
        />
        <SelectField
          form={form}
          name="depositCurrency"
          label="Deposit currency"
          errorLabel="Deposit currency"
          searchable
          data={depositOptions}
        />
        <SelectField
          form={form}
          name="currency"
          label="Payout currency"
          errorLabel="Currency"
          searchable
          data={options}
        />
        <TextInput
          inputMode="decimal"
          {...textField(form, 'amount', 'Payout amount', { errorLabel: 'Amount' })}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" variant="default" loading={answer.isFetching}>
          Check
        </Button>
      </Group>
      {answer.isError && <ApiErrorAlert error={answer.error} title="Not checked" />}
      {answer.data && asked && (
        <Alert mt="sm" variant="light" title="It would need" data-testid="requirement-answer">
          <List size="sm" spacing={4}>
            {answer.data.results.map((r) => (
              <List.Item key={r.action}>
                {ACTION_LABEL[r.action]}: {approversInWords(r.required)}
                {r.policy ? ` (${policyInWords(r.policy, base)})` : ' (no policy applies)'}
              </List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt={4}>
            {depositInWords(answer.data, asked)}
          </Text>
        </Alert>
      )}
    </form>
  );
}

/** What the answer was judged on, in words: the deposit as priced, and the worth in the base. */
function depositInWords(
  answer: z.infer<typeof RequirementAnswer>,
  asked: RequirementQuery,
): string {
  const { deposit, base } = answer;
  const parts: string[] = [];
  if (deposit?.amount)
    parts.push(
      `Judged on a deposit of ${formatMoney(deposit.amount, deposit.currency)} at the API's price now; the quote a transaction gets may differ a little.`,
    );
  else if (deposit)
    parts.push(
      `The API would not price ${deposit.currency} for this now: a policy measured on the deposit applies, as it would to a transaction not yet quoted.`,
    );
  if (base?.payout)
    parts.push(
      `The payout is worth ${formatMoney(base.payout, base.currency)} in the base currency at the API's rate.`,
    );
  else if (base)
    parts.push(
      `${asked.payoutCurrency} could not be converted into ${base.currency} now: a base-currency policy applies.`,
    );
  return parts.join(' ');
}

export function PolicySettings() {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        From an amount, a decision needs this many different approvers; when several policies apply,
        the strictest wins. Whoever created a transaction or proposed a bank-detail change never
        approves it. A change of policy applies at once to everything not yet approved.
      </Text>
      <PolicyList />
      <AddPolicyForm />
      <RequirementCheck />
    </Stack>
  );
}
