import { defineConfig, devices } from '@playwright/test';

/**
 * Browser flows against the built app served by the real API (see global-setup.ts). Run with `npm run test:e2e`,
 * which builds first; `E2E_SKIP_BUILD=1` reuses the current builds.
 *
 * One worker: every flow shares one server and one database, and some flows end other sessions.
 */
/** Debian's Chromium as the flows run it; lan.spec.ts adds a host mapping to these. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: './artifacts/test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // In CI, the slowest flows and spec files at the end (slowest-reporter.ts): where the step's time goes.
  reporter: process.env.CI
    ? [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }], ['./slowest-reporter.ts']]
    : 'list',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 768 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
