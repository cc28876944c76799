// Limits per person, merchant and workspace (docs/decisions/089): each with what it allows and
// what is used of it now, and an admin's form to add one. A creation over a limit is refused by
// the server, in words that give the figures.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { codedWords, wordsCode } from '#/i18n/words';
import { Button, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { MoneyLimit } from '#/api/controls';
import { ApiErrorAlert } from '#/components/api-error';
import { DataTable, IdNote } from '#/components/data-table';
import { SelectField } from '#/components/form-fields';
import { MutationForm } from '#/components/mutation-form';
import { SubmitRow } from '#/components/submit-row';
import { textField } from '#/components/text-field';
import { useMerchantChoices } from '#/features/find/queries';
import { peopleQuery } from '#/features/workspace/queries';
import { formatMoney } from '#/lib/format';
import { limitsQuery, useAddLimit, useRemoveLimit } from '../queries';
import { announceHeld } from './policy-settings';

const PERIODS = ['transaction', 'day', 'month'] as const;
const SCOPES = ['person', 'merchant', 'workspace'] as const;

/** A period as a choice: "per transaction", "a day (UTC)". */
const periodWords = (period: MoneyLimit['period']) =>
  tr(
    msg({
      message:
        '{period, select, transaction {per transaction} day {a day (UTC)} other {a month (UTC)}}',
    }),
    { period },
  );

/** What a limit is on, as a choice and under a limit. */
const scopeWords = (scope: MoneyLimit['scope']) =>
  tr(
    msg({
      message: '{scope, select, person {A person} merchant {A merchant} other {The workspace}}',
    }),
    { scope },
  );

/** Whom a limit is about: "each person", "the workspace", or the person's or merchant's name. */
function whomWords(l: Pick<MoneyLimit, 'scope' | 'target' | 'targetName'>) {
  if (l.scope === 'workspace') return tr(msg`the workspace`);
  if (l.target === '*') return l.scope === 'person' ? tr(msg`each person`) : tr(msg`each merchant`);
  return l.targetName;
}

/** "50,000.00 EUR a day (UTC) for each person". */
function limitWords(
  l: Pick<MoneyLimit, 'amount' | 'period' | 'scope' | 'target' | 'targetName'>,
  base: string,
) {
  const amount = formatMoney(l.amount, base);
  return tr(
    msg({
      message:
        '{amount} {period, select, transaction {per transaction} day {a day (UTC)} other {a month (UTC)}} for {whom}',
    }),
    { amount, period: l.period, whom: whomWords(l) },
  );
}

/** The form's own message, as a code read in the page's language (decision 091). */
const LIMIT = codedWords({
  amount: /*i18n*/ { id: 'limit.amount', message: 'is required: an amount such as 50,000' },
});

const LimitForm = z.object({
  scope: z.enum(SCOPES),
  target: z.string(),
  period: z.enum(PERIODS),
  amount: z
    .string()
    .trim()
    .min(1, { error: wordsCode(LIMIT.amount) }),
});
type LimitForm = z.infer<typeof LimitForm>;
const FIELDS = ['scope', 'target', 'period', 'amount'];

/** "48,200.00 of 50,000.00 EUR used today, by Fatima Finance". */
function useWords(l: MoneyLimit, base: string) {
  if (l.used === null) return null;
  const share = Decimal.min(100, new Decimal(l.used).div(l.amount).times(100)).toNumber();
  const values = {
    used: formatMoney(l.used, base),
    amount: formatMoney(l.amount, base),
    period: l.period,
    by: l.usedBy ?? '',
  };
  return {
    text: l.usedBy
      ? tr(
          msg({
            message:
              '{used} of {amount} used {period, select, day {today} other {this month}}, most by {by}',
          }),
          values,
        )
      : tr(
          msg({
            message: '{used} of {amount} used {period, select, day {today} other {this month}}',
          }),
          values,
        ),
    share,
  };
}

function LimitUse({ l, base }: { l: MoneyLimit; base: string }) {
  const { t } = useLingui();
  const words = useWords(l, base);
  if (!words)
    return (
      <Text size="sm" c="dimmed">
        <Trans>Each transaction on its own</Trans>
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm">{words.text}</Text>
      <Progress
        value={words.share}
        color={words.share >= 90 ? 'red' : words.share >= 70 ? 'orange' : 'blue'}
        aria-label={t`Used of the limit: ${Math.round(words.share)}%`}
        size="sm"
      />
    </Stack>
  );
}

export function LimitSettings({ admin }: { admin: boolean }) {
  const { t } = useLingui();
  const limits = useQuery(limitsQuery);
  const remove = useRemoveLimit();
  if (limits.isError) return <ApiErrorAlert error={limits.error} title={t`Not loaded`} />;
  const base = limits.data?.baseCurrency ?? 'EUR';
  const rows = limits.data?.results ?? [];
  return (
    <Stack gap="md">
      {rows.length === 0 ? (
        <Text size="sm" data-testid="no-limits">
          <Trans>No limits yet: anyone who creates transactions may create any amount.</Trans>
        </Text>
      ) : (
        <DataTable
          label={t`Limits`}
          verticalSpacing="xs"
          rows={rows}
          columns={[
            {
              header: t`Limit`,
              cell: (l) => (
                <>
                  <Text size="sm">{limitWords(l, base)}</Text>
                  <IdNote>{scopeWords(l.scope)}</IdNote>
                  {admin && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-xs"
                      px={0}
                      loading={remove.isPending && remove.variables === l.id}
                      aria-label={t`Remove the limit of ${limitWords(l, base)}`}
                      onClick={() =>
                        remove.mutate(l.id, {
                          onSuccess: (outcome) =>
                            'held' in outcome
                              ? announceHeld(outcome.held.change)
                              : notifications.show({ title: t`Limit removed`, message: '' }),
                        })
                      }
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  )}
                </>
              ),
            },
            { header: t`Use now`, cell: (l) => <LimitUse l={l} base={base} /> },
          ]}
        />
      )}
      {admin && <AddLimit base={base} />}
    </Stack>
  );
}

