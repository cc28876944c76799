import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium';

// Browser journeys against the built SPA, each with its own dashboard server and data folder
// (see e2e/fixtures.ts). Debian's Chromium; no browser downloads. Every wait is on what the page
// shows; the bounds are wide because a journey's first page is a cold load (a new browser context
// has no cache) and CI runs two journeys at once on two busy cores.
export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // A failed journey keeps a screenshot of where it stopped (and Playwright's page snapshot in
    // its error context). Recording every journey's trace cost about 15 % of the run (two specs,
    // 33 journeys, measured twice each way: 1.6 min without, 1.9 to 2.0 min with), so it is
    // recorded when asked for: `PW_TRACE=1 npx playwright test …` keeps the failures' traces.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
});
