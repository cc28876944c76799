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
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
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
import { WRAPPING_SEGMENTS } from '#/components/wrapping';
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
  const { t } = useLingui();
  const { data } = useSuspenseQuery(ssoQuery);
  const lastSignIn = (provider: {
    lastSignInAt: number | null;
    lastSignInEmail: string | null;
  }) => (
    <Text size="sm" c="dimmed">
      {provider.lastSignInAt !== null ? (
        <Trans>
          Last sign-in through it: {provider.lastSignInEmail},{' '}
          <DateTime value={provider.lastSignInAt} />.
        </Trans>
      ) : (
        t`Nobody has signed in through it yet.`
      )}
    </Text>
  );
  return (
    <Panel
      title={t`Single sign-on`}
      description={t`People sign in through your company’s identity provider (Okta, Microsoft Entra ID, Google Workspace, Keycloak…), by OpenID Connect or SAML 2.0. Their groups there give their roles here at every sign-in; the first sign-in of an address in your domains makes the person, without a password.`}
    >
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={3} fz="md">
            OpenID Connect
          </Title>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              <Trans>Redirect URI to register with the provider</Trans>
            </Text>
            <CopyValue value={data.redirectUri} label={t`the redirect URI`} />
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
                [t`Entity ID`, t`the entity ID`, data.serviceProvider.entityId],
                [
                  t`Assertion consumer service (ACS) URL`,
                  t`the assertion consumer service (ACS) URL`,
                  data.serviceProvider.acsUrl,
                ],
                [t`Metadata URL`, t`the metadata URL`, data.serviceProvider.metadataUrl],
                [t`Single logout URL`, t`the single logout URL`, data.serviceProvider.logoutUrl],
              ] as const
            ).map(([label, named, value]) => (
              <Stack gap={2} key={label}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <CopyValue value={value} label={named} />
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            <Trans>
              The metadata carries this dashboard’s signing certificate (
              {data.serviceProvider.signingCertificate.subject}, until{' '}
              {data.serviceProvider.signingCertificate.validTo}) and its encryption certificate, for
              providers that want signed requests or encrypt assertions. The entity ID follows the
              dashboard’s public address (PUBLIC_URL).
            </Trans>
          </Text>
          <Group>
            <Anchor
              href={data.serviceProvider.metadataUrl}
              download="partner-dashboard-saml.xml"
              size="sm"
            >
              <Trans>Download this dashboard’s SAML metadata</Trans>
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
/** A provider by name; "another provider" in the reader's language. */
const presetName = (preset: SsoPreset, short = false) =>
  preset === 'other'
    ? short
      ? tr(msg`Other`)
      : tr(msg`Another provider`)
    : PROVIDER_PRESETS[preset][short ? 'short' : 'label'];

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
        <Trans>Provider</Trans>
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        data={SSO_PRESETS.map((p) => ({ value: p, label: presetName(p, true) }))}
        value={value}
        onChange={(next) => onChange(next as SsoPreset)}
        fullWidth
        size="xs"
        maw={420}
        styles={WRAPPING_SEGMENTS}
      />
      <Text size="xs" c="dimmed">
        {presetName(value)}: {description}
      </Text>
    </Stack>
  );
}
/** How long before a certificate expires Settings warns of it. */
const EXPIRY_WARNING_MS = 30 * 24 * 60 * 60 * 1000;

/** What each provider sends groups as, for the admin filling the map. */
const GROUPS_HINT: Record<SsoPreset, MessageDescriptor | null> = {
  entra: msg`Entra ID sends each group’s object ID, not its name: put the object ID (from Entra’s Groups page) in Group and its name in Label.`,
  okta: msg`Okta sends the groups its group attribute statement lets through, by name.`,
  google: msg`Google Workspace sends the groups chosen in the app’s group membership mapping, by name.`,
  other: null,
};

/** The attributes of a SAML assertion that say who the person is. */
const ATTRIBUTE_FIELDS = [
  ['emailAttribute', msg`Email attribute`, msg`Empty: the NameID, when it is an address`],
  ['nameAttribute', msg`Name attribute`, msg`The person’s name as shown here`],
  ['groupsAttribute', msg`Groups attribute`, msg`The attribute that lists the person’s groups`],
] as const;

