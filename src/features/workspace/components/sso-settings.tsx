// Single sign-on in Settings (docs/decisions/051): the workspace's OpenID provider (its issuer,
// the client, the claim that carries groups, the domains it covers, which groups give which
// roles), the redirect URI to register with it, the last sign-in through it, and the sign-in
// policy: SSO required for those domains, with break-glass admins who keep a password.
import { passwordToggle } from '#/components/password-toggle';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  PasswordInput,
  SimpleGrid,
  SegmentedControl,
  Select,
  Stack,
  Checkbox,
  FileButton,
  Textarea,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useLingui } from '@lingui/react';
import { roleOptions } from '#/i18n/react';
import {
  type GroupRoles,
  OidcSettingsForm,
  PROVIDER_PRESETS,
  SamlSettingsForm,
  SSO_PRESETS,
  type SsoPreset,
  type SsoSettings,
} from '#/api/sso';
import { LastTest, TestSignInButton } from './sso-test';
import { MutationForm } from '#/components/mutation-form';
import { CopyValue } from '#/components/copy-value';
import { DateTime } from '#/components/date-time';
import { showDone } from '#/components/notify';
import { Panel } from '#/components/page';
import { SubmitRow } from '#/components/submit-row';
import { textField } from '#/components/text-field';
import { fieldError } from '#/lib/field-error';
import {
  scimQuery,
  ssoQuery,
  useMakeScimToken,
  useRemoveOidc,
  useRevokeScimToken,
  useRemoveSaml,
  useSetOidc,
  useSetSaml,
  useSetSignInPolicy,
} from '../sso-queries';

const FIELDS = Object.keys(OidcSettingsForm.shape);
type Values = OidcSettingsForm;

