import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `#/…` is src/…, as tsconfig.json's paths say.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default is one worker less than the cores: one on a 2-core machine. Most long
    // files wait (on timers, child processes, a rate limit, PostgreSQL), so three at once halve
    // the run there without starving the rest (issue 58: 307 s with one, about 150 s with three).
    maxWorkers: 3,
    globalSetup: ['src/server/store/vitest-setup.ts'],
  },
});
