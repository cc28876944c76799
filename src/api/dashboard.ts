// Signing in to the dashboard server and the session it keeps, with what the dashboard keeps
// about transactions beside the API: declared once for the server and the SPA
// (docs/decisions/027).
import { z } from 'zod';
import { endpoints } from './endpoints';
import { ROLES } from './roles';
import { IdParam, oneOf, requiredText, toldText } from './schemas/common';
import { Product } from './schemas/transaction';
import { invalid, V } from './validation-words';
import { CW } from './contract-words';

/** A session whose person does nothing for this long ends (the SPA warns two minutes before). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

export const Role = oneOf(ROLES);

export const ENVIRONMENTS = ['sandbox', 'live'] as const;
export const Environment = oneOf(ENVIRONMENTS);
export type Environment = z.infer<typeof Environment>;

const credential = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: invalid(V.required) })
    .max(200, { error: invalid(V.maxChars, { max: 200 }) });

export const Email = requiredText(254, { type: invalid(V.required) })
  .pipe(z.email({ error: invalid(V.email) }))
  // What a client sends: the pipe's checks do not show in the input's JSON Schema by themselves.
  .meta({ format: 'email' });

/** The sign-in form: email and password, and the authenticator's code when it is asked for. */
export const SignInForm = z.object({
  email: Email,
  password: z
    .string({ error: invalid(V.required) })
    .min(1, { error: invalid(V.required) })
    .max(200, { error: invalid(V.maxChars, { max: 200 }) }),
  code: z
    .string()
    .trim()
    .max(20, { error: invalid(V.maxChars, { max: 20 }) })
    .optional(),
});
export type SignInForm = z.input<typeof SignInForm>;

/** Body of `POST /api/session`: a person's sign-in, or a demo user of the sandbox workspace. */
export const SignIn = z.union([
  z.object({ demoUser: Email, code: SignInForm.shape.code }),
  SignInForm,
]);
export type SignIn = z.input<typeof SignIn>;

/** An environment's API key and secret, entered once by an admin. */
export const CredentialsForm = z.object({
  apiKey: credential('The API key'),
  apiSecret: credential('The API secret'),
});
export type CredentialsForm = z.infer<typeof CredentialsForm>;

export const EnvironmentInfo = z.object({
  id: Environment,
  label: z.string(),
  /** An admin has stored this environment's API credentials. */
  configured: z.boolean(),
});
export type EnvironmentInfo = z.infer<typeof EnvironmentInfo>;

export const UserInfo = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(Role),
  /** The person's formats (docs/decisions/037); null: the browser's. */
  locale: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** The person's language (decision 091); null: their browser's. */
  language: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const SessionInfo = z.discriminatedUnion('signedIn', [
  z.object({
    signedIn: z.literal(false),
    environments: z.array(EnvironmentInfo),
    /** The sandbox demo workspace's people, one click each; empty without the demo. */
    demoUsers: z.array(UserInfo.pick({ email: true, name: true, roles: true })),
    /** An identity provider is set up: the page offers single sign-on. */
    singleSignOn: z.boolean(),
    /**
     * After signing out of a session a SAML provider opened: where the browser goes to end the
     * session at the provider too (single logout), when it offers one.
     */
    providerLogout: z.string().optional(),
  }),
  z.object({
    signedIn: z.literal(true),
    user: UserInfo,
    environments: z.array(EnvironmentInfo),
    environment: Environment,
    /** Signed in to the sandbox demo workspace. */
    demo: z.boolean(),
    /** The environment's API key, shortened: enough to recognise it, never the secret. */
    apiKeyHint: z.string(),
    /** {base_url} of the environment, for links to its reference pages. */
    baseUrl: z.string(),
    expiresAt: z.int(),
    /** How long the session may sit idle (the workspace's sign-in policy when it opened). */
    idleMs: z.int(),
    /**
     * A role of the person needs the second step and no authenticator is enrolled yet: until it
     * is, the session can only enrol one (or sign out).
     */
    mustEnrol: z.boolean(),
    /** The person has an authenticator: replacing it needs the password and one of its codes. */
    secondFactor: z.boolean(),
    /**
     * Until when money may be released without the authenticator's code again (the person gave
     * it in this session within the workspace's window); null: it will be asked (or the person
     * has no authenticator, and nothing is asked).
     */
    stepUpUntil: z.int().nullable(),
  }),
]);
export type SessionInfo = z.infer<typeof SessionInfo>;

