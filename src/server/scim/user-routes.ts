// SCIM's Users endpoints (RFC 7644, docs/decisions/052): list, read, make, replace, patch and
// delete a person; their roles follow their groups, and the last active admin stays.
import type { FastifyInstance } from 'fastify';
import { ScimPatch, ScimUserInput } from '#/api/scim';
import { eqFilterOf } from './filter';
import { type PatchableUser, patchUser } from './patch';
import { ScimRefusal, read, type ScimHelpers } from './route-helpers';

export function scimUserRoutes(app: FastifyInstance, helpers: ScimHelpers) {
  const ctx = app.dashboard;
  const scim = ctx.scim;
  const {
    audited,
    userResources,
    userResource,
    userById,
    personOf,
    lastAdminRefusal,
    applyPerson,
    send,
    list,
  } = helpers;
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
}