function SamlForm({ settings }: { settings: SsoSettings }) {
  const { t } = useLingui();
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
      label={t`SAML provider`}
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
        announceSaved(after, t`SAML sign-on saved`, (saml) => {
          const domains = values.domains.join(', ');
          const entity = saml.saml?.entityId ?? '';
          return t`People at ${domains} sign in through ${entity}.`;
        });
      }}
    >
      <Stack gap="sm">
        {saved && (
          <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
            <Text size="sm">
              {saved.certificates.length === 1 ? (
                <Trans>
                  Signs in through <b>{saved.entityId}</b> at {saved.entryPoint}; its signing
                  certificate: {certificatesInWords(saved.certificates)}.
                </Trans>
              ) : (
                <Trans>
                  Signs in through <b>{saved.entityId}</b> at {saved.entryPoint}; its signing
                  certificates: {certificatesInWords(saved.certificates)}.
                </Trans>
              )}
              {saved.signsRequests &&
                ` ${t`It asks for signed requests: they are signed with this dashboard’s signing certificate.`}`}
            </Text>
            {saved.metadataUrl && (
              <Text size="sm" c="dimmed">
                {saved.metadataFetchedAt !== null ? (
                  <Trans>
                    Its metadata is fetched from {saved.metadataUrl} every six hours, and at once
                    when a signature does not verify (last{' '}
                    <DateTime value={saved.metadataFetchedAt} />
                    ): a new certificate the provider publishes is taken by itself.
                  </Trans>
                ) : (
                  <Trans>
                    Its metadata is fetched from {saved.metadataUrl} every six hours, and at once
                    when a signature does not verify: a new certificate the provider publishes is
                    taken by itself.
                  </Trans>
                )}
              </Text>
            )}
            {saved.metadataProblem && (
              <Alert color="orange" variant="light" title={t`The metadata could not be fetched`}>
                {saved.metadataProblem}
              </Alert>
            )}
            {newest !== undefined && newest - Date.now() < EXPIRY_WARNING_MS && (
              <Alert color="orange" variant="light" title={t`Its certificate expires soon`}>
                {saved.metadataUrl ? (
                  <Trans>
                    The newest certificate it signs with is good until <DateTime value={newest} />.
                    Sign-in stops then unless the provider publishes a new one.
                  </Trans>
                ) : (
                  <Trans>
                    The newest certificate it signs with is good until <DateTime value={newest} />.
                    Sign-in stops then unless the provider publishes a new one and its metadata is
                    pasted again.
                  </Trans>
                )}
              </Alert>
            )}
          </Stack>
        )}
        <PresetChoice
          description={t`Fills in the attributes it sends by default; each stays editable`}
          value={preset}
          onChange={(next) => {
            form.setValue('preset', next);
            form.setValue('emailAttribute', PROVIDER_PRESETS[next].saml.email);
            form.setValue('nameAttribute', PROVIDER_PRESETS[next].saml.name);
            form.setValue('groupsAttribute', PROVIDER_PRESETS[next].saml.groups);
          }}
        />
        <SegmentedControl
          aria-label={t`Where the metadata comes from`}
          data={[
            { value: 'url', label: t`Metadata URL` },
            { value: 'xml', label: t`Paste or upload` },
          ]}
          styles={WRAPPING_SEGMENTS}
          value={source}
          onChange={chooseSource}
          fullWidth
          size="xs"
          maw={340}
        />
        {source === 'url' ? (
          <TextInput
            description={t`Fetched now and kept up to date, so that a certificate rotation needs nobody here`}
            placeholder="https://login.microsoftonline.com/…/federationmetadata/2007-06/federationmetadata.xml"
            spellCheck={false}
            autoComplete="off"
            {...textField(form, 'metadataUrl', t`Metadata URL`)}
          />
        ) : (
          <>
            <Textarea
              description={
                saved
                  ? t`Leave empty to keep the metadata saved; paste it again when the provider changes its certificate.`
                  : t`The XML the provider publishes: its entity ID, sign-in URL and signing certificate.`
              }
              autosize
              minRows={3}
              maxRows={10}
              spellCheck={false}
              styles={{
                input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 },
              }}
              {...textField(form, 'metadataXml', t`The provider’s metadata`)}
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
                    <Trans>Upload a metadata file…</Trans>
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
              description={tr(description)}
              spellCheck={false}
              {...textField(form, name, tr(label))}
            />
          ))}
        </SimpleGrid>
        <Checkbox
          label={t`Allow sign-in started at the provider (from its app portal)`}
          description={t`Off is safer: such a sign-in answers no request of this browser, so someone holding a fresh assertion of their own could sign another person’s browser in as themselves (login CSRF). Turn it on only if people start from the provider’s portal.`}
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
          submit={saved ? t`Save` : t`Set up`}
          savedName={saved?.entityId}
        />
      </Stack>
    </MutationForm>
  );
}

