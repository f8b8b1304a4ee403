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

const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  resolve,
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_DRIVER: driver },
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
      {
        resolve,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      apiProject('api:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api:postgres', 'postgres')] : []),
    ],
  },
});
