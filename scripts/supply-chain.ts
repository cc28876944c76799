// What the project takes from the registry, checked (docs/decisions/043): the lock file says what
// package.json says and pins every package by an integrity hash from the registry; no dependency
// comes from a git URL, a tarball address or a path; the production dependencies' licences are
// listed in docs/third-party-licences.md and each is one we accept. `npm run licences` writes the
// list again; src/supply-chain.test.ts holds the rules.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const LICENCES_FILE = path.join(ROOT, 'docs/third-party-licences.md');

interface LockEntry {
  /** The real name, where package.json installs it under an alias (`npm:name@version`). */
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  license?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface Lock {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

export const readJson = <T>(file: string): T =>
  JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;

/** Licences we accept for what ships (SPDX identifiers, compared without case). */
export const ALLOWED_LICENCES = [
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'CC0-1.0',
  'Unlicense',
  'Zlib',
  // Fonts served to the browser (Noto Sans).
  'OFL-1.1',
  // File-level copyleft: the files stay as they are, nothing of ours becomes MPL.
  'MPL-2.0',
];

/** Spellings in packages' metadata that mean an SPDX identifier. */
const SPELLING: Record<string, string> = { 'MIT/X11': 'MIT' };

/**
 * Packages whose metadata names no licence, looked at one by one: why each is accepted for now.
 * A new one fails the check until someone looks and writes it here.
 */
export const REVIEWED: Record<string, string> = {
  'png-js@2.0.0': 'declares none in package.json; its LICENSE file is MIT (pulled in by pdfkit)',
  'buffers@0.1.1':
    'declares no licence at all (pulled in by exceljs → unzipper → binary): to be replaced or cleared with legal',
};

/** Whether an SPDX expression is one we accept: every part of an AND, some part of an OR. */
export function licenceAllowed(expression: string): boolean {
  const allowed = new Set(ALLOWED_LICENCES.map((l) => l.toLowerCase()));
  const one = (id: string) => allowed.has((SPELLING[id] ?? id).toLowerCase());
  const text = expression.replace(/[()]/g, ' ').trim();
  return text
    .split(/\s+or\s+/i)
    .some((alternative) => alternative.split(/\s+and\s+/i).every((id) => one(id.trim())));
}

/** A lock entry's package name: the part after the last `node_modules/`. */
const nameOf = (key: string) =>
  key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** The packages that ship (not development ones), with their licence as their metadata says. */
export function productionPackages(lock: Lock) {
  const found = new Map<string, { name: string; version: string; licence: string | null }>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || entry.dev || entry.devOptional || entry.link) continue;
    const name = entry.name ?? nameOf(key);
    const version = entry.version ?? '';
    let licence = entry.license ?? null;
    if (!licence) {
      const file = path.join(ROOT, key, 'package.json');
      if (fs.existsSync(file)) {
        const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
          license?: string;
          licenses?: Array<{ type?: string }>;
        };
        licence =
          manifest.license ??
          (manifest.licenses
            ?.map((l) => l.type)
            .filter(Boolean)
            .join(' OR ') ||
            null);
      }
    }
    found.set(`${name}@${version}`, { name, version, licence });
  }
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

/** The list of licences as docs/third-party-licences.md holds it. */
export function licencesDocument(lock: Lock): string {
  const rows = productionPackages(lock).map(
    (p) =>
      `| ${p.name} | ${p.version} | ${p.licence ?? `none declared: ${REVIEWED[`${p.name}@${p.version}`] ?? 'not reviewed'}`} |`,
  );
  return [
    '# Third-party licences',
    '',
    'What the dashboard and the sandbox ship: every production package of `package-lock.json` and',
    'the licence its metadata names. Written by `npm run licences`; `npm test` checks that it is',
    'current and that each licence is accepted (docs/decisions/043).',
    '',
    '| Package | Version | Licence |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(LICENCES_FILE, licencesDocument(readJson<Lock>('package-lock.json')));
  console.log(`wrote ${path.relative(ROOT, LICENCES_FILE)}`);
}
