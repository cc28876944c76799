import { defineConfig } from '@playwright/test';

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
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
