import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `#/…` is src/…, as tsconfig.json's paths say.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    globalSetup: ['src/server/store/vitest-setup.ts'],
  },
});
