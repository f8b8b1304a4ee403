import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

// Redis runs on CI and development machines (TEST_REDIS_URL); a newcomer's `npm test` has none.
const redisUrl = process.env.TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((app) => app.close())));

/** Each run counts under an address of its own: the PGlite and PostgreSQL runs share one Redis. */
const someClient = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function server(overrides: Parameters<typeof createTestApp>[0]) {
  const app = await createTestApp({ rateLimitMax: 4, ...overrides });
  apps.push(app);
  return app;
}

describe.runIf(redisUrl)('rate limits with REDIS_URL', () => {
  it('are one budget for every server process, and a restart keeps it', { timeout: 60_000 }, async () => {
    const client = someClient();
    const [first, second] = [await server({ redisUrl }), await server({ redisUrl })];
    const ask = async (app: TestApp) =>
      (await app.app.inject({ url: '/api/users/x', remoteAddress: client })).statusCode;
    expect([await ask(first), await ask(second), await ask(first), await ask(second)]).toEqual([
      404, 404, 404, 404,
    ]);
    expect(await ask(first)).toBe(429);
    expect(await ask(second)).toBe(429);
    const restarted = await server({ redisUrl });
    expect(await ask(restarted)).toBe(429);
    // Someone else is not held back by it.
    expect(
      (await restarted.app.inject({ url: '/api/users/x', remoteAddress: someClient() })).statusCode,
    ).toBe(404);
  });
});

describe('rate limits without a reachable Redis', () => {
  it('let requests through rather than fail them', async () => {
    const app = await server({ redisUrl: 'redis://127.0.0.1:9' });
    const codes = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push((await app.app.inject({ url: '/api/users/x', remoteAddress: someClient() })).statusCode);
    }
    expect(codes).toEqual([404, 404, 404, 404, 404, 404]);
  });
});
