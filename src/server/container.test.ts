// What the container image promises (decision 080), read from the Dockerfile and compose.yaml:
// Node 24 slim, production packages only, a non-root user, a health check on /healthz, the built
// SPA and server copied; and a compose file with PostgreSQL, the sandbox alone, two dashboard
// servers sharing one key and a proxy in front. scripts/container-check.mjs runs the steps.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

it('builds a small image that runs as a non-root user and checks /healthz', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  expect(stages.length).toBe(3);
  for (const stage of stages) expect(stage).toMatch(/^node:24-[a-z]+-slim\b/);
  const runtime = stages.at(-1)!;
  expect(runtime).toMatch(/^USER node$/m);
  expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
  expect(runtime).toMatch(/^CMD \["node", "dist-server\/main\.mjs"\]$/m);
  expect(runtime).toContain('COPY --from=production-packages /app/node_modules ./node_modules');
  for (const built of ['dist', 'dist-ssr', 'dist-server'])
    expect(runtime).toContain(`COPY --from=build /app/${built} ./${built}`);
  expect(stages[1]).toMatch(/npm ci .*--omit=dev/);
  // Nothing of the machine it is built on: no modules, builds or data from the folder.
  const ignored = read('.dockerignore').split('\n');
  for (const entry of ['node_modules', 'dist', 'dist-server', 'dist-ssr', '.data', '.git'])
    expect(ignored).toContain(entry);
});

it('composes PostgreSQL, the sandbox alone, two dashboard servers and a proxy', () => {
  const compose = read('compose.yaml');
  for (const service of ['postgres:', 'sandbox:', 'dashboard-a:', 'dashboard-b:', 'proxy:'])
    expect(compose).toContain(`\n  ${service}`);
  expect(compose).toMatch(/DASHBOARD_DATABASE_URL: postgres:\/\//);
  expect(compose).toMatch(/DASHBOARD_SECRET_KEY: \$\{DASHBOARD_SECRET_KEY:\?/);
  expect(compose).toMatch(/dist-server\/sandbox\.mjs/);
  const proxy = read('deploy/nginx.conf');
  expect(proxy).toContain('server dashboard-a:8080');
  expect(proxy).toContain('server dashboard-b:8080');
  expect(proxy).toMatch(/proxy_next_upstream error timeout http_502 http_503;/);
});
