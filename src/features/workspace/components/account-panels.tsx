// One's own account: the formats (locale and time zone), the password, the authenticator app (enrolled from a QR code, with
// recovery codes shown once), and signing out everywhere.
import { passwordToggle } from '#/components/password-toggle';
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { QRCodeSVG } from 'qrcode.react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  AuthenticatorCode,
  AuthenticatorProof,
  PASSWORD_MIN_LENGTH,
  PasswordChange,
} from '#/api/account';
import { formatMoneyIn, LOCALE_CHOICES } from '#/api/formats';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PersonLanguage } from '#/api/account';
import { browserLanguage } from '#/i18n/catalogs';
import { isLanguage, type Language, LANGUAGE_NAMES, LANGUAGES } from '#/i18n/languages';
import { MutationForm } from '#/components/mutation-form';
import { SelectField } from '#/components/form-fields';
import { ApiErrorAlert } from '#/components/api-error';
import { InlineSubmit, SubmitRow } from '#/components/submit-row';
import { Panel } from '#/components/page';
import { fieldError } from '#/lib/field-error';
import { sessionQuery, useSignOutEverywhere } from '#/features/session/queries';
import {
  useBeginAuthenticator,
  useChangePassword,
  useConfirmAuthenticator,
  useSetFormats,
  useSetLanguage,
} from '../queries';
import { textField } from '#/components/text-field';
import { showDone } from '#/components/notify';

/**
 * A locale in its own words and in the page's language, so that "German" (or "Allemand") finds
 * Deutsch: "Deutsch (Deutschland) · German (Germany) · de-DE".
 */
function localeLabel(choice: { value: string; label: string }, language: string): string {
  const named = new Intl.DisplayNames([language], { type: 'language' }).of(choice.value);
  return named && named !== choice.label
    ? `${choice.label} · ${named} · ${choice.value}`
    : `${choice.label} · ${choice.value}`;
}

export function PasswordPanel() {
  const { t } = useLingui();
  const change = useChangePassword();
  const form = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChange),
    defaultValues: { current: '', next: '' },
  });
  return (
    <Panel title={t`Password`}>
      <MutationForm
        label={t`Change password`}
        form={form}
        mutation={change}
        fields={['current', 'next']}
        done={() => {
          form.reset();
          showDone(t`Password changed`, t`Use the new one next time you sign in.`);
        }}
      >
        <Stack gap="xs" maw={420}>
          <PasswordInput
            {...passwordToggle()}
            autoComplete="current-password"
            {...textField(form, 'current', t`Current password`)}
          />
          <PasswordInput
            {...passwordToggle()}
            description={t`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            {...textField(form, 'next', t`New password`)}
          />
          <SubmitRow mutation={change} failed={t`Not changed`} placed={['current', 'next']}>
            <Trans>Change password</Trans>
          </SubmitRow>
        </Stack>
      </MutationForm>
    </Panel>
  );
}

/** Replacing the authenticator: the password and a code of the one in use (or a recovery code). */
function ReplaceAuthenticator({ begin }: { begin: ReturnType<typeof useBeginAuthenticator> }) {
  const { t } = useLingui();
  const form = useForm<AuthenticatorProof>({
    resolver: zodResolver(AuthenticatorProof),
    defaultValues: { password: '', code: '' },
  });
  return (
    <MutationForm
      label={t`Replace authenticator`}
      form={form}
      mutation={begin}
      fields={['password', 'code']}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>
            Your authenticator is on. To move it to another phone, confirm with your password and a
            code from the app you have now (or a recovery code).
          </Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            {...passwordToggle()}
            autoComplete="current-password"
            {...textField(form, 'password', t`Password`)}
          />
          <TextInput autoComplete="one-time-code" {...textField(form, 'code', t`Code`)} />
        </SimpleGrid>
        <Group>
          <Button type="submit" variant="default" loading={begin.isPending}>
            <Trans>Replace authenticator</Trans>
          </Button>
        </Group>
        {begin.isError && (
          <ApiErrorAlert
            error={begin.error}
            title={t`Not replaced`}
            placed={['password', 'code']}
          />
        )}
      </Stack>
    </MutationForm>
  );
}

/** The first code of a new authenticator, which turns it on. */
function ConfirmAuthenticator({
  confirm,
}: {
  confirm: ReturnType<typeof useConfirmAuthenticator>;
}) {
  const { t } = useLingui();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(AuthenticatorCode),
    defaultValues: { code: '' },
  });
  return (
    <MutationForm
      label={t`Confirm authenticator`}
      form={form}
      mutation={confirm}
      fields={['code']}
      input={({ code }) => code}
    >
      <Stack gap="xs">
        <Group align="flex-start">
          <TextInput
            label={t`Code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.register('code')}
            error={fieldError(t`Code`, form.formState.errors.code?.message)}
          />
          <InlineSubmit busy={confirm.isPending}>
            <Trans>Turn on</Trans>
          </InlineSubmit>
        </Group>
        {confirm.isError && (
          <ApiErrorAlert error={confirm.error} title={t`Not turned on`} placed={['code']} />
        )}
      </Stack>
    </MutationForm>
  );
}

