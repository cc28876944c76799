// `npm start`: builds when something changed since the last build (or there is none), then runs
// the compiled server with plain Node. A second start with nothing changed goes straight to
// serving.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh } from './build-inputs.mjs';
import { refusal } from './node-floor.mjs';

const why = refusal(process.versions.node);
if (why) {
  console.error(why);
  process.exit(1);
}

if (!buildIsFresh()) {
  console.log('Building the dashboard (sources changed since the last build, or no build yet)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '-s', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.resolve('dist-server', 'main.mjs')).href);