function AddLimit({ base }: { base: string }) {
  const { t } = useLingui();
  const add = useAddLimit();
  const form = useForm<LimitForm>({
    resolver: zodResolver(LimitForm),
    defaultValues: { scope: 'person', target: '*', period: 'day', amount: '' },
  });
  const scope = form.watch('scope');
  // Another kind of limit: "each" of it until someone is chosen.
  useEffect(() => form.setValue('target', '*'), [form, scope]);
  const people = useQuery({ ...peopleQuery, enabled: scope === 'person' });
  const merchants = useMerchantChoices({}, null);
  const targets =
    scope === 'person'
      ? [
          { value: '*', label: t`Each person` },
          ...(people.data?.results ?? [])
            .filter((p) => p.disabledAt === null)
            .map((p) => ({ value: p.id, label: p.name })),
        ]
      : scope === 'merchant'
        ? [{ value: '*', label: t`Each merchant` }, ...merchants.options]
        : [{ value: '*', label: t`The workspace` }];
  return (
    <MutationForm
      label={t`Add a limit`}
      form={form}
      mutation={add}
      fields={FIELDS}
      input={(v) => ({ ...v, target: v.scope === 'workspace' ? '*' : v.target })}
      done={(limit) => {
        notifications.show({
          title: t`Limit added`,
          message: limitWords(limit, base),
        });
        form.reset({ ...form.getValues(), amount: '' });
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <SelectField
          form={form}
          name="scope"
          label={t`Limit on`}
          allowDeselect={false}
          data={SCOPES.map((value) => ({ value, label: scopeWords(value) }))}
        />
        <SelectField
          form={form}
          name="target"
          label={t`For`}
          searchable
          allowDeselect={false}
          data={targets}
          onSearchChange={scope === 'merchant' ? merchants.onSearchChange : undefined}
        />
        <SelectField
          form={form}
          name="period"
          label={t`Period`}
          allowDeselect={false}
          data={PERIODS.map((value) => ({ value, label: periodWords(value) }))}
        />
        <TextInput
          inputMode="decimal"
          description={t`In ${base}, every currency converted at the API’s rate`}
          {...textField(form, 'amount', t`Amount (${base})`, { errorLabel: t`Amount` })}
        />
      </SimpleGrid>
      <SubmitRow mutation={add} failed={t`The limit was not added`} placed={FIELDS} mt="sm">
        <Trans>Add limit</Trans>
      </SubmitRow>
    </MutationForm>
  );
}