export function AuthenticatorPanel() {
  const { t } = useLingui();
  const begin = useBeginAuthenticator();
  const { data: session } = useSuspenseQuery(sessionQuery);
  const enrolled = session.signedIn && session.secondFactor;
  const confirm = useConfirmAuthenticator();
  return (
    <Panel title={t`Authenticator app`}>
      {confirm.data ? (
        <Alert color="green" variant="light" title={t`The authenticator is on`}>
          <Text size="sm" mb="xs">
            <Trans>
              Keep these recovery codes somewhere safe: each signs you in once if the phone is lost.
              They are shown only now.
            </Trans>
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }} aria-label={t`Recovery codes`}>
            {confirm.data.recoveryCodes.map((c) => (
              <Code key={c}>{c}</Code>
            ))}
          </SimpleGrid>
        </Alert>
      ) : begin.data ? (
        <Stack gap="sm">
          <Text size="sm">
            <Trans>Scan this with your authenticator app, then enter the code it shows.</Trans>
          </Text>
          <Group align="flex-start" gap="lg">
            <Paper p="xs" bg="white" withBorder>
              <QRCodeSVG
                value={begin.data.uri}
                size={168}
                title={t`QR code for the authenticator app`}
              />
            </Paper>
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                <Trans>Or type this key:</Trans>
              </Text>
              <Code>{begin.data.secret}</Code>
            </Stack>
          </Group>
          <ConfirmAuthenticator confirm={confirm} />
        </Stack>
      ) : enrolled ? (
        <ReplaceAuthenticator begin={begin} />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            <Trans>A second step at sign-in: the code of an authenticator app on your phone.</Trans>
          </Text>
          <Button onClick={() => begin.mutate(undefined)} loading={begin.isPending}>
            <Trans>Set up an authenticator</Trans>
          </Button>
          {begin.isError && <ApiErrorAlert error={begin.error} title={t`Could not start`} />}
        </Stack>
      )}
    </Panel>
  );
}

export function SessionsPanel() {
  const { t } = useLingui();
  const everywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  return (
    <Panel title={t`Sessions`}>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>Sign out on every browser and device at once, this one included.</Trans>
      </Text>
      <Button
        variant="default"
        loading={everywhere.isPending}
        onClick={() =>
          everywhere.mutate(undefined, {
            onSuccess: () => void navigate({ to: '/sign-in', search: { redirect: undefined } }),
          })
        }
      >
        <Trans>Sign out everywhere</Trans>
      </Button>
    </Panel>
  );
}

/** The choice of the browser's own locale or zone (null on the server). */
const BROWSER = 'browser';

/** Every IANA zone this browser knows (a short list where it cannot say). */
function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];
  }
}

const LanguageForm = z.object({ language: z.string() });
type LanguageForm = z.infer<typeof LanguageForm>;

/**
 * The person's language (decision 091), apart from their formats: every page, mail and file they
 * read. Saving draws the page again in it at once, without a reload.
 */
