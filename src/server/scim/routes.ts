// SCIM 2.0 provisioning at /scim/v2 (RFC 7643 and 7644, docs/decisions/052): the company's
// directory makes, changes, deactivates and deletes people and groups with the bearer token an
// admin made. A person's roles follow the groups the directory puts them in, through the same
// map as single sign-on (decision 051); deactivation ends their sessions at once and their
// approvals stop counting. Every change is audited with the token that made it; every error is
// in SCIM's own format, never a 5xx for what was sent.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { PersonName } from '#/api/admin';
import {
  SCIM_MAX_BODY_BYTES,
  SCIM_MEDIA_TYPE,
  SCIM_SCHEMAS,
  ScimGroupInput,
  ScimPatch,
  ScimUserInput,
} from '#/api/scim';
import { rolesFromGroups } from '../sso/roles';
import { takeDirectoryRoles } from '../sso/sign-in';
import { audit } from '../request';
import { LAST_ADMIN_TEXT, type User } from '../store/workspace';
import { eqFilterOf, ScimFilterError } from './filter';
import { type PatchableUser, patchGroup, patchUser, ScimPatchError } from './patch';
import type { ScimGroupRecord, ScimStore } from './store';

type UserRow = Awaited<ReturnType<ScimStore['userRows']>>[number];

export const SCIM_PREFIX = '/scim/v2';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SCIM token the request came with (its id). */
    scimToken?: string;
  }
}

type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidValue'
  | 'invalidPath'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability';

