import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('./packages/contracts/src/', import.meta.url));
const webSrc = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
const resolve = {
  alias: [
    { find: /^@sokoni\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` },
    { find: /^@\/(.*)$/, replacement: `${webSrc}$1` },
  ],
};

const webTest = {
  environment: 'happy-dom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  // A form filled key by key takes a few seconds when the two cores are shared with other workers.
  testTimeout: 15_000,
};
const WEB_ISOLATED = [
  'apps/web/src/components/pay-step.test.tsx',
  'apps/web/src/features/checkout/pages/checkout-page.test.tsx',
  'apps/web/src/features/courses/pages/course-detail-page.test.tsx',
  'apps/web/src/features/events/pages/event-detail-page.test.tsx',
  'apps/web/src/features/orders/pages/orders-page.test.tsx',
  'apps/web/src/features/payments/pages/payment-callback-page.test.tsx',
  'apps/web/src/features/stays/pages/stay-detail-page.test.tsx',
  'apps/web/src/features/tickets/pages/ticket-verification-door.test.tsx',
  'apps/web/src/features/tickets/pages/ticket-verification-page.test.tsx',
  'apps/web/src/features/trips/pages/my-trips-page.test.tsx',
  'apps/web/src/lib/inline-answers.test.ts',
];

const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  resolve,
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_DRIVER: driver },
    // Each suite builds its own app on its own database and no API test replaces a module, so the
    // files of a worker share one module graph: importing the app anew for each of ~190 files was
    // a third of the run's CPU.
    isolate: false,
    globalSetup: driver === 'pglite' ? ['apps/api/test/pglite-template.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The API
    // suites mostly wait on PostgreSQL, SMTP and server processes of their own, so three workers keep
    // two cores busy (with the PGlite template, the whole run took 7 minutes here instead of 13).
    maxWorkers: 3,
    projects: [
      { resolve, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      // The files of a web worker share one module graph (six times less CPU than importing React,
      // the router and the app for each of 120 files); setup.ts puts the stores back between files.
      // Those that replace a module with vi.mock, or read a module's state once, run alone.
      {
        resolve,
        test: {
          ...webTest,
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/pwa/**/*.test.ts'],
          exclude: WEB_ISOLATED,
          isolate: false,
        },
      },
      { resolve, test: { ...webTest, name: 'web:isolated', include: WEB_ISOLATED } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      apiProject('api:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api:postgres', 'postgres')] : []),
    ],
  },
});
