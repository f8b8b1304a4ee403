import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { bearer, makeAdmin, registerUser } from '../../../test/factories.js';
import { countUsers, findUserByEmail, insertLoginFailure } from './accounts.repository.js';
import { LOGIN_LIMITS } from './accounts.service.js';

const LOGIN_FAILURE_LIMIT = LOGIN_LIMITS.pair.max;

let clock = Date.parse('2026-11-21T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => t?.close());

const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const login = (payload: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

describe('POST /api/auth/register', () => {
  it('creates the account and answers 201 with a token carrying sub, name, email, role and a 7-day exp', async () => {
    const response = await register({
      name: 'Achieng Odhiambo',
      email: 'achieng@example.co.ke',
      password: 'Passw0rd',
    });
    expect(response.statusCode).toBe(201);
    const claims = decodeJwt(response.json().access_token);
    const stored = await findUserByEmail(t.database.db, 'achieng@example.co.ke');
    expect(claims).toMatchObject({
      sub: stored?.id,
      name: 'Achieng Odhiambo',
      email: 'achieng@example.co.ke',
      role: 'user',
    });
    expect(claims.exp).toBe(Math.floor(clock / 1000) + 7 * 24 * 60 * 60);
  });

  it('stores the e-mail lower-cased and hashes the password with argon2id', async () => {
    await register({ name: 'Mwangi', email: '  Mwangi.K@Example.CO.KE ', password: 'secret1' });
    const stored = await findUserByEmail(t.database.db, 'mwangi.k@example.co.ke');
    expect(stored?.email).toBe('mwangi.k@example.co.ke');
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain('secret1');
  });

  it('records the network the account was made from (an IPv4 /24, an IPv6 /56), never a written X-Forwarded-For', async () => {
    const from = async (email: string, remoteAddress: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Njeri Wambui', email, password: 'Passw0rd' },
        remoteAddress,
        headers: { 'x-forwarded-for': '198.51.100.23' },
      });
      expect(response.statusCode).toBe(201);
      const [row] = await queryRows<{ network: string | null }>(
        t.database.db,
        sql`select signup_network as network from users where email = ${email}`,
      );
      return row?.network;
    };
    expect(await from('njeri.v4@example.co.ke', '41.90.64.17')).toBe('41.90.64.0/24');
    expect(await from('njeri.v6@example.co.ke', '2c0f:fe38:2101:3f4a::9')).toBe('2c0f:fe38:2101:3f00::/56');
  });

  it("refuses an e-mail that exists, whatever its case, with 409 'Email already exists'", async () => {
    const before = await countUsers(t.database.db);
    const response = await register({ name: 'Copy', email: 'ACHIENG@example.co.ke', password: 'another1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'EMAIL_TAKEN',
      message: 'Email already exists',
    });
    expect(await countUsers(t.database.db)).toBe(before);
  });

  it.each([
    [{ name: 'A', email: 'a@example.co.ke', password: 'secret1' }, 'name', AUTH_MESSAGES.nameTooShort],
    [{ name: '   ', email: 'a@example.co.ke', password: 'secret1' }, 'name', AUTH_MESSAGES.nameTooShort],
    [{ name: 'Akinyi', email: 'not-an-email', password: 'secret1' }, 'email', AUTH_MESSAGES.invalidEmail],
    [
      { name: 'Akinyi', email: 'a@example.co.ke', password: '12345' },
      'password',
      AUTH_MESSAGES.passwordTooShort,
    ],
    [{ email: 'a@example.co.ke', password: 'secret1' }, 'name', AUTH_MESSAGES.nameTooShort],
  ])('answers 400 with the spec message for %j and writes nothing', async (payload, path, message) => {
    const before = await countUsers(t.database.db);
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    expect(response.json().issues).toContainEqual({ path, message });
    expect(await countUsers(t.database.db)).toBe(before);
  });

  it('lists every broken rule in issues', async () => {
    const response = await register({ name: 'A', email: 'nope', password: '1' });
    expect(response.json().issues).toEqual([
      { path: 'name', message: AUTH_MESSAGES.nameTooShort },
      { path: 'email', message: AUTH_MESSAGES.invalidEmail },
      { path: 'password', message: AUTH_MESSAGES.passwordTooShort },
    ]);
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const user = await registerUser(t.app, { password: 'Karibu123' });
    const response = await login({ email: user.email.toUpperCase(), password: 'Karibu123' });
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json().access_token)).toMatchObject({ sub: user.id, email: user.email });
  });

  it("answers a wrong password and an unknown e-mail with the same 401 'Invalid email or password'", async () => {
    const user = await registerUser(t.app);
    const wrongPassword = await login({ email: user.email, password: 'wrong-password' }, '10.0.0.2');
    const unknownEmail = await login(
      { email: 'nobody@example.co.ke', password: 'wrong-password' },
      '10.0.0.2',
    );
    const expected = {
      statusCode: 401,
      error: 'Unauthorized',
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    };
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(expected);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(expected);
  });

  it('spends as long on an unknown e-mail as on a wrong password (a decoy hash is checked)', async () => {
    const user = await registerUser(t.app);
    const time = async (email: string) => {
      const started = performance.now();
      const response = await login({ email, password: 'wrong-password' }, '10.0.0.3');
      const took = performance.now() - started;
      // Each one checked, not refused early for too many tries.
      expect(response.statusCode).toBe(401);
      return took;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    // As many of each as one e-mail may fail from one address, interleaved: on a machine busy with
    // other suites, some of each get a quiet moment.
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      wrong.push(await time(user.email));
      unknown.push(await time(`ghost-${i}@example.co.ke`));
    }
    // argon2 dominates both; without the decoy an unknown e-mail would answer in a fraction of the
    // time. The fastest of each is compared: a busy machine only ever makes a request slower.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) * 0.5);
  });

  it('requires both fields', async () => {
    const response = await login({ email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'email', message: AUTH_MESSAGES.emailRequired },
      { path: 'password', message: AUTH_MESSAGES.passwordRequired },
    ]);
  });

  it('refuses the 11th failed try for one e-mail and IP within 15 minutes with 429, even with the right password', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      expect((await login({ email: user.email, password: `wrong-${i}` }, '10.1.1.1')).statusCode).toBe(401);
    }
    const blocked = await login({ email: user.email, password: user.password }, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_SIGN_IN_FAILURES',
      message: AUTH_MESSAGES.tooManyAttempts,
    });

    // Another network is not blocked for the same e-mail...
    expect((await login({ email: user.email, password: user.password }, '10.1.1.2')).statusCode).toBe(200);
    // ...and the block lifts once the 15-minute window has passed.
    clock += LOGIN_LIMITS.pair.windowMs + 1000;
    expect((await login({ email: user.email, password: user.password }, '10.1.1.1')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i += 1)
      await login({ email: user.email, password: 'x' }, '10.2.2.2');
    expect((await login({ email: user.email, password: user.password }, '10.2.2.2')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      expect((await login({ email: user.email, password: 'x' }, '10.2.2.2')).statusCode).toBe(401);
    }
    expect((await login({ email: user.email, password: 'x' }, '10.2.2.2')).statusCode).toBe(429);
  });

  it('lets exactly 10 of 20 concurrent wrong tries through to a password check', async () => {
    const user = await registerUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => login({ email: user.email, password: 'wrong' }, '10.3.3.3')),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(codes.filter((code) => code === 429)).toHaveLength(20 - LOGIN_FAILURE_LIMIT);
  });
});

