// The admin's approval settings (docs/decisions/041, 042) and the changes of the controls that
// wait for a second admin: each in words, with approve, reject with a reason, or withdraw.
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { codedWords, wordsCode } from '#/i18n/words';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ControlChange } from '#/api/controls';
import { wholeNumberWords } from '#/api/schemas/common';
import { ApiErrorAlert } from '#/components/api-error';
import { SubmitRow } from '#/components/submit-row';
import { MutationForm } from '#/components/mutation-form';
import { DateTime } from '#/components/date-time';
import { RejectChangeDialog } from '#/components/reject-dialog';
import { textField } from '#/components/text-field';
import { SelectField } from '#/components/form-fields';
import { currenciesQuery, currencyChoices } from '#/lib/reference';
import {
  approvalSettingsQuery,
  controlChangesQuery,
  useDecideControlChange,
  useSetApprovalSettings,
} from '../queries';
import { announceHeld } from './policy-settings';
import { DecisionBadge } from './decision-badge';

/** A whole number of `unit` typed in a field, from `min` to `max`. */
const whole = (min: number, max: number, unit: 'minutes' | 'hours' | 'days') =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: wholeNumberWords(min, max, unit) })
    .refine((v) => Number(v) >= min && Number(v) <= max, {
      error: wholeNumberWords(min, max, unit),
    });
/** The form's own message, as a code read in the page's language (decision 091). */
const SETTINGS = codedWords({
  baseCurrency: /*i18n*/ {
    id: 'settings.baseCurrency',
    message: 'is required: a payout currency',
  },
});
const SettingsForm = z.object({
  quoteValidityMinutes: whole(5, 10080, 'minutes'),
  stepUpMinutes: whole(1, 60, 'minutes'),
  baseCurrency: z.string().min(1, { error: wordsCode(SETTINGS.baseCurrency) }),
  remindAfterHours: whole(1, 72, 'hours'),
  escalateAfterHours: whole(2, 168, 'hours'),
  expireAfterDays: whole(1, 30, 'days'),
  linkMinutes: whole(1, 60, 'minutes'),
});
type SettingsForm = z.infer<typeof SettingsForm>;
const NUMBERS = [
  'quoteValidityMinutes',
  'stepUpMinutes',
  'remindAfterHours',
  'escalateAfterHours',
  'expireAfterDays',
  'linkMinutes',
] as const;
const FIELDS = [...NUMBERS, 'baseCurrency'];
/** The reminder settings' fields: name, label, what it does, and its name in an error. */
const REMINDER_FIELDS: ReadonlyArray<
  readonly [
    name: (typeof NUMBERS)[number],
    label: MessageDescriptor,
    description: MessageDescriptor,
    errorLabel: MessageDescriptor,
  ]
> = [
  [
    'remindAfterHours',
    msg`Remind approvers after (hours)`,
    msg`An approval nobody has acted on reminds its approvers once, after this.`,
    msg`Reminder`,
  ],
  [
    'escalateAfterHours',
    msg`Tell the admins after (hours)`,
    msg`Still untouched after this, the admins are told.`,
    msg`Escalation`,
  ],
  [
    'expireAfterDays',
    msg`Expire after (days)`,
    msg`Nobody decided within this: it expires, and its transaction is cancelled.`,
    msg`Expiry`,
  ],
  [
    'linkMinutes',
    msg`Links in mail work for (minutes)`,
    msg`A mail’s approve and reject links are single-use and stop working after this.`,
    msg`Link life`,
  ],
];