/** An error as SCIM words it (RFC 7644 §3.12). */
function scimError(
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

class ScimRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

/** The body read with `schema`, or a 400 naming the attribute. */
function read<S extends ZodType>(schema: S, body: unknown) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as ReturnType<S['parse']>;
  const issue = parsed.error.issues[0]!;
  throw new ScimRefusal(
    400,
    `${issue.path.join('.') || 'The body'} ${issue.message}.`,
    issue.path.length === 0 ? 'invalidSyntax' : 'invalidValue',
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

export const scimRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const scim = ctx.scim;
  const base = () => `${ctx.address.origin()}${SCIM_PREFIX}`;

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    SCIM_MEDIA_TYPE,
    { parseAs: 'string', bodyLimit: SCIM_MAX_BODY_BYTES },
    (request, body, done) => {
      if (body.toString().trim() === '') return done(null, undefined);
      parseJson(request, body.toString(), done);
    },
  );

  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error instanceof ScimRefusal
        ? error.status
        : error instanceof ScimFilterError || error instanceof ScimPatchError
          ? 400
          : (error.statusCode ?? 500);
    // What the directory sent and was refused is on the audit trail, with its token.
    if (status < 500 && status !== 404)
      await audit(request, {
        action: 'scim request',
        outcome: 'refused',
        target: `${request.method} ${request.url.split('?')[0]}`.slice(0, 200),
        details: { token: request.scimToken ?? null, status, reason: error.message.slice(0, 300) },
      });
    if (error instanceof ScimRefusal)
      return scimError(reply, error.status, error.message, error.scimType);
    if (error instanceof ScimFilterError)
      return scimError(reply, 400, error.message, 'invalidFilter');
    if (error instanceof ScimPatchError)
      return scimError(reply, 400, error.message, error.scimType);
    if (status === 413)
      return scimError(
        reply,
        413,
        `The body is larger than ${SCIM_MAX_BODY_BYTES / 1024 / 1024} MB.`,
      );
    if (status === 415)
      return scimError(reply, 415, `Send ${SCIM_MEDIA_TYPE} or application/json.`);
    if (status >= 400 && status < 500) return scimError(reply, 400, error.message, 'invalidSyntax');
    request.log.error({ err: error }, 'SCIM request failed');
    return scimError(reply, 500, 'The request could not be completed.');
  });
  app.setNotFoundHandler((request, reply) =>
    scimError(reply, 404, `There is nothing at ${request.method} ${request.url.split('?')[0]}.`),
  );

  // Every request shows its token: none, an unknown one or a revoked one is refused and audited.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const header = request.headers.authorization ?? '';
    const secret = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const token = secret ? await scim.tokenFor(secret) : undefined;
    if (!token || token.revoked) {
      await audit(request, {
        action: 'scim request',
        outcome: 'refused',
        target: `${request.method} ${request.url.split('?')[0]}`.slice(0, 200),
        details: { reason: !secret ? 'no token' : token ? 'revoked token' : 'unknown token' },
      });
      reply.header('www-authenticate', 'Bearer realm="scim"');
      return scimError(reply, 401, 'A valid bearer token is required (Settings → Provisioning).');
    }
    request.scimToken = token.id;
    await scim.noteUse(token.id, `${request.method} ${request.url.replace(SCIM_PREFIX, '')}`);
  });

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
      `${user.email} is the last active admin of the workspace. ${LAST_ADMIN_TEXT}`,
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

  app.get('/Users', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const rows = await scim.userRows(eqFilterOf(query.filter, ['userName', 'externalId', 'id']));
    return send(reply, 200, list(await userResources(rows), query));
  });

  app.get('/Users/:id', async (request, reply) => {
    return send(reply, 200, await userResource((request.params as { id: string }).id));
  });

  app.post('/Users', async (request, reply) => {
    const person = personOf(read(ScimUserInput, request.body));
    const existing = await ctx.workspace.userByEmail(person.email);
    if (existing)
      throw new ScimRefusal(
        409,
        `A user with userName ${person.email} exists already.`,
        'uniqueness',
      );
    const { user } = await ctx.workspace.createUser({
      email: person.email,
      name: person.name,
      roles: [],
      noPassword: true,
    });
    await scim.markUser(user.id, { externalId: person.externalId, managed: true });
    if (!person.active) await ctx.workspace.setActive(user.id, false);
    await audited(request, 'create user', person.email, { active: person.active });
    const resource = await userResource(user.id);
    return send(reply.header('location', resource.meta.location), 201, resource);
  });

  app.put('/Users/:id', async (request, reply) => {
    const user = await userById((request.params as { id: string }).id);
    await applyPerson(request, user, personOf(read(ScimUserInput, request.body)));
    return send(reply, 200, await userResource(user.id));
  });

  app.patch('/Users/:id', async (request, reply) => {
    const user = await userById((request.params as { id: string }).id);
    const { Operations } = read(ScimPatch, request.body);
    const [row] = await scim.userRows({ id: user.id });
    const current: PatchableUser = {
      userName: user.email,
      externalId: row?.scim_external_id ?? null,
      active: user.disabledAt === null,
      displayName: user.name,
      name: { formatted: user.name },
      emails: [{ value: user.email, type: 'work', primary: true }],
    };
    const patched = patchUser(current, Operations);
    // Entra ID renames by `displayName` or by the name's parts: the first that changed says it.
    if (patched.displayName === current.displayName && patched.name.formatted === user.name) {
      const given = [patched.name.givenName, patched.name.familyName].filter(Boolean).join(' ');
      if (given) patched.displayName = given;
    }
    const input = read(ScimUserInput, patched);
    await applyPerson(request, user, personOf(input));
    return send(reply, 200, await userResource(user.id));
  });

  app.delete('/Users/:id', async (request, reply) => {
    const user = await userById((request.params as { id: string }).id);
    // Deleted by the directory: deactivated (the audit trail keeps who they were), out of its
    // groups, and no longer one of its resources.
    if (user.disabledAt === null && (await ctx.workspace.setActive(user.id, false)) === 'lastAdmin')
      throw lastAdminRefusal(user);
    await scim.leaveGroups(user.id);
    await scim.markUser(user.id, { deleted: true });
    await audited(request, 'delete user', user.email, { sessionsEnded: true });
    return reply.code(204).send();
  });

  // Groups

  async function groupResources(groups: ScimGroupRecord[]) {
    const members = [...new Set(groups.flatMap((g) => g.members))];
    const people = new Map(
      (await scim.userRows({ ids: members })).map((row) => [row.id, row.email] as const),
    );
    return groups.map((group) => ({
      schemas: [SCIM_SCHEMAS.group],
      id: group.id,
      ...(group.externalId ? { externalId: group.externalId } : {}),
      displayName: group.displayName,
      members: group.members
        .filter((id) => people.has(id))
        .map((id) => ({ value: id, display: people.get(id), $ref: `${base()}/Users/${id}` })),
      meta: {
        resourceType: 'Group',
        created: iso(group.createdAt),
        lastModified: iso(group.updatedAt),
        location: `${base()}/Groups/${group.id}`,
      },
    }));
  }

  async function groupById(id: string): Promise<ScimGroupRecord> {
    const [group] = await scim.groups({ id });
    if (!group) throw new ScimRefusal(404, `No group has the id ${id}.`);
    return group;
  }

  /** Members by id: each must be a user the directory may see. */
  async function checkedMembers(ids: string[]): Promise<string[]> {
    const known = new Set((await scim.userRows({ ids })).map((r) => r.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new ScimRefusal(400, `No user has the id ${unknown}.`, 'invalidValue');
    return ids;
  }

  async function checkedName(displayName: unknown, except?: string): Promise<string> {
    if (typeof displayName !== 'string' || displayName.trim() === '' || displayName.length > 256)
      throw new ScimRefusal(
        400,
        'displayName is required, at most 256 characters.',
        'invalidValue',
      );
    const [same] = await scim.groups({ displayName: displayName.trim() });
    if (same && same.id !== except)
      throw new ScimRefusal(409, `A group is named ${displayName} already.`, 'uniqueness');
    return displayName.trim();
  }

  app.get('/Groups', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const groups = await scim.groups(eqFilterOf(query.filter, ['displayName', 'externalId', 'id']));
    // Okta and Entra ID ask for groups without their members when they only look one up.
    const resources = await groupResources(groups);
    const bare = (query.excludedAttributes ?? '').toLowerCase().includes('members');
    return send(
      reply,
      200,
      list(bare ? resources.map(({ members: _members, ...group }) => group) : resources, query),
    );
  });

  app.get('/Groups/:id', async (request, reply) => {
    const group = await groupById((request.params as { id: string }).id);
    return send(reply, 200, (await groupResources([group]))[0]);
  });

  app.post('/Groups', async (request, reply) => {
    const input = read(ScimGroupInput, request.body);
    const name = await checkedName(input.displayName);
    const members = await checkedMembers((input.members ?? []).map((m) => m.value));
    const id = await scim.createGroup({ displayName: name, externalId: input.externalId ?? null });
    const changed = await scim.setMembers(id, members);
    await audited(request, 'create group', name, { members: members.length });
    await applyDirectoryRoles(request, changed);
    const [resource] = await groupResources([await groupById(id)]);
    return send(reply.header('location', resource!.meta.location), 201, resource);
  });

  async function replaceGroup(
    request: FastifyRequest,
    group: ScimGroupRecord,
    next: { displayName: unknown; externalId: unknown; members: string[] },
  ) {
    const name = await checkedName(next.displayName, group.id);
    const members = await checkedMembers(next.members);
    await scim.updateGroup(group.id, {
      displayName: name,
      externalId: typeof next.externalId === 'string' ? next.externalId : null,
    });
    const changed = await scim.setMembers(group.id, members);
    await audited(request, 'update group', name, {
      joined: changed.filter((id) => !group.members.includes(id)).length,
      left: changed.filter((id) => group.members.includes(id)).length,
    });
    // A renamed group may give other roles to everyone in it.
    await applyDirectoryRoles(
      request,
      name === group.displayName ? changed : [...changed, ...members],
    );
  }

  app.put('/Groups/:id', async (request, reply) => {
    const group = await groupById((request.params as { id: string }).id);
    const input = read(ScimGroupInput, request.body);
    await replaceGroup(request, group, {
      displayName: input.displayName,
      externalId: input.externalId ?? null,
      members: (input.members ?? []).map((m) => m.value),
    });
    return send(reply, 200, (await groupResources([await groupById(group.id)]))[0]);
  });

  app.patch('/Groups/:id', async (request, reply) => {
    const group = await groupById((request.params as { id: string }).id);
    const { Operations } = read(ScimPatch, request.body);
    const patched = patchGroup(
      { displayName: group.displayName, externalId: group.externalId, members: group.members },
      Operations,
    );
    await replaceGroup(request, group, patched);
    // Okta's PATCH of members expects no body; others read the group back.
    return send(reply, 200, (await groupResources([await groupById(group.id)]))[0]);
  });

  app.delete('/Groups/:id', async (request, reply) => {
    const group = await groupById((request.params as { id: string }).id);
    const members = await scim.deleteGroup(group.id);
    await audited(request, 'delete group', group.displayName, { members: members.length });
    await applyDirectoryRoles(request, members);
    return reply.code(204).send();
  });

  // What this service provider supports (RFC 7643 §5, §6, §7)

  app.get('/ServiceProviderConfig', async (_request, reply) =>
    send(reply, 200, {
      schemas: [SCIM_SCHEMAS.config],
      documentationUri: `${ctx.address.origin()}/api/openapi.json`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'Bearer token',
          description: 'The token an admin makes under Settings → Provisioning.',
          primary: true,
        },
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: `${base()}/ServiceProviderConfig` },
    }),
  );

  const RESOURCE_TYPES = [
    { id: 'User', name: 'User', endpoint: '/Users', schema: SCIM_SCHEMAS.user },
    { id: 'Group', name: 'Group', endpoint: '/Groups', schema: SCIM_SCHEMAS.group },
  ];
  /** What the service provider describes of itself: a list of one kind, each with its place. */
  const describe = (
    path: 'ResourceTypes' | 'Schemas',
    resourceType: 'ResourceType' | 'Schema',
    items: readonly { id: string }[],
  ) =>
    app.get(`/${path}`, async (request, reply) =>
      send(
        reply,
        200,
        list(
          items.map((item) => ({
            schemas: [SCIM_SCHEMAS[path === 'Schemas' ? 'schema' : 'resourceType']],
            ...item,
            meta: { resourceType, location: `${base()}/${path}/${item.id}` },
          })),
          request.query as Record<string, string | undefined>,
        ),
      ),
    );
  describe('ResourceTypes', 'ResourceType', RESOURCE_TYPES);

  const attribute = (name: string, type: string, extra: object = {}) => ({
    name,
    type,
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...extra,
  });
  const SCHEMAS = [
    {
      id: SCIM_SCHEMAS.user,
      name: 'User',
      description: 'A person of the workspace',
      attributes: [
        attribute('userName', 'string', { required: true, uniqueness: 'server' }),
        attribute('externalId', 'string', { caseExact: true }),
        attribute('displayName', 'string'),
        attribute('name', 'complex', {
          subAttributes: ['formatted', 'givenName', 'familyName'].map((n) =>
            attribute(n, 'string'),
          ),
        }),
        attribute('active', 'boolean'),
        attribute('emails', 'complex', {
          multiValued: true,
          subAttributes: [
            attribute('value', 'string'),
            attribute('type', 'string'),
            attribute('primary', 'boolean'),
          ],
        }),
        attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
      ],
    },
    {
      id: SCIM_SCHEMAS.group,
      name: 'Group',
      description: 'A group of the directory; its name gives roles through the group map',
      attributes: [
        attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
        attribute('externalId', 'string', { caseExact: true }),
        attribute('members', 'complex', {
          multiValued: true,
          subAttributes: [attribute('value', 'string'), attribute('display', 'string')],
        }),
      ],
    },
  ];
  describe('Schemas', 'Schema', SCHEMAS);
};
