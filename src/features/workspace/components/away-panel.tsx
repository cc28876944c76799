// Away with a delegate (docs/decisions/088): an approver says from which day until which day
// they are away and who decides approvals in their place meanwhile; anyone reads for whom they
// stand in. Days are the person's own, in their time zone: from the start of the first day to
// the end of the last.
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
const AwayForm = z
  .object({
    from: z.string().regex(DAY, { error: 'is required: the first day you are away' }),
    until: z.string().regex(DAY, { error: 'is required: the last day you are away' }),
    delegateId: z.string().min(1, { error: 'is required: choose who stands in for you' }),
  })
  .refine((v) => !DAY.test(v.from) || !DAY.test(v.until) || v.until >= v.from, {
    path: ['until'],
    error: 'must be on or after the first day',
  });
type AwayForm = z.infer<typeof AwayForm>;
const FIELDS = ['from', 'until', 'delegateId'];

export function AwayPanel() {
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
  if (info.isError) return <ApiErrorAlert error={info.error} title="Not loaded" />;
  const away = info.data?.away ?? null;
  const standing = info.data?.standingInFor ?? [];
  if (!approver && standing.length === 0) return null;
  return (
    <Panel
      title="Away"
      description="While you are away, the person you name decides approvals in your place."
    >
      <Stack gap="sm" maw={720}>
        {standing.length > 0 && (
          <Alert color="violet" variant="light" title="You stand in for">
            <List size="sm">
              {standing.map((s) => (
                <List.Item key={`${s.name}-${s.from}`}>
                  {s.name}, from {formatDate(s.from)} until and including {formatDate(s.until - 1)}:
                  what waits for them shows in your approvals, marked for them.
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {approver && away && (
          <Alert color="blue" variant="light" title="You are marked away" role="status">
            <Text size="sm">
              From {formatDate(away.from)} until and including {formatDate(away.until - 1)},{' '}
              <b>{away.delegateName}</b> decides approvals in your place; a decision reads “
              {away.delegateName} on behalf of {session.signedIn ? session.user.name : 'you'}”.
            </Text>
            <Group mt="xs">
              <Button
                size="xs"
                variant="default"
                loading={clear.isPending}
                onClick={() => clear.mutate()}
              >
                I am back
              </Button>
            </Group>
          </Alert>
        )}
        {approver && (
          <MutationForm
            label="Away with a delegate"
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
                {...textField(form, 'from', 'Away from', { errorLabel: 'First day' })}
              />
              <TextInput
                type="date"
                description="Back the day after"
                {...textField(form, 'until', 'Until and including', { errorLabel: 'Last day' })}
              />
              <SelectField
                form={form}
                name="delegateId"
                label="Delegate"
                description="Never approves what they created"
                searchable
                data={(info.data?.choices ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </SimpleGrid>
            <SubmitRow mutation={set} failed="Not saved" placed={FIELDS} mt="sm">
              {away ? 'Change absence' : 'Mark me away'}
            </SubmitRow>
          </MutationForm>
        )}
      </Stack>
    </Panel>
  );
}
