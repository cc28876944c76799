// What a build is made from, as one digest: every file under src/, public/ and scripts/, and the
// files that configure the build, by path, size and modification time. `npm run build` records
// it when it succeeds; `npm start` builds again only when it has changed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = path.join('dist-server', 'build-inputs.txt');
const DIRECTORIES = ['src', 'public', 'scripts'];
const FILES = [
  'index.html',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
];

function* walk(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

export function buildDigest(root = '.') {
  const hash = createHash('sha256');
  const files = [
    ...DIRECTORIES.flatMap((dir) => [...walk(path.join(root, dir))]),
    ...FILES.map((file) => path.join(root, file)),
  ].sort();
  for (const file of files) {
    try {
      const stat = fs.statSync(file);
      hash.update(`${file}\t${stat.size}\t${Math.trunc(stat.mtimeMs)}\n`);
    } catch {
      hash.update(`${file}\tmissing\n`);
    }
  }
  return hash.digest('hex');
}

/** True when the last successful build was made from exactly these inputs. */
export function buildIsFresh(root = '.') {
  try {
    return (
      fs.readFileSync(path.join(root, STAMP_FILE), 'utf8').trim() === buildDigest(root) &&
      fs.existsSync(path.join(root, 'dist', 'index.html')) &&
      fs.existsSync(path.join(root, 'dist-ssr', 'prerender.js')) &&
      fs.existsSync(path.join(root, 'dist-server', 'main.mjs'))
    );
  } catch {
    return false;
  }
}
