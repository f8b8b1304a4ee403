import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeAdmin, registerUser } from '../../test/factories.js';
import { recordingRoutes, type RegisteredRoute } from '../../test/fuzz/routes.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { authGuard, callerOf, type Access } from './auth-guard.js';
import { registerErrorHandler } from './error-handler.js';
import { createTokenService } from './tokens.js';

const SECRET = 'a-secret-for-the-guard-tests-at-least-32-chars';
const tokens = createTokenService(SECRET);
const accounts = {
  u1: { name: 'Wanjiku', email: 'wanjiku@example.co.ke', role: 'user' as const },
  a1: { name: 'Admin', email: 'admin@example.co.ke', role: 'admin' as const },
};
const since = new Date('2026-01-05T08:00:00Z');

async function guardedApp(routes: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(authGuard, {
    tokens,
    now: Date.now,
    findAccount: async (id) => {
      const account = accounts[id as keyof typeof accounts];
      return account && { ...account, createdAt: since, suspendedReason: null };
    },
  });
  routes(app);
  await app.ready();
  return app;
}

const tokenOf = (id: keyof typeof accounts) => tokens.sign({ id, ...accounts[id] });
const jsonWith = (token: string | null) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

describe('the auth guard', () => {
  it('refuses to register a route that does not say who may call it', async () => {
    const app = Fastify({ logger: false });
    await app.register(authGuard, { tokens, now: Date.now, findAccount: async () => undefined });
    expect(() => app.get('/open-by-omission', async () => 'ok')).toThrow(/declares no access/);
  });

  it.each<[Access, string, number]>([
    ['public', 'a visitor', 200],
    ['user', 'a visitor', 401],
    ['user', 'a user', 200],
    ['admin', 'a visitor', 401],
    ['admin', 'a user', 403],
    ['admin', 'an admin', 200],
  ])('lets a %s route answer %s with %i', async (access, caller, status) => {
    const app = await guardedApp((instance) =>
      instance.post('/thing', { config: { access } }, async (request: FastifyRequest) => ({
        caller: access === 'public' ? null : callerOf(request).sub,
      })),
    );
    const token =
      caller === 'a user' ? await tokenOf('u1') : caller === 'an admin' ? await tokenOf('a1') : null;
    const response = await app.inject({
      method: 'POST',
      url: '/thing',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // A refused caller is turned away before the body is read: this one would not even parse.
      ...(status === 200 ? { payload: {} } : { payload: '{not json', headers: jsonWith(token) }),
    });
    expect(response.statusCode).toBe(status);
    if (status === 401) expect(response.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
    if (status === 403) expect(response.json()).toMatchObject({ code: 'ADMIN_ONLY' });
  });
});

describe('every API route', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    ({ built: t, routes } = await recordingRoutes(() => createTestApp()));
  });
  afterAll(async () => t?.close());

  // The API docs (Swagger UI's own routes, outside the guarded scope) are the one open door by design.
  const apiRoutes = () =>
    routes.filter(
      (route) =>
        route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
  // Any id will do: a refused caller never reaches the lookup.
  const concrete = (url: string) =>
    url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');

  it('says who may call it', () => {
    expect(apiRoutes().length).toBeGreaterThan(25);
    expect(apiRoutes().filter((route) => !route.access)).toEqual([]);
  });

  it('answers a visitor with 401 unless it is public, before reading the body', async () => {
    const closed = apiRoutes().filter((route) => route.access !== 'public');
    expect(closed.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/orders',
        'PATCH /api/products/:id/featured',
        'GET /api/payments/verify',
      ]),
    );
    for (const route of closed) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { payload: '{not json', headers: { 'content-type': 'application/json' } }),
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(response.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
    }
  });

  it('answers a visitor on a public route without asking them to sign in', async () => {
    // The webhook is public and still refuses a bad signature with 401: that is not a sign-in.
    for (const route of apiRoutes().filter((candidate) => candidate.access === 'public')) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      const code = response.statusCode === 401 ? response.json<{ code: string }>().code : undefined;
      expect({ route: `${route.method} ${route.url}`, code }).not.toEqual({
        route: `${route.method} ${route.url}`,
        code: 'AUTH_REQUIRED',
      });
    }
  });

  it('lets an admin feature a product while a signed-in user gets 403', async () => {
    const user = await registerUser(t.app);
    const admin = await makeAdmin(t.app, t.database.db, await registerUser(t.app));
    const path = '/api/products/00000000-0000-4000-8000-000000000000/featured';
    const feature = (token: string) =>
      t.app.inject({ method: 'PATCH', url: path, headers: bearer(token), payload: { isFeatured: true } });
    expect((await feature(user.token)).statusCode).toBe(403);
    expect((await feature(admin)).statusCode).toBe(404);
  });

  it('is marked with the bearer scheme in the API docs exactly when it needs a caller', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const documented = apiRoutes().filter((route) => route.schema?.hide !== true);
    expect(documented.length).toBeGreaterThan(20);
    for (const route of documented) {
      const path = route.url.replace(/^\/api/, '').replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = doc.paths[`/api${path}`]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} in the docs`).toBeDefined();
      expect({ route: route.url, security: operation?.security }).toEqual({
        route: route.url,
        security: route.access === 'public' ? undefined : [{ bearer: [] }],
      });
    }
  });
});
