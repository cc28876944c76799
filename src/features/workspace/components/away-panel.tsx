// Away with a delegate (docs/decisions/088): an approver says from which day until which day
// they are away and who decides approvals in their place meanwhile; anyone reads for whom they
// stand in. Days are the person's own, in their time zone: from the start of the first day to
// the end of the last.
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { codedWords, wordsCode } from '#/i18n/words';
import { Alert, Button, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { dateAt, midnight, shiftDate } from '#/api/periods';
import { hasRole, WORKSPACE_ROLES } from '#/api/roles';
import { ApiErrorAlert } from '#/components/api-error';
import { SelectField } from '#/components/form-fields';
import { MutationForm } from '#/components/mutation-form';
import { Panel } from '#/components/page';
import { SubmitRow } from '#/components/submit-row';
import { textField } from '#/components/text-field';
import { sessionQuery } from '#/features/session/queries';
import { currentFormats, formatDate } from '#/lib/format';
import { awayQuery, useAway } from '../queries';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The form's own messages, as codes read in the page's language (decision 091). */
const AWAY = codedWords({
  firstDay: /*i18n*/ { id: 'away.firstDay', message: 'is required: the first day you are away' },
  lastDay: /*i18n*/ { id: 'away.lastDay', message: 'is required: the last day you are away' },
  delegate: /*i18n*/ { id: 'away.delegate', message: 'is required: choose who stands in for you' },
  order: /*i18n*/ { id: 'away.order', message: 'must be on or after the first day' },
});
const AwayForm = z
  .object({
    from: z.string().regex(DAY, { error: wordsCode(AWAY.firstDay) }),
    until: z.string().regex(DAY, { error: wordsCode(AWAY.lastDay) }),
    delegateId: z.string().min(1, { error: wordsCode(AWAY.delegate) }),
  })
  .refine((v) => !DAY.test(v.from) || !DAY.test(v.until) || v.until >= v.from, {
    path: ['until'],
    error: wordsCode(AWAY.order),
  });
type AwayForm = z.infer<typeof AwayForm>;
const FIELDS = ['from', 'until', 'delegateId'];

export function AwayPanel() {
  const { t } = useLingui();
  const { data: session } = useSuspenseQuery(sessionQuery);
  const info = useQuery(awayQuery);
  const { set, clear } = useAway();
  const zone = currentFormats().timeZone;
  const today = dateAt(Date.now(), zone);
  const form = useForm<AwayForm>({
    resolver: zodResolver(AwayForm),
    defaultValues: { from: today, until: shiftDate(today, 7, 'day'), delegateId: '' },
  });
  const approver = session.signedIn && hasRole(session.user.roles, WORKSPACE_ROLES.decideApprovals);
  if (info.isError) return <ApiErrorAlert error={info.error} title={t`Not loaded`} />;
  const away = info.data?.away ?? null;
  const standing = info.data?.standingInFor ?? [];
  if (!approver && standing.length === 0) return null;
  return (
    <Panel
      title={t`Away`}
      description={t`While you are away, the person you name decides approvals in your place.`}
    >
      <Stack gap="sm" maw={720}>
        {standing.length > 0 && (
          <Alert color="violet" variant="light" title={t`You stand in for`}>
            <List size="sm">
              {standing.map((s) => (
                <List.Item key={`${s.name}-${s.from}`}>
                  <Trans>
                    {ph({ name: s.name })}, from {ph({ from: formatDate(s.from) })} until and
                    including {ph({ until: formatDate(s.until - 1) })}: what waits for them shows in
                    your approvals, marked for them.
                  </Trans>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {approver && away && (
          <Alert color="blue" variant="light" title={t`You are marked away`} role="status">
            <Text size="sm">
              <Trans>
                From {ph({ from: formatDate(away.from) })} until and including{' '}
                {ph({ until: formatDate(away.until - 1) })},{' '}
                <b>{ph({ delegate: away.delegateName })}</b> decides approvals in your place; a
                decision reads “{ph({ delegate: away.delegateName })} on behalf of{' '}
                {ph({ me: session.signedIn ? session.user.name : '' })}”.
              </Trans>
            </Text>
            <Group mt="xs">
              <Button
                size="xs"
                variant="default"
                loading={clear.isPending}
                onClick={() => clear.mutate()}
              >
                <Trans>I am back</Trans>
              </Button>
            </Group>
          </Alert>
        )}
        {approver && (
          <MutationForm
            label={t`Away with a delegate`}
            form={form}
            mutation={set}
            fields={FIELDS}
            input={(v) => ({
              from: midnight(v.from, zone),
              until: midnight(shiftDate(v.until, 1, 'day'), zone),
              delegateId: v.delegateId,
            })}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                type="date"
                {...textField(form, 'from', t`Away from`, { errorLabel: t`First day` })}
              />
              <TextInput
                type="date"
                description={t`Back the day after`}
                {...textField(form, 'until', t`Until and including`, { errorLabel: t`Last day` })}
              />
              <SelectField
                form={form}
                name="delegateId"
                label={t`Delegate`}
                description={t`Never approves what they created`}
                searchable
                data={(info.data?.choices ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </SimpleGrid>
            <SubmitRow mutation={set} failed={t`Not saved`} placed={FIELDS} mt="sm">
              {away ? t`Change absence` : t`Mark me away`}
            </SubmitRow>
          </MutationForm>
        )}
      </Stack>
    </Panel>
  );
}
