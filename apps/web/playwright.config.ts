import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Each spec file starts its own server on a fresh database (see e2e/support/test-server.ts), so there is no
 * webServer block. The web app must be built first (`npm run test:e2e` does that).
 *
 * Tests tagged `@screenshots` only take pictures to look at; they run with `npm run screenshots`
 * (playwright.screenshots.config.ts), not here.
 */
export default defineConfig({
  testDir: `${here}e2e`,
  outputDir: `${here}test-results`,
  grepInvert: /@screenshots/,
  fullyParallel: false,
  workers: 2,
  // CI runs on a shared, noisy machine: a test that fails is run once more and, if it then passes, is reported
  // as flaky (the list reporter says so) rather than failing the run. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
