// The warm-up at start: the SPA's server build draws the most asked-for pages once, for nobody,
// before anyone asks (once per process), and none of its calls reaches the workspace or the
// partner's API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { eventually } from '#/api/testing';
import { loadPageDrawer, WARM_UP_PAGES } from './page-drawer';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'page-drawer-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

interface Drawn {
  url: string;
  user: string;
  answered: number;
}

it('draws the warm-up pages for nobody at start, every call refused in place', async () => {
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  // A stand-in for the server build: it notes each drawing and what a call of its page gets.
  fs.writeFileSync(
    path.join(root, 'dist-ssr', 'prerender.js'),
    `export async function drawPage(request) {
      globalThis.warmUpStarted = (globalThis.warmUpStarted ?? 0) + 1;
      const answer = await request.answer('/api/v1/business/?start=0&limit=20', { method: 'GET' });
      (globalThis.warmUpDrawn ??= []).push({
        url: request.url,
        user: request.session.user.id,
        answered: answer.status,
      });
      return { html: '<p>drawn</p>', state: null };
    }`,
  );
  const log = { warn: () => {} } as unknown as Parameters<typeof loadPageDrawer>[1];
  const drawer = await loadPageDrawer(path.join(root, 'dist'), log);
  expect(drawer).toBeDefined();
  const drawn = await eventually(
    () => (globalThis as { warmUpDrawn?: Drawn[] }).warmUpDrawn ?? [],
    (pages) => pages.length === WARM_UP_PAGES.length,
  );
  expect(drawn.map((d) => d.url)).toEqual(WARM_UP_PAGES);
  expect(drawn.every((d) => d.user === 'warm-up' && d.answered === 503)).toBe(true);

  // A second server in this process loads the same build: its code is compiled already, and a
  // warm-up would start its first drawing before the drawer is handed back.
  const started = (globalThis as { warmUpStarted?: number }).warmUpStarted;
  expect(started).toBe(WARM_UP_PAGES.length);
  expect(await loadPageDrawer(path.join(root, 'dist'), log)).toBeDefined();
  expect((globalThis as { warmUpStarted?: number }).warmUpStarted).toBe(started);
});
