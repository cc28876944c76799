// Test support: a fresh dashboard database on each dialect.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { type DashboardDb, type DialectName, openDashboardDb } from './db';
import { createDatabase } from './postgres-cluster';

export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export async function freshDashboardDb(dialect: DialectName): Promise<DashboardDb> {
  if (dialect === 'sqlite') return openDashboardDb({ file: ':memory:' });
  const url = await createDatabase(inject('postgresUrl'), `t_${randomUUID().replace(/-/g, '')}`);
  return openDashboardDb({ url });
}
