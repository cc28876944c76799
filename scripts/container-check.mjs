// The container image's steps, run in a clean folder on a machine with no container engine
// (CI here; decision 080): the production install of the Dockerfile's `production-packages`
// stage, the build outputs its last stage copies (read from the Dockerfile, so the two cannot
// drift), then the server started as the image starts it, until `/readyz` answers 200; then
// SIGTERM, and the drain must end with exit code 0. The build itself is `npm run build`, which
// `npm test` has run; it is run here when its outputs are missing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const say = (line) => console.log(`container-check: ${line}`);
const fail = (line) => {
  console.error(`container-check: FAILED: ${line}`);
  process.exit(1);
};
const run = (command, args, cwd) => {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status}`);
};

// What the last stage copies from the build stage.
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const copied = [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S+)$/gm)].map(
  (m) => m[1],
);
if (!copied.includes('dist-server')) fail('the Dockerfile copies no dist-server');
const missing = copied.filter((p) => !fs.existsSync(path.join(root, p)));
if (missing.length > 0) {
  say(`no ${missing.join(', ')} yet: building`);
  run('npm', ['run', '-s', 'build'], root);
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'container-check-'));
try {
  // The production-packages stage: package.json, the lock file and the postinstall script only.
  fs.copyFileSync(path.join(root, 'package.json'), path.join(folder, 'package.json'));
  fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(folder, 'package-lock.json'));
  fs.mkdirSync(path.join(folder, 'scripts'));
  fs.copyFileSync(
    path.join(root, 'scripts', 'postinstall.mjs'),
    path.join(folder, 'scripts', 'postinstall.mjs'),
  );
  // The image's base has Node 24 and leaves the optional pinned Node out; here the pinned Node
  // is the Node 24 that installs and runs it.
  run('npm', ['ci', '--no-audit', '--no-fund', '--omit=dev'], folder);
  for (const dev of ['vite', 'vitest', '@playwright/test', 'typescript'])
    if (fs.existsSync(path.join(folder, 'node_modules', dev)))
      fail(`a development package was installed: ${dev}`);
  for (const item of copied)
    fs.cpSync(path.join(root, item), path.join(folder, item), { recursive: true });

  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const node = fs.existsSync(path.join(folder, 'node_modules', '.bin', 'node'))
    ? path.join(folder, 'node_modules', '.bin', 'node')
    : process.execPath;
  const dataDir = path.join(folder, 'data');
  fs.mkdirSync(dataDir);
  const server = spawn(node, ['dist-server/main.mjs'], {
    cwd: folder,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DRAIN_GRACE_MS: '500',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  let ready = false;
  for (let i = 0; i < 600 && !ready; i++) {
    ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!ready) {
    server.kill('SIGKILL');
    fail(`/readyz did not answer 200 within a minute; the server printed:\n${output}`);
  }
  const health = await fetch(`${base}/healthz`);
  if (health.status !== 200) fail(`/healthz answered ${health.status}`);
  const page = await fetch(`${base}/sign-in`);
  if (page.status !== 200) fail(`the sign-in page answered ${page.status}`);
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) fail(`the server exited with ${code} after SIGTERM; it printed:\n${output}`);
  say(`production install, start, /readyz 200, drain and exit 0 in ${Date.now() - started} ms`);
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
