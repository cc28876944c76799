// The admin's settings: the partner's API credentials per environment, the people and their
// roles, and which roles need the second sign-in step (approval policies: features/controls).
import { passwordToggle } from '#/components/password-toggle';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  MultiSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type Person, PersonCreate } from '#/api/admin';
import { CredentialsForm, type EnvironmentInfo } from '#/api/dashboard';
import { useLingui } from '@lingui/react';
import { type Role, ROLE_LABEL, ROLES } from '#/api/roles';
import { ROLE_DESCRIPTION } from '../role-descriptions';
import { roleOptions, rolesIn } from '#/i18n/react';
import { ApiErrorAlert, errorMessage } from '#/components/api-error';
import { SubmitRow } from '#/components/submit-row';
import { MutationForm } from '#/components/mutation-form';
import { CopyValue } from '#/components/copy-value';
import { DataTable, IdNote } from '#/components/data-table';
import { DateTime } from '#/components/date-time';
import { fieldError } from '#/lib/field-error';
import { formatDate } from '#/lib/format';
import {
  credentialsQuery,
  peopleQuery,
  roleSettingsQuery,
  useCreatePerson,
  useEndSessions,
  useSetActive,
  useIssueResetLink,
  useRequireSecondStep,
  useSetCredentials,
  useSetRoles,
} from '../queries';
import { Panel } from '#/components/page';
import { textField } from '#/components/text-field';
import { showDone } from '#/components/notify';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { sessionQuery } from '#/features/session/queries';

/** A titled card of the settings and account pages. */
function CredentialsFormFor({ environment }: { environment: EnvironmentInfo }) {
  const save = useSetCredentials();
  const form = useForm<CredentialsForm>({
    resolver: zodResolver(CredentialsForm),
    defaultValues: { apiKey: '', apiSecret: '' },
  });
  return (
    <MutationForm
      label={`${environment.label} API credentials`}
      form={form}
      mutation={save}
      fields={['apiKey', 'apiSecret']}
      input={(values) => ({ environment: environment.id, ...values })}
      done={() => {
        form.reset();
        showDone(
          'Credentials saved',
          `The ${environment.label} API accepted them; they are stored encrypted.`,
        );
      }}
    >
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {environment.label}
        </Text>
        <TextInput
          autoComplete="off"
          spellCheck={false}
          {...textField(form, 'apiKey', 'API key')}
        />
        <PasswordInput
          {...passwordToggle()}
          autoComplete="new-password"
          {...textField(form, 'apiSecret', 'API secret')}
        />
        <SubmitRow mutation={save} failed="Not saved" placed={['apiKey', 'apiSecret']}>
          Check and save
        </SubmitRow>
      </Stack>
    </MutationForm>
  );
}

export function CredentialsSettings({ environments }: { environments: EnvironmentInfo[] }) {
  const { data } = useSuspenseQuery(credentialsQuery);
  return (
    <Panel title="API credentials">
      <Text size="sm" c="dimmed" mb="md">
        Entered once here, checked against the environment, stored encrypted. Nobody sees the secret
        again, and staff never type it.
      </Text>
      {data.results.length > 0 && (
        <DataTable
          label="Stored credentials"
          minWidth={460}
          mb="md"
          rows={data.results}
          rowKey={(c) => c.environment}
          columns={[
            { header: 'Environment', cell: (c) => c.environment },
            { header: 'API key', cell: (c) => <Code>…{c.apiKeyLast4}</Code> },
            {
              header: 'Saved',
              cell: (c) => (
                <>
                  <DateTime value={c.updatedAt} />{' '}
                  {c.updatedBy ? `by ${c.updatedBy}` : '(first start)'}
                </>
              ),
            },
          ]}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: environments.length > 1 ? 2 : 1 }}>
        {environments.map((environment) => (
          <CredentialsFormFor key={environment.id} environment={environment} />
        ))}
      </SimpleGrid>
    </Panel>
  );
}

const PERSON_FIELDS = Object.keys(PersonCreate.shape);