export function LanguagePanel() {
  const { t, i18n } = useLingui();
  const { data: session } = useSuspenseQuery(sessionQuery);
  const save = useSetLanguage(i18n);
  const chosen = session.signedIn ? session.user.language : null;
  const form = useForm<LanguageForm>({
    resolver: zodResolver(LanguageForm),
    defaultValues: { language: chosen ?? BROWSER },
  });
  const browser = LANGUAGE_NAMES[browserLanguage() as Language] ?? LANGUAGE_NAMES.en;
  const choices = [
    { value: BROWSER, label: t`Your browser’s (${ph({ language: browser })})` },
    ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
  ];
  // The pseudo-language is never offered, but a person set to it sees it chosen.
  if (chosen && !isLanguage(chosen)) choices.push({ value: chosen, label: chosen });
  return (
    <Panel title={t`Language`}>
      <MutationForm
        label={t`Language`}
        form={form}
        mutation={save}
        fields={['language']}
        input={(v) => ({
          language: v.language === BROWSER ? null : (v.language as PersonLanguage['language']),
        })}
      >
        <Stack gap="xs" maw={640}>
          <Text size="sm" c="dimmed">
            <Trans>
              The words of every page, and of the mails and files the dashboard sends you. Numbers
              and dates keep their own formats below.
            </Trans>
          </Text>
          <SelectField
            form={form}
            name="language"
            label={t`Language`}
            data={choices}
            allowDeselect={false}
            maw={320}
          />
          <SubmitRow mutation={save} failed={t`Not saved`} placed={['language']}>
            <Trans>Save language</Trans>
          </SubmitRow>
        </Stack>
      </MutationForm>
    </Panel>
  );
}

const FormatsForm = z.object({ locale: z.string(), timeZone: z.string() });
type FormatsForm = z.infer<typeof FormatsForm>;

/**
 * The person's locale and time zone (docs/decisions/037): how every number, amount, date and
 * chart reads, and where days begin; their browser's until they choose. A preview shows both.
 */
export function FormatsPanel() {
  const { t, i18n } = useLingui();
  const { data: session } = useSuspenseQuery(sessionQuery);
  const save = useSetFormats();
  const user = session.signedIn ? session.user : undefined;
  const form = useForm<FormatsForm>({
    resolver: zodResolver(FormatsForm),
    defaultValues: { locale: user?.locale ?? BROWSER, timeZone: user?.timeZone ?? BROWSER },
  });
  const browser = new Intl.DateTimeFormat().resolvedOptions();
  const [locale, timeZone] = form.watch(['locale', 'timeZone']);
  const preview = {
    locale: locale === BROWSER ? browser.locale : locale,
    timeZone: timeZone === BROWSER ? browser.timeZone : timeZone,
  };
  const locales = [
    { value: BROWSER, label: t`Your browser’s (${ph({ language: browser.locale })})` },
    ...LOCALE_CHOICES.map((c) => ({ value: c.value, label: localeLabel(c, i18n.locale) })),
  ];
  if (user?.locale && !LOCALE_CHOICES.some((c) => c.value === user.locale))
    locales.push({ value: user.locale, label: user.locale });
  return (
    <Panel title={t`Formats`}>
      <MutationForm
        label={t`Formats`}
        form={form}
        mutation={save}
        fields={['locale', 'timeZone']}
        input={(v) => ({
          locale: v.locale === BROWSER ? null : v.locale,
          timeZone: v.timeZone === BROWSER ? null : v.timeZone,
        })}
      >
        <Stack gap="xs" maw={640}>
          <Text size="sm" c="dimmed">
            <Trans>
              How numbers, amounts and dates read, and where days begin in reports and filters.
            </Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              form={form}
              name="locale"
              label={t`Number and date formats`}
              description={t`As a region writes them; the words follow your language above`}
              data={locales}
              allowDeselect={false}
              searchable
            />
            <SelectField
              form={form}
              name="timeZone"
              label={t`Time zone`}
              description={t`Where your days begin and end`}
              data={[
                { value: BROWSER, label: t`Your browser’s (${ph({ zone: browser.timeZone })})` },
                ...timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })),
              ]}
              allowDeselect={false}
              searchable
              limit={200}
            />
          </SimpleGrid>
          <Text size="sm" aria-live="polite">
            <Trans>
              Amounts read {ph({ amount: formatMoneyIn('12500.5', 'EUR', preview.locale) })}, dates{' '}
              {ph({
                date: new Intl.DateTimeFormat(preview.locale, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: preview.timeZone,
                }).format(Date.now()),
              })}
              .
            </Trans>
          </Text>
          <SubmitRow mutation={save} failed={t`Not saved`} placed={['locale', 'timeZone']}>
            <Trans>Save formats</Trans>
          </SubmitRow>
        </Stack>
      </MutationForm>
    </Panel>
  );
}
