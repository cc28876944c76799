// SCIM's records in the dashboard's database (migration 027, docs/decisions/052): the bearer
// token (its hash only), the directory's groups and their members, and the directory's marks on
// people (its id for them, managed, deleted).
import { randomBytes, randomUUID } from 'node:crypto';
import type { DashboardDb } from '../store/db';
import { sha256 } from '../store/workspace';

export interface ScimTokenRecord {
  id: string;
  createdAt: number;
  createdBy: string | null;
  lastUsedAt: number | null;
  lastRequest: string | null;
}

export interface ScimGroupRecord {
  id: string;
  displayName: string;
  externalId: string | null;
  createdAt: number;
  updatedAt: number;
  members: string[];
}

export type ScimStore = ReturnType<typeof scimStore>;

export function scimStore(store: DashboardDb, now: () => number) {
  const { db } = store;

  async function membersOf(groupIds: string[]): Promise<Map<string, string[]>> {
    const members = new Map<string, string[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return members;
    const rows = await db
      .selectFrom('scim_group_member')
      .select(['group_id', 'user_id'])
      .where('group_id', 'in', groupIds)
      .orderBy('user_id')
      .execute();
    for (const row of rows) members.get(row.group_id)?.push(row.user_id);
    return members;
  }

  return {
    /** The token in use, if any (never its secret). */
    async token(): Promise<ScimTokenRecord | undefined> {
      const row = await db
        .selectFrom('scim_token')
        .selectAll()
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          createdAt: Number(row.created_at),
          createdBy: row.created_by,
          lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
          lastRequest: row.last_request,
        }
      );
    },

    /** A new token, its secret returned this once; the one before stops working. */
    async makeToken(by: string): Promise<{ id: string; secret: string }> {
      const secret = `scim_${randomBytes(32).toString('base64url')}`;
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('scim_token')
          .set({ revoked_at: now() })
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .insertInto('scim_token')
          .values({ id, token_hash: sha256(secret), created_at: now(), created_by: by })
          .execute();
      });
      return { id, secret };
    },

    async revokeTokens(): Promise<void> {
      await db
        .updateTable('scim_token')
        .set({ revoked_at: now() })
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** The id of the token this secret is, when it is one in use. */
    async tokenFor(secret: string): Promise<{ id: string; revoked: boolean } | undefined> {
      const row = await db
        .selectFrom('scim_token')
        .select(['id', 'revoked_at'])
        .where('token_hash', '=', sha256(secret))
        .executeTakeFirst();
      return row && { id: row.id, revoked: row.revoked_at !== null };
    },

    async noteUse(id: string, request: string): Promise<void> {
      await db
        .updateTable('scim_token')
        .set({ last_used_at: now(), last_request: request.slice(0, 200) })
        .where('id', '=', id)
        .execute();
    },

    // People: the directory's marks on them

    async markUser(
      userId: string,
      marks: { externalId?: string | null; managed?: boolean; deleted?: boolean },
    ): Promise<void> {
      await db
        .updateTable('app_user')
        .set({
          ...(marks.externalId !== undefined ? { scim_external_id: marks.externalId } : {}),
          ...(marks.managed ? { scim_managed_at: now() } : {}),
          ...(marks.deleted ? { scim_deleted_at: now(), scim_external_id: null } : {}),
        })
        .where('id', '=', userId)
        .execute();
    },

    /** The people the directory may see: not deleted by it. */
    async userRows(filter?: {
      userName?: string;
      externalId?: string;
      id?: string;
      ids?: readonly string[];
    }) {
      let select = db.selectFrom('app_user').selectAll().where('scim_deleted_at', 'is', null);
      if (filter?.ids !== undefined) {
        if (filter.ids.length === 0) return [];
        select = select.where('id', 'in', [...filter.ids]);
      }
      if (filter?.userName !== undefined)
        select = select.where('email', '=', filter.userName.trim().toLowerCase());
      if (filter?.externalId !== undefined)
        select = select.where('scim_external_id', '=', filter.externalId);
      if (filter?.id !== undefined) select = select.where('id', '=', filter.id);
      return select.orderBy('created_at').orderBy('id').execute();
    },

    /** Each person's groups (id and name), for the users' `groups` attribute. */
    async groupsOfUsers(userIds: string[]) {
      const groups = new Map<string, { value: string; display: string }[]>(
        userIds.map((id) => [id, []]),
      );
      if (userIds.length === 0) return groups;
      const rows = await db
        .selectFrom('scim_group_member')
        .innerJoin('scim_group', 'scim_group.id', 'scim_group_member.group_id')
        .select(['scim_group_member.user_id', 'scim_group.id', 'scim_group.display_name'])
        .where('scim_group_member.user_id', 'in', userIds)
        .orderBy('scim_group.display_name')
        .execute();
      for (const row of rows)
        groups.get(row.user_id)?.push({ value: row.id, display: row.display_name });
      return groups;
    },

    /** The names of a person's groups: what the role map reads. */
    async groupNamesOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('scim_group_member')
        .innerJoin('scim_group', 'scim_group.id', 'scim_group_member.group_id')
        .select('scim_group.display_name')
        .where('scim_group_member.user_id', '=', userId)
        .execute();
      return rows.map((r) => r.display_name);
    },

    // Groups

    async groups(filter?: {
      displayName?: string;
      externalId?: string;
      id?: string;
    }): Promise<ScimGroupRecord[]> {
      let select = db.selectFrom('scim_group').selectAll();
      if (filter?.displayName !== undefined)
        select = select.where('display_name', '=', filter.displayName);
      if (filter?.externalId !== undefined)
        select = select.where('external_id', '=', filter.externalId);
      if (filter?.id !== undefined) select = select.where('id', '=', filter.id);
      const rows = await select.orderBy('created_at').orderBy('id').execute();
      const members = await membersOf(rows.map((r) => r.id));
      return rows.map((row) => ({
        id: row.id,
        displayName: row.display_name,
        externalId: row.external_id,
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
        members: members.get(row.id) ?? [],
      }));
    },

    async createGroup(group: { displayName: string; externalId: string | null }) {
      const id = randomUUID();
      await db
        .insertInto('scim_group')
        .values({
          id,
          display_name: group.displayName,
          external_id: group.externalId,
          created_at: now(),
          updated_at: now(),
        })
        .execute();
      return id;
    },

    async updateGroup(id: string, group: { displayName?: string; externalId?: string | null }) {
      await db
        .updateTable('scim_group')
        .set({
          updated_at: now(),
          ...(group.displayName !== undefined ? { display_name: group.displayName } : {}),
          ...(group.externalId !== undefined ? { external_id: group.externalId } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Sets the group's members to exactly these people: those who joined or left. */
    async setMembers(id: string, userIds: string[]): Promise<string[]> {
      const before = (await membersOf([id])).get(id) ?? [];
      const after = [...new Set(userIds)];
      const left = before.filter((u) => !after.includes(u));
      const joined = after.filter((u) => !before.includes(u));
      await db.transaction().execute(async (trx) => {
        if (left.length > 0)
          await trx
            .deleteFrom('scim_group_member')
            .where('group_id', '=', id)
            .where('user_id', 'in', left)
            .execute();
        if (joined.length > 0)
          await trx
            .insertInto('scim_group_member')
            .values(joined.map((user_id) => ({ group_id: id, user_id })))
            .execute();
        await trx
          .updateTable('scim_group')
          .set({ updated_at: now() })
          .where('id', '=', id)
          .execute();
      });
      return [...left, ...joined];
    },

    /** Removes the group: its former members. */
    async deleteGroup(id: string): Promise<string[]> {
      const members = (await membersOf([id])).get(id) ?? [];
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('scim_group_member').where('group_id', '=', id).execute();
        await trx.deleteFrom('scim_group').where('id', '=', id).execute();
      });
      return members;
    },

    /** A person leaves every group (deleted by the directory). */
    async leaveGroups(userId: string): Promise<void> {
      await db.deleteFrom('scim_group_member').where('user_id', '=', userId).execute();
    },
  };
}
