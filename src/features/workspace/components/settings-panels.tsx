// The admin's settings: the partner's API credentials per environment, the people and their
// roles, and which roles need the second sign-in step (approval policies: features/controls).
import { msg, ph } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const save = useSetCredentials();
  const form = useForm<CredentialsForm>({
    resolver: zodResolver(CredentialsForm),
    defaultValues: { apiKey: '', apiSecret: '' },
  });
  return (
    <MutationForm
      label={t`${ph({ environment: environment.label })} API credentials`}
      form={form}
      mutation={save}
      fields={['apiKey', 'apiSecret']}
      input={(values) => ({ environment: environment.id, ...values })}
      done={() => {
        form.reset();
        showDone(
          t`Credentials saved`,
          t`The ${ph({ environment: environment.label })} API accepted them; they are stored encrypted.`,
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
          {...textField(form, 'apiKey', t`API key`)}
        />
        <PasswordInput
          {...passwordToggle()}
          autoComplete="new-password"
          {...textField(form, 'apiSecret', t`API secret`)}
        />
        <SubmitRow mutation={save} failed={t`Not saved`} placed={['apiKey', 'apiSecret']}>
          <Trans>Check and save</Trans>
        </SubmitRow>
      </Stack>
    </MutationForm>
  );
}

export function CredentialsSettings({ environments }: { environments: EnvironmentInfo[] }) {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(credentialsQuery);
  return (
    <Panel title={t`API credentials`}>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>
          Entered once here, checked against the environment, stored encrypted. Nobody sees the
          secret again, and staff never type it.
        </Trans>
      </Text>
      {data.results.length > 0 && (
        <DataTable
          label={t`Stored credentials`}
          minWidth={460}
          mb="md"
          rows={data.results}
          rowKey={(c) => c.environment}
          columns={[
            { header: t`Environment`, cell: (c) => c.environment },
            { header: t`API key`, cell: (c) => <Code>…{c.apiKeyLast4}</Code> },
            {
              header: t`Saved`,
              cell: (c) => (
                <>
                  <DateTime value={c.updatedAt} />{' '}
                  {c.updatedBy ? t`by ${ph({ person: c.updatedBy })}` : t`(first start)`}
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
  const { t, i18n } = useLingui();
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
              t`Waits for a second admin`,
              t`${ph({ summary: outcome.held.change.summary })} Another admin approves it under Settings before it applies.`,
            );
          else
            showDone(
              t`Roles saved`,
              roles.length > 0
                ? t`${ph({ name: person.name })}: ${ph({ roles: rolesIn(i18n, roles) })}.`
                : t`${ph({ name: person.name })} has no role now and can only sign in.`,
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
            saved.disabledAt === null ? t`Reactivated` : t`Deactivated`,
            saved.disabledAt === null
              ? t`${ph({ name: person.name })} can sign in again.`
              : t`${ph({ name: person.name })} is signed out everywhere and can no longer sign in; their approvals stop counting for what is not done yet.`,
          );
        },
        onError: (error) => {
          if (!after)
            notifications.show({
              color: 'red',
              title: t`Not changed`,
              message: errorMessage(error),
            });
        },
      },
    );
  return (
    <Panel
      title={t`People`}
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
        label={t`People`}
        minWidth={640}
        verticalSpacing="xs"
        rows={data.results}
        columns={[
          {
            header: t`Person`,
            cell: (person) => (
              <>
                <Text size="sm" c={person.disabledAt === null ? undefined : 'dimmed'}>
                  <span translate="no">{person.name}</span>
                  {person.disabledAt !== null && ` ${t`(deactivated)`}`}
                  {person.invited && person.disabledAt === null && (
                    <Badge ml={6} size="xs" variant="light" color="blue" radius="sm">
                      <Trans>Invited</Trans>
                    </Badge>
                  )}
                </Text>
                <IdNote>{person.email}</IdNote>
                {person.away && (
                  <Text size="xs" c="violet" data-testid="away">
                    {person.away.from > Date.now()
                      ? t`Away from ${ph({ from: formatDate(person.away.from) })} until and including ${ph({ until: formatDate(person.away.until - 1) })}; ${ph({ delegate: person.away.delegateName })} stands in`
                      : t`Away until and including ${ph({ until: formatDate(person.away.until - 1) })}; ${ph({ delegate: person.away.delegateName })} stands in`}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: t`Roles`,
            td: { miw: 260 },
            cell: (person) => (
              <MultiSelect
                aria-label={t`Roles of ${ph({ name: person.name })}`}
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
            header: (
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            ),
            cell: (person) => (
              <>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    endSessions.mutate(person.id, {
                      onSuccess: ({ ended }) =>
                        notifications.show({
                          title: t`Signed out`,
                          message: tr(
                            msg({
                              message:
                                '{ended, plural, one {# session of {name} ended.} other {# sessions of {name} ended.}}',
                            }),
                            { ended, name: person.name },
                          ),
                        }),
                    })
                  }
                >
                  <Trans>End sessions</Trans>
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
                  <Trans>Reset link</Trans>
                </Button>{' '}
                <Button
                  variant="default"
                  color={person.disabledAt === null ? 'red' : undefined}
                  size="xs"
                  aria-label={
                    person.disabledAt === null
                      ? t`Deactivate ${ph({ name: person.name })}`
                      : t`Reactivate ${ph({ name: person.name })}`
                  }
                  onClick={() => {
                    if (person.disabledAt === null) {
                      setActive.reset();
                      setConfirming({ kind: 'deactivate', person });
                    } else saveActive(person, true);
                  }}
                >
                  {person.disabledAt === null ? t`Deactivate` : t`Reactivate`}
                </Button>
              </>
            ),
          },
        ]}
      />
      {setRoles.error && !confirming && (
        <ApiErrorAlert error={setRoles.error} title={t`The roles were not saved`} />
      )}
      <ConfirmDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          confirming?.kind === 'roles'
            ? t`Remove ${ph({ roles: rolesIn(i18n, removedRoles) })} from ${ph({ name: confirming.person.name })}?`
            : t`Deactivate ${ph({ name: confirming?.person.name ?? '' })}?`
        }
        confirmLabel={confirming?.kind === 'roles' ? t`Remove` : t`Deactivate`}
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
                {confirming.person.id === me
                  ? t`You will no longer be ${ph({ role: i18n._(ROLE_LABEL[role]) })}: ${ph({ what: i18n._(ROLE_DESCRIPTION[role]) })}`
                  : t`${ph({ name: confirming.person.name })} will no longer be ${ph({ role: i18n._(ROLE_LABEL[role]) })}: ${ph({ what: i18n._(ROLE_DESCRIPTION[role]) })}`}
              </Text>
            ))}
            <Text size="sm">
              {confirming.roles.length > 0
                ? t`Roles after the change: ${ph({ roles: rolesIn(i18n, confirming.roles) })}.`
                : confirming.person.id === me
                  ? t`With no role left you can only sign in.`
                  : t`With no role left they can only sign in.`}
              {confirming.person.id === me && removedRoles.includes('admin')
                ? ` ${t`You lose Settings as soon as it is saved.`}`
                : ''}
            </Text>
          </Stack>
        ) : (
          <Text size="sm">
            <Trans>
              {ph({ name: confirming?.person.name ?? '' })} is signed out everywhere and can no
              longer sign in; their approvals stop counting for what is not done yet. You can
              reactivate them later.
            </Trans>
          </Text>
        )}
      </ConfirmDialog>
      {link && (
        <Alert
          color="blue"
          variant="light"
          my="md"
          title={t`Reset link for ${ph({ name: link.name })}`}
        >
          <Text size="sm" mb="xs">
            <Trans>Shown once, good for 24 hours and one use: hand it to them yourself.</Trans>
          </Text>
          <CopyValue value={link.link} label={t`Reset link`} />
        </Alert>
      )}
      <MutationForm
        label={t`Add a person`}
        form={form}
        mutation={create}
        fields={PERSON_FIELDS}
        done={(outcome) => {
          if ('held' in outcome)
            showDone(
              t`Waits for a second admin`,
              t`${ph({ summary: outcome.held.change.summary })} Another admin approves it under Settings.`,
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
          <Trans>Add a person</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput type="email" {...textField(form, 'email', t`Email`)} />
          <TextInput {...textField(form, 'name', t`Name`)} />
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <MultiSelect
                label={t`Roles`}
                placeholder={t`Choose roles`}
                data={roleOptions(i18n)}
                value={field.value}
                onChange={(next) => field.onChange(next as Role[])}
                onBlur={field.onBlur}
                error={fieldError(t`Roles`, errors.roles?.message)}
              />
            )}
          />
        </SimpleGrid>
        <SubmitRow mutation={create} failed={t`Not added`} placed={PERSON_FIELDS} mt="sm">
          <Trans>Add person</Trans>
        </SubmitRow>
      </MutationForm>
      {issued?.password === null && (
        <Alert
          color="blue"
          variant="light"
          mt="md"
          title={t`Invitation sent to ${ph({ email: issued.email })}`}
        >
          <Text size="sm">
            <Trans>
              They choose their password from the link in the mail (it works once, for 24 hours),
              and show as invited below until they first sign in. If the mail does not reach them,
              send a new link with Reset link.
            </Trans>
          </Text>
        </Alert>
      )}
      {issued?.password && (
        <Alert
          color="blue"
          variant="light"
          mt="md"
          title={t`One-time password for ${ph({ email: issued.email })}`}
        >
          <Text size="sm" mb="xs">
            <Trans>
              This server sends no mail, so no invitation reached them: give them this password
              yourself, shown once. They sign in with it and change it on their account page.
            </Trans>
          </Text>
          <CopyValue value={issued.password} label={t`One-time password`} />
        </Alert>
      )}
    </Panel>
  );
}

export function SecondStepSettings() {
  const { t, i18n } = useLingui();
  const require = useRequireSecondStep();
  const { data } = useSuspenseQuery(roleSettingsQuery);
  return (
    <Panel title={t`Second sign-in step`}>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>
          People with these roles must enrol an authenticator app and give its code at sign-in.
        </Trans>
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