const CLIENT_AUTH_OPTIONS = () => [
  { value: 'client_secret_post', label: tr(msg`Client secret`) },
  { value: 'private_key_jwt', label: tr(msg`Private key JWT (this dashboard’s key)`) },
];

/** A provider's signing certificates in words: "CN=…, until 2027-01-01; …". */
const certificatesInWords = (certificates: readonly { subject: string; validTo: string }[]) =>
  certificates.map(({ subject, validTo }) => tr(msg`${subject}, until ${validTo}`)).join('; ');

function OidcForm({ settings }: { settings: SsoSettings }) {
  const { t } = useLingui();
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
      label={t`OpenID provider`}
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
        announceSaved(after, t`Single sign-on saved`, ({ oidc }) => {
          const issuer = oidc?.issuer ?? '';
          const domains = oidc?.domains.join(', ') ?? '';
          return t`The provider at ${issuer} answered; people at ${domains} can sign in through it.`;
        });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PresetChoice
            description={t`What its tokens must say besides the standard`}
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
                  ? t`Every token must come from this directory (its tid claim and issuer)`
                  : t`Every token must carry this Workspace domain (its hd claim): consumer Google accounts are refused`
              }
              placeholder={preset === 'entra' ? '7d5c1a2e-…' : 'partner.example'}
              spellCheck={false}
              {...textField(
                form,
                'tenant',
                preset === 'entra' ? t`Directory (tenant) ID` : t`Workspace domain`,
              )}
            />
          ) : (
            <div />
          )}
          <TextInput
            description={
              preset === 'entra'
                ? 'https://login.microsoftonline.com/<tenant ID>/v2.0'
                : t`Its discovery document is read from /.well-known/openid-configuration`
            }
            placeholder={
              preset === 'google' ? 'https://accounts.google.com' : 'https://login.partner.example'
            }
            spellCheck={false}
            autoComplete="off"
            {...textField(form, 'issuer', t`Issuer URL`)}
          />
          <TextInput
            description={t`The claim of the ID token or UserInfo that lists the person’s groups`}
            spellCheck={false}
            {...textField(form, 'groupsClaim', t`Groups claim`)}
          />
          <TextInput
            spellCheck={false}
            autoComplete="off"
            {...textField(form, 'clientId', t`Client ID`)}
          />
          <Select
            label={t`Client authentication`}
            description={t`How this dashboard proves itself to the provider`}
            data={CLIENT_AUTH_OPTIONS()}
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
                  ? t`Kept encrypted (${saved.secretHint}); leave empty to keep it`
                  : t`Kept encrypted; nobody sees it again`
              }
              autoComplete="new-password"
              {...textField(form, 'clientSecret', t`Client secret`)}
            />
          ) : (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                <Trans>Register this key set (JWKS) URL with the provider</Trans>
              </Text>
              <CopyValue value={settings.jwksUri} label={t`the JWKS URL`} />
              <Text size="xs" c="dimmed">
                <Trans>
                  The dashboard signs a short-lived JWT with its own key; no secret is kept.
                </Trans>
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
          submit={saved ? t`Check and save` : t`Check and set up`}
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
  const { t } = useLingui();
  return (
    <>
      <CoverageFields control={control} errors={errors} preset={preset} />
      <SubmitRow mutation={save} failed={t`Not saved`} placed={placed}>
        {submit}
      </SubmitRow>
      {savedName !== undefined && <TestSignInButton protocol={protocol} />}
      {savedName !== undefined && (
        <RemoveProvider
          name={savedName}
          what={protocol === 'saml' ? t`SAML provider removed` : t`OpenID provider removed`}
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
  const { t, i18n } = useLingui();
  const hint = GROUPS_HINT[preset];
  return (
    <>
      {hint && (
        <Text size="xs" c="dimmed">
          {tr(hint)}
        </Text>
      )}
      <Controller
        control={control}
        name="domains"
        render={({ field }) => (
          <TagsInput
            label={t`Email domains it covers`}
            description={t`Only addresses in these domains sign in through it, exactly (not their subdomains)`}
            placeholder={field.value.length === 0 ? 'partner.example' : t`Add a domain`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(t`Domains`, errors.domains?.message ?? errors.domains?.[0]?.message)}
            maw={680}
            splitChars={[',', ' ']}
          />
        )}
      />
      <Stack gap={6}>
        <Text size="sm" fw={600} id="group-roles">
          <Trans>Groups and their roles</Trans>
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>
            A person gets the roles of every group of theirs listed here, at each sign-in. Someone
            in none of them is not let in. Names match the provider’s ignoring case.
          </Trans>
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
                      aria-label={t`Group ${index + 1}`}
                      placeholder={
                        groupsById ? '3f2b8c1e-5d4a-4b6f-9e21-7a0c9d8e6f54' : 'payments-finance'
                      }
                      spellCheck={false}
                      w={{ base: '100%', sm: groupsById ? 330 : 240 }}
                      value={row.group}
                      onChange={(event) => change(index, { group: event.currentTarget.value })}
                      error={fieldError(t`Group`, errors.roleMap?.[index]?.group?.message)}
                    />
                    {(groupsById || row.label) && (
                      <TextInput
                        aria-label={t`Label of group ${index + 1}`}
                        placeholder={t`Its name, e.g. Corp-Finance`}
                        w={{ base: '100%', sm: 200 }}
                        value={row.label ?? ''}
                        onChange={(event) =>
                          change(index, { label: event.currentTarget.value || undefined })
                        }
                        error={fieldError(t`Label`, errors.roleMap?.[index]?.label?.message)}
                      />
                    )}
                    <MultiSelect
                      aria-label={t`Roles of group ${index + 1}`}
                      placeholder={row.roles.length === 0 ? t`Choose roles` : undefined}
                      data={roleOptions(i18n)}
                      value={row.roles}
                      onChange={(roles) => change(index, { roles: roles as typeof row.roles })}
                      w={{ base: '100%', sm: 320 }}
                      error={fieldError(t`Roles`, errors.roleMap?.[index]?.roles?.message)}
                    />
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t`Remove group ${index + 1}`}
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
                    <Trans>Add a group</Trans>
                  </Button>
                </Group>
              </>
            );
          }}
        />
        {errors.roleMap?.message && (
          <Text size="xs" c="red" role="alert">
            {fieldError(t`Groups`, errors.roleMap.message)}
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
  const { t } = useLingui();
  const [removing, setRemoving] = useState(false);
  if (!removing)
    return (
      <Group>
        <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(true)}>
          <Trans>Remove the provider…</Trans>
        </Button>
      </Group>
    );
  return (
    <Alert color="red" variant="light" title={t`Remove this provider?`}>
      <Text size="sm" mb="sm">
        <Trans>
          Nobody can sign in through {name} any more; without another provider, single sign-on is no
          longer required. People made by it have no password: an admin sends them a reset link.
        </Trans>
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
                showDone(what, t`Nobody signs in through ${name} now.`);
              },
            })
          }
        >
          <Trans>Remove</Trans>
        </Button>
        <Button variant="default" size="xs" onClick={() => setRemoving(false)}>
          <Trans>Keep it</Trans>
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
  if ('held' in after) {
    const summary = after.held.change.summary;
    showDone(
      tr(msg`Waits for a second admin`),
      tr(msg`${summary} Another admin approves it under Settings before it applies.`),
    );
  } else showDone(title, words(after.answer));
}

