import { defineConfig, devices } from '@playwright/test';

// e2e drives Debian's Chromium against the real built server (started by global-setup);
// a browser is never downloaded.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Starts the built server; the function it returns is the global teardown.
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Two on the 2 cores: a third made journeys time out (Chromium, the server and three pages at once).
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // A journey of several pages takes 10–20 s on the 2 cores while the other worker runs its own.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    // Set by global-setup before the workers start.
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // The service worker (#29) answers requests from its caches, out of page.route's sight: a journey
    // that works offline allows it (test.use({ serviceWorkers: 'allow' })), every other one sees the
    // network as it is.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