describe('sign-in limits that hold against spraying (ASVS 2.2.1)', () => {
  /** Earlier failures, as an attacker would have left them, without running argon2 a hundred times. */
  const failed = async (email: string, ips: (i: number) => string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      await insertLoginFailure(t.database.db, { email, ip: ips(i), failedAt: new Date(clock - 60_000) });
    }
  };

  it('slows one account tried from many networks: 100 failures an hour, then 429 from anywhere', async () => {
    const user = await registerUser(t.app);
    await failed(user.email, (i) => `172.16.${Math.floor(i / 9)}.${i % 9}`, LOGIN_LIMITS.email.max - 1);
    expect((await login({ email: user.email, password: 'wrong' }, '172.17.0.1')).statusCode).toBe(401);
    const blocked = await login({ email: user.email, password: user.password }, '172.17.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttemptsForAccount);
    // Another account is not slowed, and the block lifts once the hour has slid past.
    const other = await registerUser(t.app);
    expect((await login({ email: other.email, password: other.password }, '172.17.0.2')).statusCode).toBe(
      200,
    );
    clock += LOGIN_LIMITS.email.windowMs;
    expect((await login({ email: user.email, password: user.password }, '172.17.0.2')).statusCode).toBe(200);
  });

  it('slows one network trying many accounts: 100 failures in 15 minutes, then 429 for any e-mail', async () => {
    const sprayed = await registerUser(t.app);
    for (let i = 0; i < LOGIN_LIMITS.ip.max; i += 1) {
      await insertLoginFailure(t.database.db, {
        email: `victim-${i}@example.co.ke`,
        ip: '172.18.0.1',
        failedAt: new Date(clock - 60_000),
      });
    }
    const blocked = await login({ email: sprayed.email, password: sprayed.password }, '172.18.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttemptsFromNetwork);
    expect((await login({ email: sprayed.email, password: sprayed.password }, '172.18.0.2')).statusCode).toBe(
      200,
    );
    clock += LOGIN_LIMITS.ip.windowMs;
    expect((await login({ email: sprayed.email, password: sprayed.password }, '172.18.0.1')).statusCode).toBe(
      200,
    );
  });

  it('counts a client behind a trusted proxy by the address the proxy saw, not the one it wrote', async () => {
    const behindProxy = await createTestApp({ trustProxy: ['10.0.0.0/8'] }, { now: () => clock });
    const user = await registerUser(behindProxy.app);
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_FAILURE_LIMIT; i += 1) {
      const response = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: `wrong-${i}` },
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.23` },
      });
      codes.push(response.statusCode);
    }
    await behindProxy.close();
    expect(codes.filter((code) => code === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('GET /api/users/{id}', () => {
  it('shows a visitor the name and join date but not the e-mail', async () => {
    const user = await registerUser(t.app, { name: 'Njeri Mutua', young: true });
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, name: 'Njeri Mutua', createdAt: expect.any(String) });
    expect(Date.parse(response.json().createdAt)).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it('hides the e-mail from another signed-in user', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: bearer(other.token),
    });
    expect(response.json()).not.toHaveProperty('email');
  });

  it('shows the user their own e-mail', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: bearer(user.token),
    });
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])(
    'answers 404 for the unknown id %s',
    async (id) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/users/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        code: 'USER_NOT_FOUND',
        message: 'User not found.',
      });
    },
  );
});

describe('access tokens', () => {
  it('refuses a well-signed token of an account that no longer exists with 401, on every route', async () => {
    const ghost = await registerUser(t.app);
    await t.database.db.execute(sql`delete from users where id = ${ghost.id}`);
    const headers = { authorization: `Bearer ${ghost.token}` };
    const responses = await Promise.all([
      t.app.inject({ url: '/api/products', headers }),
      t.app.inject({ url: '/api/orders', headers }),
      t.app.inject({ method: 'POST', url: '/api/community/groups', headers, payload: { name: 'Ghosts' } }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: AUTH_MESSAGES.sessionExpired });
    }
  });

  it('takes the role from the account, not the token: a withdrawn admin role stops at once', async () => {
    const user = await registerUser(t.app);
    const adminToken = await makeAdmin(t.app, t.database.db, user);
    await t.database.db.execute(sql`update users set role = 'user' where id = ${user.id}`);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/00000000-0000-4000-8000-000000000000/featured',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { isFeatured: true },
    });
    expect(response.statusCode).toBe(403);
  });

  const profileWith = (userId: string, authorization: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: { authorization } });

  it('refuses an expired token with 401', async () => {
    const user = await registerUser(t.app);
    clock += 7 * 24 * 60 * 60 * 1000 + 1000;
    const response = await profileWith(user.id, `Bearer ${user.token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.sessionExpired });
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const user = await registerUser(t.app);
    const [header, , signature] = user.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(user.token), role: 'admin' })).toString(
      'base64url',
    );
    expect((await profileWith(user.id, `Bearer ${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key, and an unsigned one', async () => {
    const user = await registerUser(t.app);
    const claims = { name: user.name, email: user.email, role: 'user' };
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-of-thirty-two-chars!'));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, sub: user.id, exp: Math.floor(clock / 1000) + 3600 }),
    ).toString('base64url')}.`;
    expect((await profileWith(user.id, `Bearer ${otherKey}`)).statusCode).toBe(401);
    expect((await profileWith(user.id, `Bearer ${unsigned}`)).statusCode).toBe(401);
    expect((await profileWith(user.id, 'Basic abc')).statusCode).toBe(401);
  });
});
