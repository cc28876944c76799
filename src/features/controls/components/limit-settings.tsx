// Limits per person, merchant and workspace (docs/decisions/089): each with what it allows and
// what is used of it now, and an admin's form to add one. A creation over a limit is refused by
// the server, in words that give the figures.
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

const PERIOD = { transaction: 'per transaction', day: 'a day (UTC)', month: 'a month (UTC)' };
const SCOPE = { person: 'A person', merchant: 'A merchant', workspace: 'The workspace' };

const LimitForm = z.object({
  scope: z.enum(['person', 'merchant', 'workspace']),
  target: z.string(),
  period: z.enum(['transaction', 'day', 'month']),
  amount: z.string().trim().min(1, { error: 'is required: an amount such as 50,000' }),
});
type LimitForm = z.infer<typeof LimitForm>;
const FIELDS = ['scope', 'target', 'period', 'amount'];

/** "48,200.00 of 50,000.00 EUR used today, by Fatima Finance". */
function useWords(l: MoneyLimit, base: string) {
  if (l.used === null) return null;
  const when = l.period === 'day' ? 'today' : 'this month';
  const share = Decimal.min(100, new Decimal(l.used).div(l.amount).times(100)).toNumber();
  return {
    text: `${formatMoney(l.used, base)} of ${formatMoney(l.amount, base)} used ${when}${l.usedBy ? `, most by ${l.usedBy}` : ''}`,
    share,
  };
}

function LimitUse({ l, base }: { l: MoneyLimit; base: string }) {
  const words = useWords(l, base);
  if (!words)
    return (
      <Text size="sm" c="dimmed">
        Each transaction on its own
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm">{words.text}</Text>
      <Progress
        value={words.share}
        color={words.share >= 90 ? 'red' : words.share >= 70 ? 'orange' : 'blue'}
        aria-label={`Used of the limit: ${Math.round(words.share)}%`}
        size="sm"
      />
    </Stack>
  );
}

export function LimitSettings({ admin }: { admin: boolean }) {
  const limits = useQuery(limitsQuery);
  const remove = useRemoveLimit();
  if (limits.isError) return <ApiErrorAlert error={limits.error} title="Not loaded" />;
  const base = limits.data?.baseCurrency ?? 'EUR';
  const rows = limits.data?.results ?? [];
  return (
    <Stack gap="md">
      {rows.length === 0 ? (
        <Text size="sm" data-testid="no-limits">
          No limits yet: anyone who creates transactions may create any amount.
        </Text>
      ) : (
        <DataTable
          label="Limits"
          verticalSpacing="xs"
          rows={rows}
          columns={[
            {
              header: 'Limit',
              cell: (l) => (
                <>
                  <Text size="sm">
                    {formatMoney(l.amount, base)} {PERIOD[l.period]} for {l.targetName}
                  </Text>
                  <IdNote>{SCOPE[l.scope]}</IdNote>
                  {admin && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-xs"
                      px={0}
                      loading={remove.isPending && remove.variables === l.id}
                      aria-label={`Remove the limit of ${formatMoney(l.amount, base)} ${PERIOD[l.period]} for ${l.targetName}`}
                      onClick={() =>
                        remove.mutate(l.id, {
                          onSuccess: (outcome) =>
                            'held' in outcome
                              ? announceHeld(outcome.held.change)
                              : notifications.show({ title: 'Limit removed', message: '' }),
                        })
                      }
                    >
                      Remove
                    </Button>
                  )}
                </>
              ),
            },
            { header: 'Use now', cell: (l) => <LimitUse l={l} base={base} /> },
          ]}
        />
      )}
      {admin && <AddLimit base={base} />}
    </Stack>
  );
}

function AddLimit({ base }: { base: string }) {
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
          { value: '*', label: 'Each person' },
          ...(people.data?.results ?? [])
            .filter((p) => p.disabledAt === null)
            .map((p) => ({ value: p.id, label: p.name })),
        ]
      : scope === 'merchant'
        ? [{ value: '*', label: 'Each merchant' }, ...merchants.options]
        : [{ value: '*', label: 'The workspace' }];
  return (
    <MutationForm
      label="Add a limit"
      form={form}
      mutation={add}
      fields={FIELDS}
      input={(v) => ({ ...v, target: v.scope === 'workspace' ? '*' : v.target })}
      done={(limit) => {
        notifications.show({
          title: 'Limit added',
          message: `${formatMoney(limit.amount, base)} ${PERIOD[limit.period]} for ${limit.targetName}`,
        });
        form.reset({ ...form.getValues(), amount: '' });
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <SelectField
          form={form}
          name="scope"
          label="Limit on"
          allowDeselect={false}
          data={Object.entries(SCOPE).map(([value, label]) => ({ value, label }))}
        />
        <SelectField
          form={form}
          name="target"
          label="For"
          searchable
          allowDeselect={false}
          data={targets}
          onSearchChange={scope === 'merchant' ? merchants.onSearchChange : undefined}
        />
        <SelectField
          form={form}
          name="period"
          label="Period"
          allowDeselect={false}
          data={Object.entries(PERIOD).map(([value, label]) => ({ value, label }))}
        />
        <TextInput
          inputMode="decimal"
          description={`In ${base}, every currency converted at the API’s rate`}
          {...textField(form, 'amount', `Amount (${base})`, { errorLabel: 'Amount' })}
        />
      </SimpleGrid>
      <SubmitRow mutation={add} failed="The limit was not added" placed={FIELDS} mt="sm">
        Add limit
      </SubmitRow>
    </MutationForm>
  );
}
