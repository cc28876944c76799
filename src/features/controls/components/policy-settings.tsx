// The admin's approval policies (docs/decisions/025): the list in words, the form that adds one
// (the currency chosen from the currency list, the amount measured on the side the policy
// says), and "what would this need?" for a product, currency and amount.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { codedWords, wordsCode } from '#/i18n/words';
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
  ACTION_WORDS,
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
import { WRAPPING_SEGMENTS } from '#/components/wrapping';

/** The products as a choice, in the page's language (drawn, not kept at load). */
const productOptions = () => [
  { value: ANY, label: tr(msg`Any product`) },
  ...PRODUCTS.map((p) => ({ value: p, label: tr(PRODUCT_TITLE[p].plural) })),
];

/** The forms' own messages, as codes read in the page's language (decision 091). */
const POLICY = codedWords({
  currency: /*i18n*/ { id: 'policy.currency', message: 'is required: a currency, or any' },
  approvers: /*i18n*/ { id: 'policy.approvers', message: 'must be 1, 2 or 3' },
  chooseCurrency: /*i18n*/ { id: 'policy.chooseCurrency', message: 'Choose a currency' },
});
const CHOOSE_CURRENCY = wordsCode(POLICY.chooseCurrency);

const PolicyForm = z
  .object({
    action: ControlledAction,
    product: PolicyProduct,
    amountSide: AmountSide,
    currency: z.string().min(1, { error: wordsCode(POLICY.currency) }),
    minAmount: z.string(),
    approvers: z.enum(['1', '2', '3'], { error: wordsCode(POLICY.approvers) }),
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
    title: tr(msg`Waits for a second admin`),
    message: tr(msg`${change.summary} Another admin approves it under Settings before it applies.`),
  });
}

/** The base currency of base-currency policies (the default until the settings are read). */
export function useBaseCurrency() {
  return useQuery(approvalSettingsQuery).data?.baseCurrency ?? 'EUR';
}

function PolicyList() {
  const { t } = useLingui();
  const { data: policies } = useSuspenseQuery(policiesQuery);
  const remove = useRemovePolicy();
  const base = useBaseCurrency();
  if (policies.length === 0)
    return (
      <Text size="sm" mb="md" data-testid="no-policies">
        <Trans>
          No policies yet: every quote and deposit needs one approver, and every bank-detail change
          of an active account needs one approver other than whoever proposed it.
        </Trans>
      </Text>
    );
  return (
    <DataTable
      label={t`Approval policies`}
      mb="md"
      verticalSpacing="xs"
      rows={policies}
      columns={[
        {
          header: t`Policy`,
          cell: (p) => (
            <>
              <Text size="sm">{policyInWords(p, base)}</Text>
              <IdNote>{p.createdBy ? t`Added by ${p.createdBy}` : t`Added by someone`}</IdNote>
            </>
          ),
        },
        {
          header: (
            <VisuallyHidden>
              <Trans>Actions</Trans>
            </VisuallyHidden>
          ),
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
                          title: t`Policy removed`,
                          message: policyInWords(p, base),
                        }),
                })
              }
              aria-label={t`Remove: ${policyInWords(p, base)}`}
            >
              <Trans>Remove</Trans>
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
    { value: ANY, label: tr(msg`Any currency`) },
    ...(base
      ? [{ value: IN_BASE, label: tr(msg`Any currency, as worth in ${base} (the base currency)`) }]
      : []),
    ...currencyChoices(
      (currencies.data ?? []).filter((c) => (side === 'payout' ? c.sendTo : c.sendFrom)),
    ),
  ];
}