export function SsoSettingsPanel() {
  const { data } = useSuspenseQuery(ssoQuery);
  const lastSignIn = (provider: {
    lastSignInAt: number | null;
    lastSignInEmail: string | null;
  }) => (
    <Text size="sm" c="dimmed">
      {provider.lastSignInAt !== null ? (
        <>
          Last sign-in through it: {provider.lastSignInEmail},{' '}
          <DateTime value={provider.lastSignInAt} />.
        </>
      ) : (
        'Nobody has signed in through it yet.'
      )}
    </Text>
  );
  return (
    <Panel
      title="Single sign-on"
      description="People sign in through your company's identity provider (Okta, Microsoft Entra ID, Google Workspace, Keycloak…), by OpenID Connect or SAML 2.0. Their groups there give their roles here at every sign-in; the first sign-in of an address in your domains makes the person, without a password."
    >
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={3} fz="md">
            OpenID Connect
          </Title>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Redirect URI to register with the provider
            </Text>
            <CopyValue value={data.redirectUri} label="the redirect URI" />
            {data.oidc && lastSignIn(data.oidc)}
          </Stack>
          {data.lastTest?.protocol === 'oidc' && <LastTest test={data.lastTest} />}
          <OidcForm settings={data} />
        </Stack>
        <Stack gap="sm">
          <Title order={3} fz="md">
            SAML 2.0
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {(
              [
                ['Entity ID', data.serviceProvider.entityId],
                ['Assertion consumer service (ACS) URL', data.serviceProvider.acsUrl],
                ['Metadata URL', data.serviceProvider.metadataUrl],
                ['Single logout URL', data.serviceProvider.logoutUrl],
              ] as const
            ).map(([label, value]) => (
              <Stack gap={2} key={label}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <CopyValue value={value} label={`the ${label}`} />
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            The metadata carries this dashboard&apos;s signing certificate (
            {data.serviceProvider.signingCertificate.subject}, until{' '}
            {data.serviceProvider.signingCertificate.validTo}) and its encryption certificate, for
            providers that want signed requests or encrypt assertions. The entity ID follows the
            dashboard&apos;s public address (PUBLIC_URL).
          </Text>
          <Group>
            <Anchor
              href={data.serviceProvider.metadataUrl}
              download="partner-dashboard-saml.xml"
              size="sm"
            >
              Download this dashboard&apos;s SAML metadata
            </Anchor>
          </Group>
          {data.saml && lastSignIn(data.saml)}
          {data.lastTest?.protocol === 'saml' && <LastTest test={data.lastTest} />}
          <SamlForm settings={data} />
        </Stack>
        <PolicyForm settings={data} />
      </Stack>
    </Panel>
  );
}

const SAML_FIELDS = Object.keys(SamlSettingsForm.shape);
const PRESET_OPTIONS = SSO_PRESETS.map((p) => ({ value: p, label: PROVIDER_PRESETS[p].short }));

/** Which provider it is: its defaults are filled in. */
function PresetChoice({
  value,
  onChange,
  description,
}: {
  value: SsoPreset;
  onChange: (preset: SsoPreset) => void;
  description: string;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        Provider
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        data={PRESET_OPTIONS}
        value={value}
        onChange={(next) => onChange(next as SsoPreset)}
        fullWidth
        size="xs"
        maw={420}
      />
      <Text size="xs" c="dimmed">
        {PROVIDER_PRESETS[value].label}: {description}
      </Text>
    </Stack>
  );
}
/** How long before a certificate expires Settings warns of it. */
const EXPIRY_WARNING_MS = 30 * 24 * 60 * 60 * 1000;

/** What each provider sends groups as, for the admin filling the map. */
const GROUPS_HINT: Record<SsoPreset, string> = {
  entra:
    'Entra ID sends each group’s object ID, not its name: put the object ID (from Entra’s Groups page) in Group and its name in Label.',
  okta: 'Okta sends the groups its group attribute statement lets through, by name.',
  google:
    'Google Workspace sends the groups chosen in the app’s group membership mapping, by name.',
  other: '',
};

/** The attributes of a SAML assertion that say who the person is. */
const ATTRIBUTE_FIELDS = [
  ['emailAttribute', 'Email attribute', 'Empty: the NameID, when it is an address'],
  ['nameAttribute', 'Name attribute', "The person's name as shown here"],
  ['groupsAttribute', 'Groups attribute', "The attribute that lists the person's groups"],
] as const;

function SamlForm({ settings }: { settings: SsoSettings }) {
  const save = useSetSaml();
  const remove = useRemoveSaml();
  const saved = settings.saml;
  const [source, setSource] = useState<'url' | 'xml'>(saved && !saved.metadataUrl ? 'xml' : 'url');
  const form = useForm<SamlSettingsForm>({
    resolver: zodResolver(SamlSettingsForm),
    defaultValues: {
      preset: saved?.preset ?? 'other',
      metadataUrl: saved?.metadataUrl ?? undefined,
      metadataXml: undefined,
      emailAttribute: saved?.emailAttribute ?? PROVIDER_PRESETS.other.saml.email,
      nameAttribute: saved?.nameAttribute ?? PROVIDER_PRESETS.other.saml.name,
      groupsAttribute: saved?.groupsAttribute ?? PROVIDER_PRESETS.other.saml.groups,
      allowIdpInitiated: saved?.allowIdpInitiated ?? false,
      domains: saved?.domains ?? [],
      roleMap: saved?.roleMap ?? [{ group: '', roles: [] }],
    },
  });
  const errors = form.formState.errors;
  const preset = form.watch('preset') ?? 'other';
  /** The metadata comes from one place: the other field is left out. */
  const chooseSource = (next: string) => {
    setSource(next as 'url' | 'xml');
    form.setValue(next === 'url' ? 'metadataXml' : 'metadataUrl', undefined);
  };
  const newest = saved?.certificates
    .map((c) => Date.parse(c.validTo))
    .sort()
    .at(-1);
  return (
    <MutationForm
      label="SAML provider"
      form={form}
      mutation={save}
      fields={SAML_FIELDS}
      // An empty field is no metadata from there: the saved metadata is kept.
      input={(values) => ({
        ...values,
        metadataUrl: values.metadataUrl || undefined,
        metadataXml: values.metadataXml || undefined,
      })}
      done={(after, values) => {
        form.reset({ ...values, metadataXml: undefined });
        announceSaved(
          after,
          'SAML sign-on saved',
          (saml) =>
            `People at ${values.domains.join(', ')} sign in through ${saml.saml?.entityId}.`,
        );
      }}
    >
      <Stack gap="sm">
        {saved && (
          <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
            <Text size="sm">
              Signs in through <b>{saved.entityId}</b> at {saved.entryPoint}; its signing
              certificate{saved.certificates.length === 1 ? '' : 's'}:{' '}
              {saved.certificates.map((c) => `${c.subject}, until ${c.validTo}`).join('; ')}.
              {saved.signsRequests &&
                ' It asks for signed requests: they are signed with this dashboard’s signing certificate.'}
            </Text>
            {saved.metadataUrl && (
              <Text size="sm" c="dimmed">
                Its metadata is fetched from {saved.metadataUrl} every six hours, and at once when a
                signature does not verify
                {saved.metadataFetchedAt !== null && (
                  <>
                    {' '}
                    (last <DateTime value={saved.metadataFetchedAt} />)
                  </>
                )}
                : a new certificate the provider publishes is taken by itself.
              </Text>
            )}
            {saved.metadataProblem && (
              <Alert color="orange" variant="light" title="The metadata could not be fetched">
                {saved.metadataProblem}
              </Alert>
            )}
            {newest !== undefined && newest - Date.now() < EXPIRY_WARNING_MS && (
              <Alert color="orange" variant="light" title="Its certificate expires soon">
                The newest certificate it signs with is good until <DateTime value={newest} />.
                Sign-in stops then unless the provider publishes a new one
                {saved.metadataUrl ? '' : ' and its metadata is pasted again'}.
              </Alert>
            )}
          </Stack>
        )}
        <PresetChoice
          description="Fills in the attributes it sends by default; each stays editable"
          value={preset}
          onChange={(next) => {
            form.setValue('preset', next);
            form.setValue('emailAttribute', PROVIDER_PRESETS[next].saml.email);
            form.setValue('nameAttribute', PROVIDER_PRESETS[next].saml.name);
            form.setValue('groupsAttribute', PROVIDER_PRESETS[next].saml.groups);
          }}
        />
        <SegmentedControl
          aria-label="Where the metadata comes from"
          data={[
            { value: 'url', label: 'Metadata URL' },
            { value: 'xml', label: 'Paste or upload' },
          ]}
          value={source}
          onChange={chooseSource}
          fullWidth
          size="xs"
          maw={340}
        />
        {source === 'url' ? (
          <TextInput
            description="Fetched now and kept up to date, so that a certificate rotation needs nobody here"
            placeholder="https://login.microsoftonline.com/…/federationmetadata/2007-06/federationmetadata.xml"
            spellCheck={false}
            autoComplete="off"
            {...textField(form, 'metadataUrl', 'Metadata URL')}
          />
        ) : (
          <>
            <Textarea
              description={
                saved
                  ? 'Leave empty to keep the metadata saved; paste it again when the provider changes its certificate.'
                  : 'The XML the provider publishes: its entity ID, sign-in URL and signing certificate.'
              }
              autosize
              minRows={3}
              maxRows={10}
              spellCheck={false}
              styles={{
                input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 },
              }}
              {...textField(form, 'metadataXml', "The provider's metadata")}
            />
            <Group>
              <FileButton
                accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                onChange={(file) =>
                  void file
                    ?.text()
                    .then((text) => form.setValue('metadataXml', text, { shouldValidate: true }))
                }
              >
                {(props) => (
                  <Button variant="default" size="xs" {...props}>
                    Upload a metadata file…
                  </Button>
                )}
              </FileButton>
            </Group>
          </>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {ATTRIBUTE_FIELDS.map(([name, label, description]) => (
            <TextInput
              key={name}
              description={description}
              spellCheck={false}
              {...textField(form, name, label)}
            />
          ))}
        </SimpleGrid>
        <Checkbox
          label="Allow sign-in started at the provider (from its app portal)"
          description="Off is safer: such a sign-in answers no request of this browser, so someone holding a fresh assertion of their own could sign another person's browser in as themselves (login CSRF). Turn it on only if people start from the provider's portal."
          {...form.register('allowIdpInitiated')}
        />
        <ProviderTail
          control={form.control as unknown as Control<Coverage>}
          errors={errors}
          preset={preset}
          protocol="saml"
          save={save}
          remove={remove}
          placed={SAML_FIELDS}
          submit={saved ? 'Save' : 'Set up'}
          savedName={saved?.entityId}
        />
      </Stack>
    </MutationForm>
  );
}

const CLIENT_AUTH_OPTIONS = [
  { value: 'client_secret_post', label: 'Client secret' },
  { value: 'private_key_jwt', label: 'Private key JWT (this dashboard’s key)' },
];

function OidcForm({ settings }: { settings: SsoSettings }) {
  const save = useSetOidc();
  const remove = useRemoveOidc();
  const saved = settings.oidc;
  const form = useForm<Values>({
    resolver: zodResolver(OidcSettingsForm),
    defaultValues: {
      preset: saved?.preset ?? 'other',
      tenant: saved?.tenant ?? '',
      clientAuth: saved?.clientAuth ?? 'client_secret_post',
      issuer: saved?.issuer ?? '',
      clientId: saved?.clientId ?? '',
      clientSecret: '',
      groupsClaim: saved?.groupsClaim ?? 'groups',
      domains: saved?.domains ?? [],
      roleMap: saved?.roleMap ?? [{ group: '', roles: [] }],
    },
  });
  const errors = form.formState.errors;
  const preset = form.watch('preset') ?? 'other';
  const clientAuth = form.watch('clientAuth') ?? 'client_secret_post';
  return (
    <MutationForm
      label="OpenID provider"
      form={form}
      mutation={save}
      fields={FIELDS}
      // A secret left empty keeps the one stored.
      input={(values) => ({
        ...values,
        ...(values.clientSecret ? {} : { clientSecret: undefined }),
      })}
      done={(after, values) => {
        form.reset({ ...values, clientSecret: '' });
        announceSaved(
          after,
          'Single sign-on saved',
          ({ oidc }) =>
            `The provider at ${oidc?.issuer} answered; people at ${oidc?.domains.join(', ')} can sign in through it.`,
        );
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PresetChoice
            description="What its tokens must say besides the standard"
            value={preset}
            onChange={(next) => {
              form.setValue('preset', next);
              form.setValue('groupsClaim', 'groups');
            }}
          />
          {preset === 'entra' || preset === 'google' ? (
            <TextInput
              description={
                preset === 'entra'
                  ? 'Every token must come from this directory (its tid claim and issuer)'
                  : 'Every token must carry this Workspace domain (its hd claim): consumer Google accounts are refused'
              }
              placeholder={preset === 'entra' ? '7d5c1a2e-…' : 'partner.example'}
              spellCheck={false}
              {...textField(
                form,
                'tenant',
                preset === 'entra' ? 'Directory (tenant) ID' : 'Workspace domain',
              )}
            />
          ) : (
            <div />
          )}
          <TextInput
            description={
              preset === 'entra'
                ? 'https://login.microsoftonline.com/<tenant ID>/v2.0'
                : 'Its discovery document is read from /.well-known/openid-configuration'
            }
            placeholder={
              preset === 'google' ? 'https://accounts.google.com' : 'https://login.partner.example'
            }
            spellCheck={false}
            autoComplete="off"
            {...textField(form, 'issuer', 'Issuer URL')}
          />
          <TextInput
            description="The claim of the ID token or UserInfo that lists the person's groups"
            spellCheck={false}
            {...textField(form, 'groupsClaim', 'Groups claim')}
          />
          <TextInput
            spellCheck={false}
            autoComplete="off"
            {...textField(form, 'clientId', 'Client ID')}
          />
          <Select
            label="Client authentication"
            description="How this dashboard proves itself to the provider"
            data={CLIENT_AUTH_OPTIONS}
            allowDeselect={false}
            value={clientAuth}
            onChange={(value) =>
              form.setValue('clientAuth', (value ?? 'client_secret_post') as typeof clientAuth)
            }
          />
          {clientAuth === 'client_secret_post' ? (
            <PasswordInput
              {...passwordToggle()}
              description={
                saved?.secretHint
                  ? `Kept encrypted (${saved.secretHint}); leave empty to keep it`
                  : 'Kept encrypted; nobody sees it again'
              }
              autoComplete="new-password"
              {...textField(form, 'clientSecret', 'Client secret')}
            />
          ) : (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                Register this key set (JWKS) URL with the provider
              </Text>
              <CopyValue value={settings.jwksUri} label="the JWKS URL" />
              <Text size="xs" c="dimmed">
                The dashboard signs a short-lived JWT with its own key; no secret is kept.
              </Text>
            </Stack>
          )}
        </SimpleGrid>
        <ProviderTail
          control={form.control as unknown as Control<Coverage>}
          errors={errors}
          preset={preset}
          protocol="oidc"
          save={save}
          remove={remove}
          placed={FIELDS}
          submit={saved ? 'Check and save' : 'Check and set up'}
          savedName={saved?.issuer}
        />
      </Stack>
    </MutationForm>
  );
}

/**
 * The end of either protocol's form: what the provider covers, the save button, and once saved a
 * test sign-in and its removal.
 */
function ProviderTail({
  control,
  errors,
  preset,
  protocol,
  save,
  remove,
  placed,
  submit,
  savedName,
}: {
  control: Control<Coverage>;
  errors: FieldErrors<Coverage>;
  preset: SsoPreset;
  protocol: 'oidc' | 'saml';
  save: Parameters<typeof SubmitRow>[0]['mutation'];
  remove: Parameters<typeof RemoveProvider>[0]['remove'];
  placed: readonly string[];
  submit: string;
  /** The provider saved, by its entity id or issuer; undefined before it is set up. */
  savedName: string | undefined;
}) {
  return (
    <>
      <CoverageFields control={control} errors={errors} preset={preset} />
      <SubmitRow mutation={save} failed="Not saved" placed={placed}>
        {submit}
      </SubmitRow>
      {savedName !== undefined && <TestSignInButton protocol={protocol} />}
      {savedName !== undefined && (
        <RemoveProvider
          name={savedName}
          what={protocol === 'saml' ? 'SAML provider removed' : 'OpenID provider removed'}
          remove={remove}
        />
      )}
    </>
  );
}

/** What a provider covers, in both protocols' forms: its domains and its groups' roles. */
type Coverage = { domains: string[]; roleMap: GroupRoles[] };

function CoverageFields({
  control,
  errors,
  preset,
}: {
  control: Control<Coverage>;
  errors: FieldErrors<Coverage>;
  /** Which provider it is: what it sends groups as (by id: each gets a label to be read). */
  preset: SsoPreset;
}) {
  const { groupsById } = PROVIDER_PRESETS[preset];
  const { i18n } = useLingui();
  return (
    <>
      {GROUPS_HINT[preset] && (
        <Text size="xs" c="dimmed">
          {GROUPS_HINT[preset]}
        </Text>
      )}
      <Controller
        control={control}
        name="domains"
        render={({ field }) => (
          <TagsInput
            label="Email domains it covers"
            description="Only addresses in these domains sign in through it, exactly (not their subdomains)"
            placeholder={field.value.length === 0 ? 'partner.example' : 'Add a domain'}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError('Domains', errors.domains?.message ?? errors.domains?.[0]?.message)}
            maw={680}
            splitChars={[',', ' ']}
          />
        )}
      />
      <Stack gap={6}>
        <Text size="sm" fw={600} id="group-roles">
          Groups and their roles
        </Text>
        <Text size="xs" c="dimmed">
          A person gets the roles of every group of theirs listed here, at each sign-in. Someone in
          none of them is not let in. Names match the provider&apos;s ignoring case.
        </Text>
        {/* The rows as one field (not react-hook-form's field arrays, which would weigh on
              every page's first load). */}
        <Controller
          control={control}
          name="roleMap"
          render={({ field }) => {
            const rows = field.value;
            const change = (index: number, row: Partial<(typeof rows)[number]>) =>
              field.onChange(rows.map((r, i) => (i === index ? { ...r, ...row } : r)));
            return (
              <>
                {rows.map((row, index) => (
                  <Group key={index} align="flex-start" gap="xs" wrap="wrap">
                    <TextInput
                      aria-label={`Group ${index + 1}`}
                      placeholder={
                        groupsById ? '3f2b8c1e-5d4a-4b6f-9e21-7a0c9d8e6f54' : 'payments-finance'
                      }
                      spellCheck={false}
                      w={{ base: '100%', sm: groupsById ? 330 : 240 }}
                      value={row.group}
                      onChange={(event) => change(index, { group: event.currentTarget.value })}
                      error={fieldError('Group', errors.roleMap?.[index]?.group?.message)}
                    />
                    {(groupsById || row.label) && (
                      <TextInput
                        aria-label={`Label of group ${index + 1}`}
                        placeholder="Its name, e.g. Corp-Finance"
                        w={{ base: '100%', sm: 200 }}
                        value={row.label ?? ''}
                        onChange={(event) =>
                          change(index, { label: event.currentTarget.value || undefined })
                        }
                        error={fieldError('Label', errors.roleMap?.[index]?.label?.message)}
                      />
                    )}
                    <MultiSelect
                      aria-label={`Roles of group ${index + 1}`}
                      placeholder={row.roles.length === 0 ? 'Choose roles' : undefined}
                      data={roleOptions(i18n)}
                      value={row.roles}
                      onChange={(roles) => change(index, { roles: roles as typeof row.roles })}
                      w={{ base: '100%', sm: 320 }}
                      error={fieldError('Roles', errors.roleMap?.[index]?.roles?.message)}
                    />
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Remove group ${index + 1}`}
                      disabled={rows.length === 1}
                      onClick={() => field.onChange(rows.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
                <Group>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => field.onChange([...rows, { group: '', roles: [] }])}
                  >
                    Add a group
                  </Button>
                </Group>
              </>
            );
          }}
        />
        {errors.roleMap?.message && (
          <Text size="xs" c="red" role="alert">
            {fieldError('Groups', errors.roleMap.message)}
          </Text>
        )}
      </Stack>
    </>
  );
}

/** Removing a provider, asked twice. */
function RemoveProvider({
  name,
  what,
  remove,
}: {
  name: string;
  /** The notice's title once removed: "SAML provider removed". */
  what: string;
  remove: { isPending: boolean; mutate: (v: undefined, o: { onSuccess: () => void }) => void };
}) {
  const [removing, setRemoving] = useState(false);
  if (!removing)
    return (
      <Group>
        <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(true)}>
          Remove the provider…
        </Button>
      </Group>
    );
  return (
    <Alert color="red" variant="light" title="Remove this provider?">
      <Text size="sm" mb="sm">
        Nobody can sign in through {name} any more; without another provider, single sign-on is no
        longer required. People made by it have no password: an admin sends them a reset link.
      </Text>
      <Group gap="xs">
        <Button
          color="red"
          size="xs"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setRemoving(false);
                showDone(what, `Nobody signs in through ${name} now.`);
              },
            })
          }
        >
          Remove
        </Button>
        <Button variant="default" size="xs" onClick={() => setRemoving(false)}>
          Keep it
        </Button>
      </Group>
    </Alert>
  );
}

/** Says a provider's settings were saved, or wait for a second admin (decision 042). */
function announceSaved(
  after: { held: { change: { summary: string } } } | { answer: SsoSettings },
  title: string,
  words: (settings: SsoSettings) => string,
) {
  if ('held' in after)
    showDone(
      'Waits for a second admin',
      `${after.held.change.summary} Another admin approves it under Settings before it applies.`,
    );
  else showDone(title, words(after.answer));
}

const SESSION_HOURS = [1, 2, 4, 8, 12, 24];
const IDLE_MINUTES = [5, 10, 15, 30, 60, 120, 240];

function PolicyForm({ settings }: { settings: SsoSettings }) {
  const save = useSetSignInPolicy();
  const [required, setRequired] = useState(settings.policy.ssoRequired);
  const [breakGlass, setBreakGlass] = useState(settings.policy.breakGlass);
  const [sessionHours, setSessionHours] = useState(settings.policy.sessionHours);
  const [idleMinutes, setIdleMinutes] = useState(settings.policy.idleMinutes);
  const domains = [...(settings.oidc?.domains ?? []), ...(settings.saml?.domains ?? [])];
  return (
    <form
      aria-label="Sign-in policy"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { ssoRequired: required, breakGlass, sessionHours, idleMinutes },
          {
            onSuccess: (after) =>
              showDone(
                'Sign-in policy saved',
                `${
                  after.policy.ssoRequired
                    ? `People at ${domains.join(', ')} sign in through single sign-on only; ${after.policy.breakGlass.join(', ')} keep${after.policy.breakGlass.length === 1 ? 's' : ''} a password.`
                    : 'People may sign in with a password too.'
                } New sessions last ${after.policy.sessionHours} h and end after ${after.policy.idleMinutes} min idle.`,
              ),
          },
        );
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md">
          Sign-in policy
        </Title>
        {domains.length > 0 && (
          <>
            <Checkbox
              label={`Require single sign-on for ${domains.join(', ')}`}
              description="The password form then refuses those addresses and points to single sign-on."
              checked={required}
              onChange={(event) => setRequired(event.currentTarget.checked)}
            />
            <TagsInput
              label="Break-glass admins"
              description="Admins who keep their password and authenticator, for when the provider is down. At least one while single sign-on is required."
              placeholder={breakGlass.length === 0 ? 'admin@partner.example' : 'Add an admin'}
              value={breakGlass}
              onChange={setBreakGlass}
              maw={680}
              splitChars={[',', ' ']}
            />
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={680}>
          <Select
            label="Sessions last at most"
            description="From sign-in, whatever the person does"
            data={SESSION_HOURS.map((h) => ({
              value: String(h),
              label: `${h} hour${h === 1 ? '' : 's'}`,
            }))}
            value={String(sessionHours)}
            allowDeselect={false}
            onChange={(value) => value && setSessionHours(Number(value))}
          />
          <Select
            label="Sign out after being idle for"
            description="The page warns two minutes before"
            data={IDLE_MINUTES.map((m) => ({ value: String(m), label: `${m} minutes` }))}
            value={String(idleMinutes)}
            allowDeselect={false}
            onChange={(value) => value && setIdleMinutes(Number(value))}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Session limits apply to sessions opened from now on.
        </Text>
        <SubmitRow mutation={save} failed="Not saved" placed={[]}>
          Save the policy
        </SubmitRow>
      </Stack>
    </form>
  );
}

/**
 * Provisioning from the directory (SCIM 2.0, docs/decisions/052): the base URL and the bearer
 * token to give the directory, shown once when made; its last request; rotation and revoking.
 */
export function ProvisioningPanel() {
  const { data } = useSuspenseQuery(scimQuery);
  const make = useMakeScimToken();
  const revoke = useRevokeScimToken();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Panel
      title="Provisioning"
      description="Your directory (Okta, Microsoft Entra ID…) makes, changes and deactivates people here through SCIM 2.0, and puts them in groups: the groups give roles through the map above, at once. Deactivating someone there signs them out here at once."
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            SCIM base URL
          </Text>
          <CopyValue value={data.baseUrl} label="the SCIM base URL" />
        </Stack>
        <Text size="sm" c="dimmed">
          {data.token ? (
            <>
              A token made <DateTime value={data.token.createdAt} />
              {data.token.createdBy ? ` by ${data.token.createdBy}` : ''}.{' '}
              {data.token.lastUsedAt !== null ? (
                <>
                  Last request: {data.token.lastRequest}, <DateTime value={data.token.lastUsedAt} />
                  .
                </>
              ) : (
                'The directory has not used it yet.'
              )}
            </>
          ) : (
            'No token: the directory can change nothing here.'
          )}
        </Text>
        {secret && (
          <Alert color="blue" variant="light" title="The token, shown this once">
            <Text size="sm" mb="xs">
              Give it to the directory as its bearer token now: only its hash is kept here.
            </Text>
            <CopyValue value={secret} label="the SCIM token" />
          </Alert>
        )}
        <Group gap="xs">
          <Button
            variant={data.token ? 'default' : 'filled'}
            size="xs"
            loading={make.isPending}
            onClick={() =>
              make.mutate(undefined, {
                onSuccess: (made) => {
                  setSecret(made.secret);
                  showDone(
                    data.token ? 'Token replaced' : 'Token made',
                    data.token
                      ? 'The old token stopped working: give the directory the new one.'
                      : 'Give it to the directory now: it is shown once.',
                  );
                },
              })
            }
          >
            {data.token ? 'Replace the token…' : 'Make a token'}
          </Button>
          {data.token && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setSecret(null);
                    showDone('Token revoked', 'The directory can change nothing here any more.');
                  },
                })
              }
            >
              Revoke the token
            </Button>
          )}
        </Group>
      </Stack>
    </Panel>
  );
}
