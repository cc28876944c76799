// SCIM PATCH (RFC 7644 §3.5.2) on the attributes the dashboard keeps, as Okta and Entra ID send
// it: `op` in any case, with a `path` or with an object of attributes (whose keys may be paths
// themselves, "name.givenName"), booleans as strings ("False"), and group members added,
// replaced or removed by `members[value eq "…"]` or by a list of values. Attributes the dashboard
// does not keep (an enterprise extension's department) are taken and ignored.
import type { ScimPatchOperation } from '#/api/scim';

export class ScimPatchError extends Error {
  constructor(
    readonly scimType: 'invalidPath' | 'invalidValue' | 'noTarget',
    message: string,
  ) {
    super(message);
  }
}

/** A user as PATCH changes it, before it is checked as a whole. */
export interface PatchableUser {
  userName: unknown;
  externalId: unknown;
  active: unknown;
  displayName: unknown;
  name: Record<string, unknown>;
  emails: unknown;
}

const USER_PATHS = new Set(['username', 'externalid', 'active', 'displayname', 'emails']);
const NAME_PARTS = new Set(['formatted', 'givenname', 'familyname']);
/** A path that names the (work) email's value, as Entra ID sends it. */
const EMAIL_VALUE = /^emails\[type eq "(\w+)"\]\.value$/i;
const CORE_USER_PREFIX = 'urn:ietf:params:scim:schemas:core:2.0:user:';

function setUserAttribute(user: PatchableUser, rawPath: string, value: unknown): void {
  let path = rawPath.trim();
  if (path.toLowerCase().startsWith(CORE_USER_PREFIX)) path = path.slice(CORE_USER_PREFIX.length);
  const lower = path.toLowerCase();
  if (USER_PATHS.has(lower)) {
    const key = (
      {
        username: 'userName',
        externalid: 'externalId',
        active: 'active',
        displayname: 'displayName',
        emails: 'emails',
      } as const
    )[lower as 'username'];
    user[key] = value;
    return;
  }
  if (lower === 'name') {
    if (value !== null && typeof value !== 'object')
      throw new ScimPatchError('invalidValue', 'name must be an object.');
    user.name = { ...(value as Record<string, unknown> | null) };
    return;
  }
  if (lower.startsWith('name.') && NAME_PARTS.has(lower.slice(5))) {
    const part = { formatted: 'formatted', givenname: 'givenName', familyname: 'familyName' }[
      lower.slice(5) as 'formatted'
    ];
    user.name = { ...user.name, [part]: value };
    return;
  }
  const email = EMAIL_VALUE.exec(path);
  if (email) {
    const emails = Array.isArray(user.emails) ? [...(user.emails as object[])] : [];
    const type = email[1]!.toLowerCase();
    const at = emails.findIndex(
      (e) => String((e as { type?: unknown }).type ?? '').toLowerCase() === type,
    );
    if (at >= 0) emails[at] = { ...emails[at], value };
    else emails.push({ type, value, primary: emails.length === 0 });
    user.emails = emails;
    return;
  }
  if (/^[\w:.-]+(\[.*\])?(\.[\w]+)?$/.test(path)) return; // not kept here: ignored
  throw new ScimPatchError('invalidPath', `The path ${rawPath} cannot be read.`);
}

/** The user after the operations, to be checked as a whole by the caller. */
export function patchUser(user: PatchableUser, operations: ScimPatchOperation[]): PatchableUser {
  const next: PatchableUser = { ...user, name: { ...user.name } };
  for (const operation of operations) {
    if (operation.path) {
      setUserAttribute(next, operation.path, operation.op === 'remove' ? null : operation.value);
      continue;
    }
    if (operation.op === 'remove')
      throw new ScimPatchError('noTarget', 'A remove operation needs a path.');
    if (operation.value === null || typeof operation.value !== 'object')
      throw new ScimPatchError('invalidValue', 'An operation without a path needs an object.');
    for (const [key, value] of Object.entries(operation.value as Record<string, unknown>)) {
      if (key === 'schemas' || key === 'id') continue;
      setUserAttribute(next, key, value);
    }
  }
  return next;
}

/** A group as PATCH changes it. */
export interface PatchableGroup {
  displayName: unknown;
  externalId: unknown;
  members: string[];
}

const MEMBER_FILTER = /^members\[value eq "([^"]+)"\]$/i;

/** The ids a value of members names: `[{value}]` or `{value}`. */
function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((m) => {
    const id = (m as { value?: unknown } | null)?.value;
    if (typeof id !== 'string' || id.length === 0 || id.length > 64)
      throw new ScimPatchError(
        'invalidValue',
        'Each member must be an object with a value (its id).',
      );
    return id;
  });
}

export function patchGroup(
  group: PatchableGroup,
  operations: ScimPatchOperation[],
): PatchableGroup {
  const next: PatchableGroup = { ...group, members: [...group.members] };
  const set = (key: string, op: ScimPatchOperation['op'], value: unknown) => {
    const lower = key.toLowerCase();
    if (lower === 'displayname') next.displayName = op === 'remove' ? null : value;
    else if (lower === 'externalid') next.externalId = op === 'remove' ? null : value;
    else if (lower === 'members') {
      const ids = memberIds(value);
      if (op === 'add') next.members = [...new Set([...next.members, ...ids])];
      else if (op === 'replace') next.members = [...new Set(ids)];
      else next.members = ids.length === 0 ? [] : next.members.filter((m) => !ids.includes(m));
    } else if (!/^[\w:.-]+$/.test(key))
      throw new ScimPatchError('invalidPath', `The path ${key} cannot be read.`);
  };
  for (const operation of operations) {
    const member = operation.path ? MEMBER_FILTER.exec(operation.path.trim()) : null;
    if (member) {
      if (operation.op !== 'remove')
        throw new ScimPatchError('invalidPath', 'A member filter is only for removing a member.');
      next.members = next.members.filter((m) => m !== member[1]);
      continue;
    }
    if (operation.path) {
      set(operation.path.trim(), operation.op, operation.value);
      continue;
    }
    if (
      operation.value === null ||
      typeof operation.value !== 'object' ||
      Array.isArray(operation.value)
    )
      throw new ScimPatchError('invalidValue', 'An operation without a path needs an object.');
    for (const [key, value] of Object.entries(operation.value as Record<string, unknown>))
      if (key !== 'schemas' && key !== 'id') set(key, operation.op, value);
  }
  return next;
}
