// One's own account on the dashboard server: the password (changed while signed in, or set from
// an admin's reset link) and the authenticator app of the second step. Declared once for the
// server's routes and the SPA's forms (docs/decisions/027).
import { z } from 'zod';
import { Email } from './dashboard';
import { endpoints } from './endpoints';
import { isLocale, isTimeZone } from './formats';
import { LANGUAGES, PSEUDO_LANGUAGE } from '#/i18n/languages';
import { requiredText, Timestamp } from './schemas/common';
import { WORKSPACE_ROLES } from './roles';
import { invalid, V } from './validation-words';
import { CW } from './contract-words';

/** The shortest password the workspace accepts, wherever one is chosen. */
export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_RULE = invalid(V.minChars, { min: PASSWORD_MIN_LENGTH });

/** Body of `POST /api/password-reset/request`: whose mailbox gets a link. */
export const ResetRequest = z.object({
  email: Email,
});
export type ResetRequest = z.input<typeof ResetRequest>;

/**
 * A person's formats (docs/decisions/037): the locale of numbers, amounts and dates and the time
 * zone of days and times; null for the browser's own.
 */
export const PersonFormats = z.object({
  locale: z
    .string({ error: invalid(V.localeOrNull) })
    .refine(isLocale, { error: invalid(V.locale) })
    .meta({
      description: 'A BCP 47 language tag that Intl supports, such as de-DE or en-GB',
      pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$',
      maxLength: 35,
    })
    .nullable(),
  timeZone: z
    .string({ error: invalid(V.timeZoneOrNull) })
    .refine(isTimeZone, { error: invalid(V.timeZone) })
    .meta({ description: 'An IANA time zone, such as Europe/Berlin' })
    .nullable(),
});
export type PersonFormats = z.infer<typeof PersonFormats>;

/**
 * A language of the dashboard (decision 091); the pseudo-language is accepted for journeys and
 * developers but never offered.
 */
export const LanguageChoice = z.enum([...LANGUAGES, PSEUDO_LANGUAGE], {
  error: invalid(V.oneOf, { choices: LANGUAGES.join(', ') }),
});

/** A person's language; null: their browser's (or the workspace's default for mails). */
export const PersonLanguage = z.object({ language: LanguageChoice.nullable() });
export type PersonLanguage = z.infer<typeof PersonLanguage>;

/** A password someone chooses: a new one, or one set from a reset link. */
export const NewPassword = z
  .string({ error: invalid(V.required) })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_RULE })
  .max(200, { error: invalid(V.maxChars, { max: 200 }) });

const Given = z
  .string({ error: invalid(V.required) })
  .min(1, { error: invalid(V.required) })
  .max(200, { error: invalid(V.maxChars, { max: 200 }) });

export const PasswordChange = z.object({ current: Given, next: NewPassword });
export type PasswordChange = z.input<typeof PasswordChange>;

/** Body of `POST /api/password-reset`: the link's token and the new password. */
export const PasswordReset = z.object({
  token: z
    .string({ error: invalid(V.required) })
    .min(1, { error: invalid(V.required) })
    .max(200),
  password: NewPassword,
});
export type PasswordReset = z.input<typeof PasswordReset>;

/** What replacing an authenticator needs: the password and a code of the one it replaces. */
export const AuthenticatorProof = z.object({
  password: Given,
  code: requiredText(40, { type: invalid(V.required) }),
});
export type AuthenticatorProof = z.input<typeof AuthenticatorProof>;

/** A six-digit code from the authenticator app. */
export const AuthenticatorCode = z.object({
  code: z
    .string({ error: invalid(V.required) })
    .trim()
    .regex(/^\d{6}$/, { error: invalid(CW.sixDigits) }),
});

export const Enrolment = z.object({ secret: z.string(), uri: z.string() });

/**
 * Away with a delegate (docs/decisions/088): from and until when (epoch milliseconds), and who
 * decides approvals in one's place meanwhile.
 */
export const AwaySetting = z.object({
  from: Timestamp,
  until: Timestamp,
  delegateId: requiredText(100, { type: invalid(CW.delegate) }),
});
export type AwaySetting = z.input<typeof AwaySetting>;

export const AwayInfo = z.object({
  /** One's own absence, unless it has ended. */
  away: AwaySetting.extend({ delegateName: z.string() }).nullable(),
  /** Whom one may name: the active people of the workspace but oneself. */
  choices: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The approvers who named one their delegate, and until when. */
  standingInFor: z.array(z.object({ name: z.string(), from: Timestamp, until: Timestamp })),
});
export type AwayInfo = z.infer<typeof AwayInfo>;

export const accountEndpoints = endpoints({
  getAway: {
    method: 'GET',
    path: '/account/away',
    summary: 'One’s absence and delegate, whom one may name, and for whom one stands in',
    response: AwayInfo,
  },
  setAway: {
    method: 'PUT',
    path: '/account/away',
    summary:
      'Say one is away from … until … and name a delegate who decides approvals meanwhile (not oneself, not in a loop)',
    body: AwaySetting,
    response: AwayInfo,
    roles: WORKSPACE_ROLES.decideApprovals,
    audit: 'set away',
  },
  clearAway: {
    method: 'DELETE',
    path: '/account/away',
    summary: 'Back: one’s absence ends now, and with it the delegate’s standing in',
    response: AwayInfo,
    audit: 'clear away',
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/password-reset/request',
    summary:
      'Ask for a reset link by mail (no session). The answer is the same whether or not the address has an account; a few requests an hour per address',
    access: 'public',
    body: ResetRequest,
    response: z.object({ requested: z.literal(true) }),
  },
  resetPassword: {
    method: 'POST',
    path: '/password-reset',
    summary:
      'Choose a new password with a reset or invitation link (no session: the link is the proof); signs in a person without an authenticator',
    access: 'public',
    body: PasswordReset,
    response: z.object({
      reset: z.literal(true),
      signedIn: z.boolean().meta({
        description: 'Signed in (a session cookie set), unless the person has an authenticator.',
      }),
    }),
  },
  setFormats: {
    method: 'PUT',
    path: '/account/formats',
    summary: "Choose one's locale and time zone (null for the browser's) for every page and file",
    body: PersonFormats,
    response: PersonFormats,
  },
  setLanguage: {
    method: 'PUT',
    path: '/account/language',
    summary:
      "Choose one's language (null for the browser's) for every page, mail and file, apart from the formats",
    body: PersonLanguage,
    response: PersonLanguage,
    audit: 'change language',
  },
  changePassword: {
    method: 'POST',
    path: '/account/password',
    summary: "Change one's password; every other session of the person ends",
    access: 'enrolling',
    body: PasswordChange,
    response: z.object({ changed: z.literal(true) }),
  },
  beginAuthenticator: {
    method: 'POST',
    path: '/account/totp',
    summary:
      'Start enrolling an authenticator app; replacing one needs the password and one of its codes',
    access: 'enrolling',
    body: AuthenticatorProof.partial().optional(),
    response: Enrolment,
  },
  confirmAuthenticator: {
    method: 'POST',
    path: '/account/totp/confirm',
    summary: "Finish enrolling with the app's first code; answers the recovery codes, shown once",
    access: 'enrolling',
    body: AuthenticatorCode,
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  },
});
