// Test support: a fresh dashboard database on each dialect.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { type DashboardDb, type DialectName, openDashboardDb } from './db';
import { createDatabase } from './postgres-cluster';

export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export async function freshDashboardDb(dialect: DialectName): Promise<DashboardDb> {
  if (dialect === 'sqlite') return openDashboardDb({ file: ':memory:' });
  const url = await createDatabase(inject('postgresUrl'), `t_${randomUUID().replace(/-/g, '')}`);
  return openDashboardDb({ url });
}

/**
 * A fresh database for the tests of one `describe`, made before them (with `setup`) and closed
 * after: the returned function gives it inside the tests.
 */
export function dashboardDbFor(
  dialect: DialectName,
  setup: (store: DashboardDb) => Promise<void> = async () => {},
): () => DashboardDb {
  let store: DashboardDb | undefined;
  beforeAll(async () => {
    store = await freshDashboardDb(dialect);
    await setup(store);
  });
  afterAll(() => store?.close());
  return () => store!;
}

/** People written straight into the workspace (stores' tests): id, email, roles, name. */
export async function insertPeople(
  store: DashboardDb,
  people: readonly {
    id: string;
    email: string;
    roles: string;
    name?: string;
    disabled?: boolean;
  }[],
) {
  await store.db
    .insertInto('app_user')
    .values(
      people.map((p) => ({
        id: p.id,
        email: p.email,
        name: p.name ?? p.id,
        password_hash: 'x',
        roles: p.roles,
        created_at: 1,
        disabled_at: p.disabled ? 1 : null,
      })),
    )
    .execute();
}
