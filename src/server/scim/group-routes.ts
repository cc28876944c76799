// SCIM's Groups endpoints (RFC 7644, docs/decisions/052): a group's name gives its members roles
// through the group map; changing members changes their roles, audited.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCIM_SCHEMAS, ScimGroupInput, ScimPatch } from '#/api/scim';
import { eqFilterOf } from './filter';
import { patchGroup } from './patch';
import type { ScimGroupRecord } from './store';
import { SCIM_PREFIX, ScimRefusal, read, iso, type ScimHelpers } from './route-helpers';

export function scimGroupRoutes(app: FastifyInstance, helpers: ScimHelpers) {
  const ctx = app.dashboard;
  const scim = ctx.scim;
  const base = () => `${ctx.address.origin()}${SCIM_PREFIX}`;
  const { audited, applyDirectoryRoles, send, list } = helpers;
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
}
