import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/lingui-vite.ts';

// Files that measure how the server answers while the machine is loaded on purpose: they run
// alone, after the rest, so that other test files do not share the cores they load (a probe's
// 5 s limit failed in CI with three files running beside the CPU burner).
const ALONE = ['src/server/load-storm.test.ts'];

// Files that draw components in a DOM (jsdom): each in a fresh module graph, as Vitest does by
// default, since a drawn component may leave a document or a timer behind.
const DOM = ['src/**/*.test.tsx', 'src/components/api-field-errors.test.ts'];

export default defineConfig({
  plugins: [linguiPlugins()],
  // `#/…` is src/…, as tsconfig.json's paths say.
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    globalSetup: ['src/server/store/vitest-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['src/**/*.test.ts'],
          exclude: [...ALONE, ...DOM],
          // The node-side files share their worker's loaded modules instead of importing the
          // server anew for each of 170 files (decision 093): 255 s became 182 s. They keep no
          // state in modules (no module mocks, no stubbed globals or environment; each builds its
          // own servers and databases), so sharing changes no result.
          isolate: false,
          // Vitest's default is one worker less than the cores: one on a 2-core machine. Most
          // long files wait (on timers, child processes, a rate limit, PostgreSQL), so three at
          // once halve the run there without starving the rest (issue 58: 307 s with one, about
          // 150 s with three).
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: DOM,
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