const SESSION_HOURS = [1, 2, 4, 8, 12, 24];
const IDLE_MINUTES = [5, 10, 15, 30, 60, 120, 240];

function PolicyForm({ settings }: { settings: SsoSettings }) {
  const { t } = useLingui();
  const save = useSetSignInPolicy();
  const [required, setRequired] = useState(settings.policy.ssoRequired);
  const [breakGlass, setBreakGlass] = useState(settings.policy.breakGlass);
  const [sessionHours, setSessionHours] = useState(settings.policy.sessionHours);
  const [idleMinutes, setIdleMinutes] = useState(settings.policy.idleMinutes);
  const domains = [...(settings.oidc?.domains ?? []), ...(settings.saml?.domains ?? [])];
  return (
    <form
      aria-label={t`Sign-in policy`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { ssoRequired: required, breakGlass, sessionHours, idleMinutes },
          {
            onSuccess: (after) => {
              const covered = domains.join(', ');
              const keepers = after.policy.breakGlass.join(', ');
              const count = after.policy.breakGlass.length;
              const values = {
                hours: after.policy.sessionHours,
                minutes: after.policy.idleMinutes,
              };
              showDone(
                t`Sign-in policy saved`,
                `${
                  after.policy.ssoRequired
                    ? tr(
                        msg({
                          message:
                            'People at {covered} sign in through single sign-on only; {count, plural, one {{keepers} keeps a password.} other {{keepers} keep a password.}}',
                        }),
                        { covered, keepers, count },
                      )
                    : t`People may sign in with a password too.`
                } ${tr(
                  msg({
                    message: 'New sessions last {hours} h and end after {minutes} min idle.',
                  }),
                  values,
                )}`,
              );
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md">
          <Trans>Sign-in policy</Trans>
        </Title>
        {domains.length > 0 && (
          <>
            <Checkbox
              label={t`Require single sign-on for ${domains.join(', ')}`}
              description={t`The password form then refuses those addresses and points to single sign-on.`}
              checked={required}
              onChange={(event) => setRequired(event.currentTarget.checked)}
            />
            <TagsInput
              label={t`Break-glass admins`}
              description={t`Admins who keep their password and authenticator, for when the provider is down. At least one while single sign-on is required.`}
              placeholder={breakGlass.length === 0 ? 'admin@partner.example' : t`Add an admin`}
              value={breakGlass}
              onChange={setBreakGlass}
              maw={680}
              splitChars={[',', ' ']}
            />
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={680}>
          <Select
            label={t`Sessions last at most`}
            description={t`From sign-in, whatever the person does`}
            data={SESSION_HOURS.map((h) => ({
              value: String(h),
              label: tr(msg({ message: '{h, plural, one {# hour} other {# hours}}' }), { h }),
            }))}
            value={String(sessionHours)}
            allowDeselect={false}
            onChange={(value) => value && setSessionHours(Number(value))}
          />
          <Select
            label={t`Sign out after being idle for`}
            description={t`The page warns two minutes before`}
            data={IDLE_MINUTES.map((m) => ({
              value: String(m),
              label: tr(msg({ message: '{m, plural, one {# minute} other {# minutes}}' }), { m }),
            }))}
            value={String(idleMinutes)}
            allowDeselect={false}
            onChange={(value) => value && setIdleMinutes(Number(value))}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          <Trans>Session limits apply to sessions opened from now on.</Trans>
        </Text>
        <SubmitRow mutation={save} failed={t`Not saved`} placed={[]}>
          <Trans>Save the policy</Trans>
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
  const { t } = useLingui();
  const { data } = useSuspenseQuery(scimQuery);
  const make = useMakeScimToken();
  const revoke = useRevokeScimToken();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Panel
      title={t`Provisioning`}
      description={t`Your directory (Okta, Microsoft Entra ID…) makes, changes and deactivates people here through SCIM 2.0, and puts them in groups: the groups give roles through the map above, at once. Deactivating someone there signs them out here at once.`}
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            <Trans>SCIM base URL</Trans>
          </Text>
          <CopyValue value={data.baseUrl} label={t`the SCIM base URL`} />
        </Stack>
        <Text size="sm" c="dimmed">
          {data.token ? (
            <>
              {data.token.createdBy ? (
                <Trans>
                  A token made <DateTime value={data.token.createdAt} /> by {data.token.createdBy}.
                </Trans>
              ) : (
                <Trans>
                  A token made <DateTime value={data.token.createdAt} />.
                </Trans>
              )}{' '}
              {data.token.lastUsedAt !== null ? (
                <Trans>
                  Last request: <span translate="no">{data.token.lastRequest}</span>,{' '}
                  <DateTime value={data.token.lastUsedAt} />.
                </Trans>
              ) : (
                t`The directory has not used it yet.`
              )}
            </>
          ) : (
            t`No token: the directory can change nothing here.`
          )}
        </Text>
        {secret && (
          <Alert color="blue" variant="light" title={t`The token, shown this once`}>
            <Text size="sm" mb="xs">
              <Trans>
                Give it to the directory as its bearer token now: only its hash is kept here.
              </Trans>
            </Text>
            <CopyValue value={secret} label={t`the SCIM token`} />
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
                    data.token ? t`Token replaced` : t`Token made`,
                    data.token
                      ? t`The old token stopped working: give the directory the new one.`
                      : t`Give it to the directory now: it is shown once.`,
                  );
                },
              })
            }
          >
            {data.token ? t`Replace the token…` : t`Make a token`}
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
                    showDone(t`Token revoked`, t`The directory can change nothing here any more.`);
                  },
                })
              }
            >
              <Trans>Revoke the token</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Panel>
  );
}
