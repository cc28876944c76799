import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/lingui-vite.ts';

// Files that measure how the server answers while the machine is loaded on purpose: they run
// alone, after the rest, so that other test files do not share the cores they load (a probe's
// 5 s limit failed in CI with three files running beside the CPU burner).
const ALONE = ['src/server/load-storm.test.ts'];

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
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ALONE,
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
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