export function PeopleSettings() {
  const { i18n } = useLingui();
  const { data } = useSuspenseQuery(peopleQuery);
  const create = useCreatePerson();
  const setRoles = useSetRoles();
  const endSessions = useEndSessions();
  const setActive = useSetActive();
  const resetLink = useIssueResetLink();
  const [link, setLink] = useState<{ name: string; link: string } | null>(null);
  const form = useForm<PersonCreate>({
    resolver: zodResolver(PersonCreate),
    defaultValues: { email: '', name: '', roles: [] },
  });
  const { errors } = form.formState;
  const [issued, setIssued] = useState<{ email: string; password: string | null } | null>(null);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const me = session.signedIn ? session.user.id : undefined;
  const [confirming, setConfirming] = useState<
    { kind: 'roles'; person: Person; roles: Role[] } | { kind: 'deactivate'; person: Person } | null
  >(null);
  const removedRoles =
    confirming?.kind === 'roles'
      ? confirming.person.roles.filter((r) => !confirming.roles.includes(r))
      : [];
  const saveRoles = (person: Person, roles: Role[], after?: () => void) =>
    setRoles.mutate(
      { id: person.id, roles },
      {
        onSuccess: (outcome) => {
          after?.();
          if ('held' in outcome)
            showDone(
              'Waits for a second admin',
              `${outcome.held.change.summary} Another admin approves it under Settings before it applies.`,
            );
          else
            showDone(
              'Roles saved',
              roles.length > 0
                ? `${person.name}: ${rolesIn(i18n, roles)}.`
                : `${person.name} has no role now and can only sign in.`,
            );
        },
      },
    );
  const saveActive = (person: Person, active: boolean, after?: () => void) =>
    setActive.mutate(
      { id: person.id, active },
      {
        onSuccess: (saved) => {
          after?.();
          showDone(
            saved.disabledAt === null ? 'Reactivated' : 'Deactivated',
            saved.disabledAt === null
              ? `${person.name} can sign in again.`
              : `${person.name} is signed out everywhere and can no longer sign in; their approvals stop counting for what is not done yet.`,
          );
        },
        onError: (error) => {
          if (!after)
            notifications.show({
              color: 'red',
              title: 'Not changed',
              message: errorMessage(error),
            });
        },
      },
    );
  return (
    <Panel
      title="People"
      description={
        <>
          {ROLES.map((role) => (
            <Text key={role} span size="sm" display="block">
              <b>{i18n._(ROLE_LABEL[role])}</b>: {i18n._(ROLE_DESCRIPTION[role])}
            </Text>
          ))}
        </>
      }
    >
      <DataTable
        label="People"
        minWidth={640}
        verticalSpacing="xs"
        rows={data.results}
        columns={[
          {
            header: 'Person',
            cell: (person) => (
              <>
                <Text size="sm" c={person.disabledAt === null ? undefined : 'dimmed'}>
                  {person.name}
                  {person.disabledAt !== null && ' (deactivated)'}
                  {person.invited && person.disabledAt === null && (
                    <Badge ml={6} size="xs" variant="light" color="blue" radius="sm">
                      Invited
                    </Badge>
                  )}
                </Text>
                <IdNote>{person.email}</IdNote>
                {person.away && (
                  <Text size="xs" c="violet" data-testid="away">
                    {person.away.from > Date.now() ? 'Away from ' : 'Away'}
                    {person.away.from > Date.now() ? formatDate(person.away.from) : ''} until and
                    including {formatDate(person.away.until - 1)}; {person.away.delegateName} stands
                    in
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'Roles',
            td: { miw: 260 },
            cell: (person) => (
              <MultiSelect
                aria-label={`Roles of ${person.name}`}
                data={roleOptions(i18n)}
                value={person.roles}
                onChange={(next) => {
                  const roles = next as Role[];
                  // Taking a role away asks first: it may lock someone out of their work.
                  if (person.roles.some((r) => !roles.includes(r))) {
                    setRoles.reset();
                    setConfirming({ kind: 'roles', person, roles });
                  } else saveRoles(person, roles);
                }}
              />
            ),
          },
          {
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            cell: (person) => (
              <>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    endSessions.mutate(person.id, {
                      onSuccess: ({ ended }) =>
                        notifications.show({
                          title: 'Signed out',
                          message: `${ended} session${ended === 1 ? '' : 's'} of ${person.name} ended.`,
                        }),
                    })
                  }
                >
                  End sessions
                </Button>{' '}
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    resetLink.mutate(person.id, {
                      onSuccess: ({ link: url }) => setLink({ name: person.name, link: url }),
                    })
                  }
                >
                  Reset link
                </Button>{' '}
                <Button
                  variant="default"
                  color={person.disabledAt === null ? 'red' : undefined}
                  size="xs"
                  aria-label={`${person.disabledAt === null ? 'Deactivate' : 'Reactivate'} ${person.name}`}
                  onClick={() => {
                    if (person.disabledAt === null) {
                      setActive.reset();
                      setConfirming({ kind: 'deactivate', person });
                    } else saveActive(person, true);
                  }}
                >
                  {person.disabledAt === null ? 'Deactivate' : 'Reactivate'}
                </Button>
              </>
            ),
          },
        ]}
      />
      {setRoles.error && !confirming && (
        <ApiErrorAlert error={setRoles.error} title="The roles were not saved" />
      )}
      <ConfirmDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          confirming?.kind === 'roles'
            ? `Remove ${rolesIn(i18n, removedRoles)} from ${confirming.person.name}?`
            : `Deactivate ${confirming?.person.name ?? ''}?`
        }
        confirmLabel={confirming?.kind === 'roles' ? 'Remove' : 'Deactivate'}
        pending={confirming?.kind === 'roles' ? setRoles.isPending : setActive.isPending}
        error={confirming?.kind === 'roles' ? setRoles.error : setActive.error}
        onConfirm={() => {
          if (!confirming) return;
          const close = () => setConfirming(null);
          if (confirming.kind === 'roles') saveRoles(confirming.person, confirming.roles, close);
          else saveActive(confirming.person, false, close);
        }}
      >
        {confirming?.kind === 'roles' ? (
          <Stack gap="xs">
            {removedRoles.map((role) => (
              <Text size="sm" key={role}>
                {confirming.person.id === me ? 'You' : confirming.person.name} will no longer be{' '}
                {i18n._(ROLE_LABEL[role])}: {i18n._(ROLE_DESCRIPTION[role])}
              </Text>
            ))}
            <Text size="sm">
              {confirming.roles.length > 0
                ? `Roles after the change: ${rolesIn(i18n, confirming.roles)}.`
                : confirming.person.id === me
                  ? 'With no role left you can only sign in.'
                  : 'With no role left they can only sign in.'}
              {confirming.person.id === me && removedRoles.includes('admin')
                ? ' You lose Settings as soon as it is saved.'
                : ''}
            </Text>
          </Stack>
        ) : (
          <Text size="sm">
            {confirming?.person.name} is signed out everywhere and can no longer sign in; their
            approvals stop counting for what is not done yet. You can reactivate them later.
          </Text>
        )}
      </ConfirmDialog>
      {link && (
        <Alert color="blue" variant="light" my="md" title={`Reset link for ${link.name}`}>
          <Text size="sm" mb="xs">
            Shown once, good for 24 hours and one use: hand it to them yourself.
          </Text>
          <CopyValue value={link.link} label="Reset link" />
        </Alert>
      )}
      <MutationForm
        label="Add a person"
        form={form}
        mutation={create}
        fields={PERSON_FIELDS}
        done={(outcome) => {
          if ('held' in outcome)
            showDone(
              'Waits for a second admin',
              `${outcome.held.change.summary} Another admin approves it under Settings.`,
            );
          else
            setIssued({
              email: outcome.answer.user.email,
              password: outcome.answer.oneTimePassword,
            });
          form.reset();
        }}
      >
        <Title order={3} fz="md" mt="lg" mb="xs">
          Add a person
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput type="email" {...textField(form, 'email', 'Email')} />
          <TextInput {...textField(form, 'name', 'Name')} />
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <MultiSelect
                label="Roles"
                placeholder="Choose roles"
                data={roleOptions(i18n)}
                value={field.value}
                onChange={(next) => field.onChange(next as Role[])}
                onBlur={field.onBlur}
                error={fieldError('Roles', errors.roles?.message)}
              />
            )}
          />
        </SimpleGrid>
        <SubmitRow mutation={create} failed="Not added" placed={PERSON_FIELDS} mt="sm">
          Add person
        </SubmitRow>
      </MutationForm>
      {issued?.password === null && (
        <Alert color="blue" variant="light" mt="md" title={`Invitation sent to ${issued.email}`}>
          <Text size="sm">
            They choose their password from the link in the mail (it works once, for 24 hours), and
            show as invited below until they first sign in. If the mail does not reach them, send a
            new link with Reset link.
          </Text>
        </Alert>
      )}
      {issued?.password && (
        <Alert color="blue" variant="light" mt="md" title={`One-time password for ${issued.email}`}>
          <Text size="sm" mb="xs">
            This server sends no mail, so no invitation reached them: give them this password
            yourself, shown once. They sign in with it and change it on their account page.
          </Text>
          <CopyValue value={issued.password} label="One-time password" />
        </Alert>
      )}
    </Panel>
  );
}

export function SecondStepSettings() {
  const { i18n } = useLingui();
  const require = useRequireSecondStep();
  const { data } = useSuspenseQuery(roleSettingsQuery);
  return (
    <Panel title="Second sign-in step">
      <Text size="sm" c="dimmed" mb="sm">
        People with these roles must enrol an authenticator app and give its code at sign-in.
      </Text>
      <Group>
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            label={i18n._(ROLE_LABEL[role])}
            checked={data.requireTotp.includes(role)}
            onChange={(e) => require.mutate({ role, requireTotp: e.currentTarget.checked })}
          />
        ))}
      </Group>
    </Panel>
  );
}