function AddPolicyForm() {
  const { t } = useLingui();
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
  // What the amount field measures, said whole for each case.
  const measured =
    side === 'deposit'
      ? currency === ANY
        ? t`The deposit in its own currency; 0 or empty: every amount. Grouping such as 5,000 is fine.`
        : inBase
          ? t`The deposit converted to ${base} at the API’s rate when someone decides; 0 or empty: every amount. Grouping such as 5,000 is fine.`
          : t`The deposit in ${currency}; 0 or empty: every amount. Grouping such as 5,000 is fine.`
      : currency === ANY
        ? t`The payout in its own currency; 0 or empty: every amount. Grouping such as 5,000 is fine.`
        : inBase
          ? t`The payout converted to ${base} at the API’s rate when someone decides; 0 or empty: every amount. Grouping such as 5,000 is fine.`
          : t`The payout in ${currency}; 0 or empty: every amount. Grouping such as 5,000 is fine.`;
  return (
    <MutationForm
      label={t`Add a policy`}
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
            title: t`Policy added`,
            message: policyInWords(outcome.answer, base),
          });
        form.reset({ ...v, minAmount: '' });
      }}
    >
      <Title order={3} fz="md" mb="xs">
        <Trans>Add a policy</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SelectField
          form={form}
          name="action"
          label={t`Decision`}
          data={CONTROLLED_ACTIONS.map((a) => ({ value: a, label: tr(ACTION_WORDS[a]) }))}
          allowDeselect={false}
        />
        {!bankDetails && (
          <SelectField
            form={form}
            name="product"
            label={t`Product`}
            data={productOptions()}
            allowDeselect={false}
          />
        )}
        <SelectField
          form={form}
          name="approvers"
          label={t`Approvers needed`}
          errorLabel={t`Approvers`}
          data={['1', '2', '3'].map((n) => ({ value: n, label: approversInWords(Number(n)) }))}
          allowDeselect={false}
        />
      </SimpleGrid>
      {!bankDetails && (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={500} id="amount-side-label">
            <Trans>Amount measured on</Trans>
          </Text>
          <Controller
            control={form.control}
            name="amountSide"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="amount-side-label"
                data={[
                  { value: 'payout', label: t`The payout` },
                  { value: 'deposit', label: t`The deposit` },
                ]}
                styles={WRAPPING_SEGMENTS}
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
                  ? t`Account currency`
                  : side === 'deposit'
                    ? t`Deposit currency`
                    : t`Payout currency`
              }
              searchable
              data={currencyOptions}
              value={field.value}
              onChange={(v) => field.onChange(v ?? ANY)}
              allowDeselect={false}
              error={fieldError(t`Currency`, errors.currency?.message)}
            />
          )}
        />
        {!bankDetails && (
          <TextInput
            description={measured}
            inputMode="decimal"
            placeholder="0"
            {...textField(form, 'minAmount', t`From amount`, { errorLabel: t`Amount` })}
          />
        )}
      </SimpleGrid>
      {/* What a field holds is said there, next to what to change; the rest above the button. */}
      <SubmitRow mutation={add} failed={t`The policy was not added`} placed={FIELDS} mt="sm">
        <Trans>Add policy</Trans>
      </SubmitRow>
    </MutationForm>
  );
}

const RequirementForm = z
  .object({
    product: z.enum(PRODUCTS),
    currency: z.string({ error: CHOOSE_CURRENCY }).min(1, { error: CHOOSE_CURRENCY }),
    amount: z.string(),
    depositCurrency: z.string({ error: CHOOSE_CURRENCY }).min(1, { error: CHOOSE_CURRENCY }),
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
  const { t } = useLingui();
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
      aria-label={t`What would this need?`}
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
        <Trans>What would a transaction need?</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <SelectField
          form={form}
          name="product"
          label={t`Product`}
          data={productOptions().filter((o) => o.value !== ANY)}
          allowDeselect={false}
        />
        <SelectField
          form={form}
          name="depositCurrency"
          label={t`Deposit currency`}
          searchable
          data={depositOptions}
        />
        <SelectField
          form={form}
          name="currency"
          label={t`Payout currency`}
          errorLabel={t`Currency`}
          searchable
          data={options}
        />
        <TextInput
          inputMode="decimal"
          {...textField(form, 'amount', t`Payout amount`, { errorLabel: t`Amount` })}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" variant="default" loading={answer.isFetching}>
          <Trans>Check</Trans>
        </Button>
      </Group>
      {answer.isError && <ApiErrorAlert error={answer.error} title={t`Not checked`} />}
      {answer.data && asked && (
        <Alert mt="sm" variant="light" title={t`It would need`} data-testid="requirement-answer">
          <List size="sm" spacing={4}>
            {answer.data.results.map((r) => (
              <List.Item key={r.action}>
                {r.policy
                  ? t`${tr(ACTION_WORDS[r.action])}: ${approversInWords(r.required)} (${policyInWords(r.policy, base)})`
                  : t`${tr(ACTION_WORDS[r.action])}: ${approversInWords(r.required)} (no policy applies)`}
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
  if (deposit?.amount) {
    const amount = formatMoney(deposit.amount, deposit.currency);
    parts.push(
      tr(
        msg`Judged on a deposit of ${amount} at the API’s price now; the quote a transaction gets may differ a little.`,
      ),
    );
  } else if (deposit)
    parts.push(
      tr(
        msg`The API would not price ${deposit.currency} for this now: a policy measured on the deposit applies, as it would to a transaction not yet quoted.`,
      ),
    );
  if (base?.payout) {
    const worth = formatMoney(base.payout, base.currency);
    parts.push(tr(msg`The payout is worth ${worth} in the base currency at the API’s rate.`));
  } else if (base)
    parts.push(
      tr(
        msg`${asked.payoutCurrency} could not be converted into ${base.currency} now: a base-currency policy applies.`,
      ),
    );
  return parts.join(' ');
}

export function PolicySettings() {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>
          From an amount, a decision needs this many different approvers; when several policies
          apply, the strictest wins. Whoever created a transaction or proposed a bank-detail change
          never approves it. A change of policy applies at once to everything not yet approved.
        </Trans>
      </Text>
      <PolicyList />
      <AddPolicyForm />
      <RequirementCheck />
    </Stack>
  );
}
