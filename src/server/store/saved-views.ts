// Saved views (docs/decisions/018): a list page's filters kept under a name by a person, for
// themselves or shared with the team. Only whoever saved a view deletes it.
import { randomUUID } from 'node:crypto';
import type { SavedView, SavedViewCreate } from '#/api/local-index';
import type { DashboardDb } from './db';
import type { User } from './workspace';

export function savedViews(store: DashboardDb, now: () => number) {
  const { db } = store;
  return {
    /** A person's own views and the ones others shared, by name. */
    async visibleTo(user: Pick<User, 'id'>): Promise<SavedView[]> {
      const rows = await db
        .selectFrom('saved_view as v')
        .innerJoin('app_user as u', 'u.id', 'v.user_id')
        .select(['v.id', 'v.list', 'v.name', 'v.search', 'v.shared', 'v.created_at', 'v.user_id'])
        .select('u.name as owner_name')
        .where((eb) => eb.or([eb('v.user_id', '=', user.id), eb('v.shared', '=', 1)]))
        .orderBy('v.name')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        list: r.list as SavedView['list'],
        name: r.name,
        search: r.search,
        shared: r.shared === 1,
        ownerName: r.owner_name,
        mine: r.user_id === user.id,
        createdAt: Number(r.created_at),
      }));
    },

    async save(user: Pick<User, 'id' | 'name'>, view: SavedViewCreate): Promise<SavedView> {
      const id = randomUUID();
      const createdAt = now();
      await db
        .insertInto('saved_view')
        .values({
          id,
          user_id: user.id,
          list: view.list,
          name: view.name,
          search: view.search,
          shared: view.shared ? 1 : 0,
          created_at: createdAt,
        })
        .execute();
      return { ...view, id, ownerName: user.name, mine: true, createdAt };
    },

    /** Deletes a view of the person's own; false when they have none by that id. */
    async remove(user: Pick<User, 'id'>, id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('saved_view')
        .where('id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
  };
}
export type SavedViews = ReturnType<typeof savedViews>;