export const EnvironmentSwitch = z.object({ environment: Environment });

/**
 * What the dashboard kept about a transaction that the API does not give back: the files it
 * attached and the cancellation reason in the person's words (docs/decisions/019).
 */
export const TRANSACTION_NOTE_KINDS = ['invoice', 'depositConfirmation', 'cancelReason'] as const;
export const TransactionNote = z.object({
  id: z.string(),
  kind: z.enum(TRANSACTION_NOTE_KINDS),
  /** A file's URL, or the cancellation reason's code. */
  value: z.string(),
  /** The file's name, or the reason in words. */
  detail: z.string().nullable(),
  /** Where the browser opens the file (through the dashboard server), for files. */
  href: z.string().nullable(),
  /** Who, by name; someone no longer in the workspace in words. */
  byName: toldText(),
  at: z.int(),
});
export type TransactionNote = z.infer<typeof TransactionNote>;

/**
 * Who did what the API keeps no name for, on a merchant (docs/decisions/073): accepted one of its
 * agreements (`value`: the agreement's id), or gave a KYC document (`value`: the document's id,
 * `detail`: its type).
 */
export const MerchantNote = z.object({
  kind: z.enum(['agreementAccepted', 'document']),
  value: z.string(),
  detail: z.string().nullable(),
  /** Who, by name; someone no longer in the workspace in words. */
  byName: toldText(),
  at: z.int(),
});
export type MerchantNote = z.infer<typeof MerchantNote>;

/** Who switched on a sandbox fault (its id) or held the automatic moves (0), and when. */
export const SandboxNote = z.object({
  kind: z.enum(['fault', 'hold']),
  objectId: z.int(),
  /** Who, by name; someone no longer in the workspace in words. */
  byName: toldText(),
  at: z.int(),
});
export type SandboxNote = z.infer<typeof SandboxNote>;

export const sessionEndpoints = endpoints({
  getSession: {
    method: 'GET',
    path: '/session',
    summary: 'Who is signed in, to which environment (or the sign-in choices)',
    access: 'public',
    response: SessionInfo,
  },
  signIn: {
    errors: {
      401: 'The email address and password (or the code) do not match an account',
      409: 'The address must sign in through single sign-on (`code` SSO_REQUIRED)',
    },
    method: 'POST',
    path: '/session',
    summary: 'Sign in with email and password (and a code), or as a person of the demo workspace',
    access: 'public',
    body: SignIn,
    response: SessionInfo,
  },
  signOut: {
    method: 'DELETE',
    path: '/session',
    summary: 'End this session',
    access: 'public',
    response: SessionInfo,
  },
  signOutEverywhere: {
    method: 'POST',
    path: '/session/everywhere',
    summary: 'End every session of the signed-in person, this one included',
    access: 'enrolling',
    response: SessionInfo,
  },
  stepUp: {
    errors: { 409: 'No authenticator is enrolled: nothing to confirm' },
    method: 'POST',
    path: '/session/step-up',
    summary:
      'Give the authenticator’s code (or a recovery code) before releasing money: approving deposits, bulk files and bank-detail changes for the next few minutes',
    body: z.object({
      code: z
        .string({ error: invalid(V.sixDigits) })
        .trim()
        .min(1, { error: invalid(V.sixDigits) })
        .max(40, { error: invalid(CW.notACode) }),
    }),
    response: z.object({ stepUpUntil: z.int() }),
  },
  switchEnvironment: {
    method: 'PUT',
    path: '/session/environment',
    summary: 'Move the session to another environment an admin has set up',
    body: EnvironmentSwitch,
    response: SessionInfo,
  },
  transactionNotes: {
    method: 'GET',
    path: '/transactions/{product}/{id}/notes',
    summary: 'The files and cancellation reason the dashboard sent with a transaction',
    params: z.object({ product: Product, id: IdParam }),
    response: z.object({ results: z.array(TransactionNote) }),
  },
  merchantNotes: {
    method: 'GET',
    path: '/merchants/{id}/notes',
    summary: 'Who accepted each of a merchant’s agreements and gave each KYC document, and when',
    params: z.object({ id: IdParam }),
    response: z.object({ results: z.array(MerchantNote) }),
  },
  sandboxNotes: {
    method: 'GET',
    path: '/sandbox/notes',
    summary: 'Who switched on each sandbox fault and who held the automatic moves, and when',
    response: z.object({ results: z.array(SandboxNote) }),
  },
});
