// The admin's settings on the dashboard server: the partner's API credentials per environment,
// the people of the workspace and their roles, and which roles need the second step. (Approval
// policies are the money controls': ./controls.) Declared once (docs/decisions/027).
import { z } from 'zod';
import { CredentialsForm, Email, Environment, Role } from './dashboard';
import { endpoints } from './endpoints';
import { WORKSPACE_ROLES } from './roles';
import { requiredText, TextIdParams, UNSHOWABLE } from './schemas/common';
import { ControlChangeHeld } from './controls';
import { LanguageChoice } from './account';
import { invalid, V } from './validation-words';

const ADMIN = WORKSPACE_ROLES.administer;

export const Person = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(Role),
  createdAt: z.int(),
  disabledAt: z.int().nullable(),
  /** Added by an admin and not signed in yet. */
  invited: z.boolean(),
  /** Away now or later, with whom they named (docs/decisions/088); null when not. */
  away: z
    .object({ from: z.int(), until: z.int(), delegateName: z.string() })
    .nullable()
    .default(null),
});
export type Person = z.infer<typeof Person>;

/**
 * A person's name as others read it (a mail's subject, a line of the audit trail): required, at
 * most 200 characters, one plain line.
 */
export const PersonName = requiredText(200, { type: invalid(V.required) }).refine(
  (name) => !UNSHOWABLE.test(name),
  { error: invalid(V.oneLine) },
);

export const PersonCreate = z.object({
  email: Email,
  name: PersonName,
  roles: z.array(Role, { error: invalid(V.roles) }).min(1, {
    error: invalid(V.oneRole),
  }),
});
export type PersonCreate = z.input<typeof PersonCreate>;

export const CredentialHint = z.object({
  environment: z.string(),
  apiKeyLast4: z.string(),
  updatedAt: z.int(),
  updatedBy: z.string().nullable(),
});
export type CredentialHint = z.infer<typeof CredentialHint>;
const CredentialHints = z.object({ results: z.array(CredentialHint) });

export const adminEndpoints = endpoints({
  listCredentials: {
    method: 'GET',
    path: '/admin/credentials',
    summary: "Which environments have API credentials: each key's last four characters",
    response: CredentialHints,
    roles: ADMIN,
    audit: 'read credentials',
  },
  setCredentials: {
    errors: { 502: 'The API could not be reached to check the credentials' },
    method: 'PUT',
    path: '/admin/credentials/{environment}',
    summary: "Store an environment's API key and secret, checked against the environment first",
    params: z.object({ environment: Environment }),
    body: CredentialsForm,
    response: CredentialHints,
    roles: ADMIN,
    audit: 'set API credentials',
  },
  listPeople: {
    method: 'GET',
    path: '/admin/users',
    summary: 'The people of the workspace and their roles',
    response: z.object({ results: z.array(Person) }),
    roles: ADMIN,
    audit: 'list users',
  },
  addPerson: {
    method: 'POST',
    path: '/admin/users',
    summary:
      'Add a person: an invitation mail with a link to choose a password (24 hours), and a one-time password shown once to the admin',
    body: PersonCreate,
    response: z.object({
      user: Person,
      /**
       * Shown once, and only where this server sends no mail: otherwise the invitation mail's
       * link is how the person chooses a password, and nobody else ever sees one.
       */
      oneTimePassword: z.string().nullable(),
    }),
    held: ControlChangeHeld,
    roles: ADMIN,
    audit: 'create user',
  },
  setRoles: {
    method: 'PUT',
    path: '/admin/users/{id}/roles',
    summary: "Replace a person's roles",
    params: TextIdParams,
    body: z.object({ roles: z.array(Role, { error: invalid(V.roles) }) }),
    response: Person,
    held: ControlChangeHeld,
    errors: {
      409: 'LAST_ADMIN: the workspace would have no active admin left',
    },
    roles: ADMIN,
    audit: 'set roles',
  },
  setPersonActive: {
    method: 'PUT',
    path: '/admin/users/{id}/active',
    summary:
      'Deactivate a person (their sessions end at once; their approvals stop counting for what is not done yet) or reactivate them',
    params: TextIdParams,
    body: z.object({ active: z.boolean({ error: invalid(V.trueOrFalse) }) }),
    response: Person,
    errors: {
      409: 'LAST_ADMIN: the workspace would have no active admin left',
    },
    roles: ADMIN,
    audit: 'set person active',
  },
  endSessionsOf: {
    method: 'POST',
    path: '/admin/users/{id}/end-sessions',
    summary: 'End every session of a person (they sign in again)',
    params: TextIdParams,
    response: z.object({ ended: z.int() }),
    roles: ADMIN,
    audit: 'end sessions',
  },
  issueResetLink: {
    method: 'POST',
    path: '/admin/users/{id}/reset-link',
    summary: 'A password reset link for a person (24 hours, once; a newer one replaces it)',
    params: TextIdParams,
    response: z.object({ link: z.string(), expiresAt: z.int() }),
    roles: ADMIN,
    audit: 'issue reset link',
  },
  apiDocument: {
    method: 'GET',
    path: '/openapi.json',
    summary: "The OpenAPI document of the dashboard server's own API, for the admin's automation",
    response: z.looseObject({
      openapi: z.literal('3.1.0'),
      paths: z.record(z.string(), z.unknown()),
    }),
    roles: ADMIN,
    audit: 'read API document',
  },
  languageSettings: {
    method: 'GET',
    path: '/admin/language',
    summary: "The workspace's default language, for mails to people who chose none (decision 091)",
    response: z.object({ language: LanguageChoice }),
    roles: ADMIN,
    audit: 'read language settings',
  },
  setWorkspaceLanguage: {
    method: 'PUT',
    path: '/admin/language',
    summary:
      "Set the workspace's default language: mails to people who never chose one, and pages whose browser speaks none of ours",
    body: z.object({ language: LanguageChoice }),
    response: z.object({ language: LanguageChoice }),
    roles: ADMIN,
    audit: 'set workspace language',
  },
  roleSettings: {
    method: 'GET',
    path: '/admin/roles',
    summary: 'The roles that need the second step',
    response: z.object({ requireTotp: z.array(Role) }),
    roles: ADMIN,
    audit: 'read role settings',
  },
  setSecondStep: {
    method: 'PUT',
    path: '/admin/roles/{role}',
    summary: 'Say whether a role needs the second step',
    params: z.object({ role: Role }),
    body: z.object({ requireTotp: z.boolean({ error: invalid(V.trueOrFalse) }) }),
    response: z.object({ role: Role, requireTotp: z.boolean() }),
    roles: ADMIN,
    audit: 'set second step',
  },
});