export function ApprovalSettingsForm() {
  const { t } = useLingui();
  const settings = useQuery(approvalSettingsQuery);
  const currencies = useQuery(currenciesQuery);
  const save = useSetApprovalSettings();
  const form = useForm<SettingsForm>({
    resolver: zodResolver(SettingsForm),
    values: settings.data
      ? {
          ...(Object.fromEntries(NUMBERS.map((n) => [n, String(settings.data[n])])) as Record<
            (typeof NUMBERS)[number],
            string
          >),
          baseCurrency: settings.data.baseCurrency,
        }
      : undefined,
  });
  if (settings.isError) return <ApiErrorAlert error={settings.error} title={t`Not loaded`} />;
  return (
    <MutationForm
      label={t`Approval settings`}
      form={form}
      mutation={save}
      fields={FIELDS}
      input={(v) => ({
        ...(Object.fromEntries(NUMBERS.map((n) => [n, Number(v[n])])) as Record<
          (typeof NUMBERS)[number],
          number
        >),
        baseCurrency: v.baseCurrency,
      })}
      done={(outcome) =>
        'held' in outcome
          ? announceHeld(outcome.held.change)
          : notifications.show({ title: t`Approval settings saved`, message: '' })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          inputMode="numeric"
          description={t`A quote the API gave is approved within this; after, it is quoted again.`}
          {...textField(form, 'quoteValidityMinutes', t`Quotes may be approved for (minutes)`, {
            errorLabel: t`Quote validity`,
          })}
        />
        <TextInput
          inputMode="numeric"
          description={t`Releasing money asks for the authenticator’s code again after this.`}
          {...textField(form, 'stepUpMinutes', t`Second factor asked again after (minutes)`, {
            errorLabel: t`Step-up window`,
          })}
        />
        <SelectField
          form={form}
          name="baseCurrency"
          label={t`Base currency`}
          description={t`Base-currency policies convert every currency into it.`}
          searchable
          data={currencyChoices(
            (currencies.data ?? []).filter((c) => c.sendTo && c.currencyType === 'FIAT'),
          )}
          allowDeselect={false}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm">
        {REMINDER_FIELDS.map(([name, label, description, errorLabel]) => (
          <TextInput
            key={name}
            inputMode="numeric"
            description={tr(description)}
            {...textField(form, name, tr(label), { errorLabel: tr(errorLabel) })}
          />
        ))}
      </SimpleGrid>
      <SubmitRow mutation={save} failed={t`The settings were not saved`} placed={FIELDS} mt="sm">
        <Trans>Save approval settings</Trans>
      </SubmitRow>
    </MutationForm>
  );
}

const STATUS_WORDS: Record<ControlChange['status'], MessageDescriptor> = {
  pending: msg`Waits for a second admin`,
  applied: msg`Approved and applied`,
  rejected: msg`Rejected`,
  withdrawn: msg`Withdrawn`,
  expired: msg`Expired`,
  failed: msg`Could not be applied`,
};

function ControlChangeCard({ change, viewerId }: { change: ControlChange; viewerId: string }) {
  const { t } = useLingui();
  const decide = useDecideControlChange();
  const [rejecting, setRejecting] = useState(false);
  const pending = change.status === 'pending';
  const done = (title: string) => () => notifications.show({ title, message: change.summary });
  type Decision = 'approve' | 'withdraw';
  const busy = (decision: Decision) => decide.isPending && decide.variables?.decision === decision;
  const act = (decision: Decision, said: string) => () =>
    decide.mutate({ id: change.id, decision }, { onSuccess: done(said) });
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`control-change-${change.id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text size="sm" fw={600}>
            {change.summary}
          </Text>
          <Text size="xs" c="dimmed">
            <Trans>
              Proposed by {change.authorName}, <DateTime value={change.createdAt} />
            </Trans>
            {change.decidedByName ? ` · ${t`decided by ${change.decidedByName}`}` : ''}
            {change.reason ? ` · “${change.reason}”` : ''}
          </Text>
        </div>
        <DecisionBadge pending={pending} done={change.status === 'applied'}>
          {tr(STATUS_WORDS[change.status])}
        </DecisionBadge>
      </Group>
      {pending && (
        <Group mt="xs" gap="sm">
          {change.canAct && (
            <>
              <Button
                size="xs"
                loading={busy('approve')}
                onClick={act('approve', t`Change approved and applied`)}
              >
                <Trans>Approve change</Trans>
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => setRejecting(true)}>
                <Trans>Reject…</Trans>
              </Button>
            </>
          )}
          {change.authorId === viewerId && (
            <Button
              size="xs"
              variant="default"
              loading={busy('withdraw')}
              onClick={act('withdraw', t`Change withdrawn`)}
            >
              <Trans>Withdraw</Trans>
            </Button>
          )}
          {!change.canAct && change.why && (
            <Text size="xs" c="dimmed">
              {change.why}
            </Text>
          )}
        </Group>
      )}
      {decide.isError && <ApiErrorAlert error={decide.error} title={t`Not done`} />}
      <RejectChangeDialog
        id={change.id}
        decide={decide}
        opened={rejecting}
        onClose={() => setRejecting(false)}
        onRejected={done(t`Change rejected`)}
      >
        <Text size="sm">{change.summary}</Text>
      </RejectChangeDialog>
    </Paper>
  );
}

/** Changes of policies, settings and roles that wait for a second admin, then recent ones. */
export function ControlChanges({ viewerId }: { viewerId: string }) {
  const { t } = useLingui();
  const changes = useQuery(controlChangesQuery);
  if (changes.isError) return <ApiErrorAlert error={changes.error} title={t`Not loaded`} />;
  const list = changes.data ?? [];
  return (
    <Stack gap="sm" data-testid="control-changes">
      <Text size="sm" c="dimmed">
        <Trans>
          With two or more admins, a change of the policies, the approval settings, a person’s roles
          or a new person waits here until another admin approves it.
        </Trans>
      </Text>
      {list.length === 0 ? (
        <Text size="sm">
          <Trans>No change of the controls waits, or was decided lately.</Trans>
        </Text>
      ) : (
        list.map((c) => <ControlChangeCard key={c.id} change={c} viewerId={viewerId} />)
      )}
    </Stack>
  );
}
