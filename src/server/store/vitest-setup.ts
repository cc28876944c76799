// Vitest global set-up: one throwaway PostgreSQL cluster for the whole run, so that every store
// test runs on SQLite and on PostgreSQL. Each test file makes its own databases in it.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
