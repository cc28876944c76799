// Provisioning from the company's directory (SCIM 2.0, RFC 7643 and 7644; docs/decisions/052):
// what the directory may send to /scim/v2 (Users and Groups, and the PatchOp that changes them),
// read as Okta and Microsoft Entra ID send it, and the admin's endpoints that make and rotate
// the bearer token it sends. SCIM answers in its own formats, so its resources are declared
// here as schemas rather than as endpoints of the dashboard's API.
import { z } from 'zod';
import { endpoints } from './endpoints';
import { WORKSPACE_ROLES } from './roles';
import { invalid, V } from './validation-words';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  config: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** SCIM's media type; plain JSON is taken too. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** The largest body a directory may send (a group of many members fits easily). */
export const SCIM_MAX_BODY_BYTES = 1024 * 1024;

/**
 * A boolean as directories send it: `true`, or the string "True" (Entra ID sends
 * `"value": "False"`), in any case.
 */
export const ScimBoolean = z.union(
  [
    z.boolean(),
    z
      .string()
      .transform((text) => text.trim().toLowerCase())
      .pipe(z.enum(['true', 'false']))
      .transform((text) => text === 'true'),
  ],
  { error: invalid(V.trueOrFalse) },
);

const text = (max: number) =>
  z.string({ error: invalid(V.text) }).max(max, { error: invalid(V.maxChars, { max }) });

export const ScimEmail = z.looseObject({
  value: text(254),
  type: text(40).optional(),
  primary: ScimBoolean.optional(),
});

export const ScimName = z.looseObject({
  formatted: text(200).optional(),
  givenName: text(100).optional(),
  familyName: text(100).optional(),
});

/** A user as the directory sends it (POST and PUT): other attributes are taken and ignored. */
export const ScimUserInput = z.looseObject({
  userName: text(254).min(1, { error: invalid(V.required) }),
  externalId: text(256).nullish(),
  active: ScimBoolean.optional(),
  displayName: text(200).nullish(),
  name: ScimName.nullish(),
  emails: z
    .array(ScimEmail, { error: invalid(V.list) })
    .max(10)
    .nullish(),
});
export type ScimUserInput = z.infer<typeof ScimUserInput>;

export const ScimMember = z.looseObject({ value: text(64), display: text(256).optional() });

export const ScimGroupInput = z.looseObject({
  displayName: text(256).min(1, { error: invalid(V.required) }),
  externalId: text(256).nullish(),
  members: z
    .array(ScimMember, { error: invalid(V.list) })
    .max(10_000)
    .nullish(),
});
export type ScimGroupInput = z.infer<typeof ScimGroupInput>;

/** One operation of a PatchOp: its `op` in any case ("Replace", as Entra ID sends it). */
export const ScimPatchOperation = z.looseObject({
  op: z
    .string({ error: 'must be add, remove or replace' })
    .transform((op) => op.toLowerCase())
    .pipe(z.enum(['add', 'remove', 'replace'], { error: 'must be add, remove or replace' })),
  path: text(500).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.infer<typeof ScimPatchOperation>;

export const ScimPatch = z.looseObject({
  Operations: z
    .array(ScimPatchOperation, { error: 'must be a list of operations' })
    .min(1, { error: 'must hold at least one operation' })
    .max(1000, { error: 'must hold at most 1,000 operations' }),
});

/** The token's record as Settings shows it: never the token itself, which is shown once. */
export const ScimTokenInfo = z.object({
  id: z.string(),
  createdAt: z.int(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.int().nullable(),
  lastRequest: z.string().nullable(),
});

export const ScimSettings = z.object({
  /** The base URL to give the directory. */
  baseUrl: z.string(),
  token: ScimTokenInfo.nullable(),
});
export type ScimSettings = z.infer<typeof ScimSettings>;

const ADMIN = WORKSPACE_ROLES.administer;

export const scimAdminEndpoints = endpoints({
  getScim: {
    method: 'GET',
    path: '/admin/scim',
    summary: "Provisioning from the directory: SCIM's base URL and the token's last use",
    response: ScimSettings,
    roles: ADMIN,
    audit: 'read provisioning',
  },
  makeScimToken: {
    method: 'POST',
    path: '/admin/scim/token',
    summary:
      'Make the bearer token the directory provisions with, shown once; any earlier one stops working',
    response: ScimSettings.extend({ secret: z.string() }),
    roles: ADMIN,
    audit: 'make provisioning token',
  },
  revokeScimToken: {
    method: 'DELETE',
    path: '/admin/scim/token',
    summary: 'Revoke the provisioning token: the directory can change nothing more',
    response: ScimSettings,
    roles: ADMIN,
    audit: 'revoke provisioning token',
  },
});
