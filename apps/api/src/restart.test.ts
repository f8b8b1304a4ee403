import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../test/test-app.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { DEMO_PASSWORD, DEMO_USERS, SAMPLE_REVIEWERS } from './seed/accounts.js';
import { countUsers } from './modules/accounts/accounts.repository.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-restart-'));
const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const testDb = usesPostgres ? await createTestDatabase() : undefined;
await testDb?.database.close();
// No JWT_SECRET: the server generates one into DATA_DIR on first start.
const config = testConfig({ dataDir, jwtSecret: undefined, seed: 'sample', databaseUrl: testDb?.url });

afterAll(async () => {
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server restart', () => {
  // Two boots on the sample data (its images made with sharp): slow on a busy two-core machine.
  it('keeps users, the sample data (loaded once) and issued tokens valid', async () => {
    const first = await buildApp(config, { logger: false });
    const registered = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Kiprono Langat', email: 'kiprono@example.co.ke', password: 'Passw0rd' },
    });
    const token = registered.json().access_token as string;
    const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
    await first.close();

    const second = await buildApp(config, { logger: false });
    const profile = await second.inject({
      url: `/api/users/${userId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const demo = await second.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_USERS[0].email, password: DEMO_PASSWORD },
    });
    await second.close();
    const database = await openDatabase(config);
    const users = await countUsers(database.db);
    await database.close();

    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: userId, email: 'kiprono@example.co.ke' });
    expect(demo.statusCode).toBe(200);
    expect(users).toBe(DEMO_USERS.length + SAMPLE_REVIEWERS.length + 1);
  }, 120_000);

  it.runIf(!usesPostgres)(
    'refuses a second server on the same embedded database, and frees it on close',
    async () => {
      const first = await buildApp(config, { logger: false });
      await expect(buildApp(config, { logger: false })).rejects.toBeInstanceOf(DataDirLockedError);
      await first.close();
      expect(readdirSync(dataDir).filter((name) => name.startsWith('server.lock'))).toEqual([]);
      const again = await buildApp(config, { logger: false });
      await again.close();
    },
  );
});
