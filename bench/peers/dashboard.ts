// The dashboard server as the bench runs it, in a process of its own so that its CPU time can be
// read: with the sandbox embedded (BENCH_UPSTREAM=embedded, DATA_DIR holding the sandbox) or in
// front of a sandbox elsewhere (BENCH_UPSTREAM=<base_url>, with SANDBOX_API_KEY/SECRET stored as
// the environment's credentials). Prints its address and a bench person's password.
// BENCH_DATABASE_URL puts its own database on PostgreSQL (several servers may share it);
// BENCH_PEOPLE=N adds N people with a session each, whose cookies go to DATA_DIR/people.json
// (`npm run bench -- live`).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bootSandbox } from '../../src/sandbox/boot';
import { SandboxEnv, settingsFrom } from '../../src/sandbox/env';
import { buildDashboardServer } from '../../src/server/app';
import { openDashboardDb } from '../../src/server/store/db';
import { createVault } from '../../src/server/store/vault';
import { rolesAt } from '../people';

const upstream = process.env.BENCH_UPSTREAM ?? 'embedded';
const env = SandboxEnv.parse(process.env);
const settings = settingsFrom(env);
fs.mkdirSync(env.DATA_DIR, { recursive: true });
const db = await openDashboardDb(
  process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL }
    : { file: path.join(env.DATA_DIR, 'dashboard.db') },
);
const booted = upstream === 'embedded' ? bootSandbox(env, settings) : undefined;
const { app, workspace } = await buildDashboardServer({
  distDir: path.resolve('dist'),
  workspace: { db, vault: createVault(Buffer.alloc(32, 7)) },
  ...(booted
    ? {
        embedded: {
          store: booted.store,
          settings,
          rateLimit: env.SANDBOX_RATE_LIMIT,
          demo: booted.demo,
        },
      }
    : { sandboxBaseUrl: upstream }),
  indexSync: { intervalMs: 3_600_000 },
});
await workspace.setCredentials(
  'sandbox',
  { apiKey: env.SANDBOX_API_KEY!, apiSecret: env.SANDBOX_API_SECRET! },
  null,
);
const email = `bench-${Date.now()}-${process.pid}@bench.example`;
const { password } = await workspace.createUser({
  email,
  name: 'Bench',
  roles: ['viewer', 'admin', 'onboarding', 'finance', 'tester'],
});
const people = Number(process.env.BENCH_PEOPLE ?? 0);
if (people > 0) {
  const cookies: string[] = [];
  for (let i = 0; i < people; i++) {
    const { user } = await workspace.createUser({
      email: `staff-${i}-${process.pid}@bench.example`,
      name: `Staff ${i}`,
      roles: rolesAt(i) as never,
      noPassword: true,
    });
    const { token } = await workspace.createSession({
      userId: user.id,
      environment: 'sandbox',
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    cookies.push(`session=${token}`);
  }
  fs.writeFileSync(path.join(env.DATA_DIR, 'people.json'), JSON.stringify(cookies));
}
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, email, password }));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void app.close().finally(() => process.exit(0)));
