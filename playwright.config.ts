import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium';

// Browser journeys against the built SPA, each with its own dashboard server and data folder
// (see e2e/fixtures.ts). Debian's Chromium; no browser downloads.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 900 },
    actionTimeout: 10_000,
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM,
  },
});
