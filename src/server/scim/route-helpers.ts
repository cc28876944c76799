// What SCIM's endpoints share (docs/decisions/052): errors in SCIM's format, people and groups
// as SCIM resources, the directory's roles applied, the last admin kept, and pages of a list.
import { englishOfText } from '#/i18n/words';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { PersonName } from '#/api/admin';
import { SCIM_MEDIA_TYPE, SCIM_SCHEMAS, ScimUserInput } from '#/api/scim';
import { rolesFromGroups } from '../sso/roles';
import { takeDirectoryRoles } from '../sso/sign-in';
import { audit } from '../request';
import { type User } from '../store/workspace';
import { REFUSED } from '../refusal-words';
import { english } from '#/i18n/words';
import type { ScimStore } from './store';

export type UserRow = Awaited<ReturnType<ScimStore['userRows']>>[number];

export const SCIM_PREFIX = '/scim/v2';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SCIM token the request came with (its id). */
    scimToken?: string;
  }
}

export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidValue'
  | 'invalidPath'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability';

/** An error as SCIM words it (RFC 7644 §3.12). */
export function scimError(
  reply: FastifyReply,
  status: number,
  detail: string,
  scimType?: ScimType,
): FastifyReply {
  return reply
    .code(status)
    .type(SCIM_MEDIA_TYPE)
    .send({
      schemas: [SCIM_SCHEMAS.error],
      status: String(status),
      ...(scimType ? { scimType } : {}),
      detail,
    });
}

export class ScimRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

