import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    globalSetup: ['src/server/store/vitest-setup.ts'],
  },
});