/** The body read with `schema`, or a 400 naming the attribute. */
export function read<S extends ZodType>(schema: S, body: unknown) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as ReturnType<S['parse']>;
  const issue = parsed.error.issues[0]!;
  throw new ScimRefusal(
    400,
    `${issue.path.join('.') || 'The body'} ${englishOfText(issue.message)}.`,
    issue.path.length === 0 ? 'invalidSyntax' : 'invalidValue',
  );
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** The helpers of the SCIM endpoints, for one app. */
export function scimHelpers(app: FastifyInstance) {
  const ctx = app.dashboard;
  const scim = ctx.scim;
  const base = () => `${ctx.address.origin()}${SCIM_PREFIX}`;
  /** An audit entry of a change the directory made. */
  const audited = (request: FastifyRequest, action: string, target: string, details = {}) =>
    audit(request, {
      action: `scim: ${action}`,
      outcome: 'ok',
      target,
      details: { token: request.scimToken, ...details },
    });

  // People

  /** People as SCIM resources, read from their rows (one query for all their groups). */
  async function userResources(rows: UserRow[]) {
    const groups = await scim.groupsOfUsers(rows.map((r) => r.id));
    return rows.map((row) => ({
      schemas: [SCIM_SCHEMAS.user],
      id: row.id,
      ...(row.scim_external_id ? { externalId: row.scim_external_id } : {}),
      userName: row.email,
      name: { formatted: row.name },
      displayName: row.name,
      active: row.disabled_at === null,
      emails: [{ value: row.email, type: 'work', primary: true }],
      groups: groups.get(row.id) ?? [],
      meta: {
        resourceType: 'User',
        created: iso(Number(row.created_at)),
        lastModified: iso(Number(row.created_at)),
        location: `${base()}/Users/${row.id}`,
      },
    }));
  }

  /** The person the directory may see with this id, as a resource; 404 otherwise. */
  async function userResource(id: string) {
    const [resource] = await userResources(await scim.userRows({ id }));
    if (!resource) throw new ScimRefusal(404, `No user has the id ${id}.`);
    return resource;
  }

  async function userById(id: string): Promise<User> {
    const [row] = await scim.userRows({ id });
    const user = row && (await ctx.workspace.userById(row.id));
    if (!user) throw new ScimRefusal(404, `No user has the id ${id}.`);
    return user;
  }

  /** What a user resource says, checked: the address, the name, active, the directory's id. */
  function personOf(input: ReturnType<typeof ScimUserInput.parse>) {
    const primary = input.emails?.find((e) => e.primary) ?? input.emails?.[0];
    const email = (input.userName.includes('@') ? input.userName : (primary?.value ?? ''))
      .trim()
      .toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new ScimRefusal(400, 'userName must be an email address.', 'invalidValue');
    const given = [input.name?.givenName, input.name?.familyName].filter(Boolean).join(' ');
    const name = PersonName.safeParse(input.displayName || input.name?.formatted || given || email);
    if (!name.success)
      throw new ScimRefusal(
        400,
        'displayName must be one line of text, without control characters.',
        'invalidValue',
      );
    return {
      email,
      name: name.data,
      active: input.active ?? true,
      externalId: input.externalId ?? null,
    };
  }

  /**
   * The person's roles from the directory's groups, through the single sign-on group maps (the
   * OpenID provider's and the SAML one's: the directory names its groups the same for both).
   */
  async function applyDirectoryRoles(request: FastifyRequest, userIds: Iterable<string>) {
    const providers = [await ctx.sso.oidc(), await ctx.sso.saml()].filter((p) => p !== undefined);
    if (providers.length === 0) return;
    const map = providers.flatMap((p) => p.roleMap);
    for (const id of new Set(userIds)) {
      const user = await ctx.workspace.userById(id);
      if (!user) continue;
      const groups = await scim.groupNamesOf(id);
      await takeDirectoryRoles(ctx.workspace, request, user, rolesFromGroups(groups, map), {
        via: 'scim',
        token: request.scimToken,
        groups,
      });
    }
  }

  /**
   * The directory may not deactivate the workspace's last active admin either (docs/decisions/
   * 063): asked before anything of the person is changed, so that a refusal changes nothing.
   */
  const lastAdminRefusal = (user: User) =>
    new ScimRefusal(
      409,
      `${user.email} is the last active admin of the workspace. ${english(REFUSED.lastAdmin)}`,
    );
  async function refuseLastAdmin(user: User, active: boolean) {
    if (await ctx.workspace.wouldLeaveNoAdmin(user.id, { active })) throw lastAdminRefusal(user);
  }

  /** Makes the stored person say what the directory says (PUT, and PATCH once applied). */
  async function applyPerson(
    request: FastifyRequest,
    user: User,
    person: ReturnType<typeof personOf>,
  ) {
    if (person.active !== (user.disabledAt === null)) await refuseLastAdmin(user, person.active);
    if (person.email !== user.email) {
      const other = await ctx.workspace.userByEmail(person.email);
      if (other && other.id !== user.id)
        throw new ScimRefusal(409, `Someone else has the address ${person.email}.`, 'uniqueness');
      await ctx.workspace.setEmail(user.id, person.email);
    }
    if (person.name !== user.name) await ctx.workspace.setName(user.id, person.name);
    await scim.markUser(user.id, { externalId: person.externalId, managed: true });
    const active = user.disabledAt === null;
    if (person.active !== active) {
      if ((await ctx.workspace.setActive(user.id, person.active)) === 'lastAdmin')
        throw lastAdminRefusal(user);
      await audited(request, person.active ? 'reactivate user' : 'deactivate user', person.email, {
        sessionsEnded: !person.active,
      });
    }
    await audited(request, 'update user', person.email);
  }

  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type(SCIM_MEDIA_TYPE).send(body);

  const page = (query: Record<string, string | undefined>) => {
    const startIndex = Math.max(1, Number.parseInt(query.startIndex ?? '1', 10) || 1);
    const count = Math.min(200, Math.max(0, Number.parseInt(query.count ?? '100', 10) || 0));
    return { startIndex, count: query.count === undefined ? 100 : count };
  };
  const list = <T>(all: T[], query: Record<string, string | undefined>) => {
    const { startIndex, count } = page(query);
    const resources = all.slice(startIndex - 1, startIndex - 1 + count);
    return {
      schemas: [SCIM_SCHEMAS.list],
      totalResults: all.length,
      startIndex,
      itemsPerPage: resources.length,
      Resources: resources,
    };
  };

  return {
    audited,
    userResources,
    userResource,
    userById,
    personOf,
    applyDirectoryRoles,
    lastAdminRefusal,
    refuseLastAdmin,
    applyPerson,
    send,
    page,
    list,
  };
}

export type ScimHelpers = ReturnType<typeof scimHelpers>;
