import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.js';
import type { Config } from '../src/config.js';
import { DEFAULT_FEE_PERCENT } from '@sokoni/contracts/earnings';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';

export type TestDatabase = { database: Database; url: string | undefined; drop(): Promise<void> };

let pgliteTemplate: Blob | undefined;

/**
 * A database of the test file's own: in-memory PGlite (loaded from the migrated template that
 * pglite-template.ts made for the run), or (TEST_DB_DRIVER=postgres) a freshly created
 * PostgreSQL database on TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openPglite(null, pgliteTemplate);
    return { database, url: undefined, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `sokoni_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://127.0.0.1:3000',
    dataDir: mkdtempSync(join(tmpdir(), 'sokoni-test-')),
    databaseUrl: undefined,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    seed: 'none',
    logLevel: 'silent',
    rateLimitMax: 10_000,
    corsOrigins: [],
    trustProxy: false,
    maxConnectionsPerAddress: 256,
    redisUrl: undefined,
    uploadsMinFreeBytes: 0,
    s3: undefined,
    webDist: undefined,
    smtpUrl: undefined,
    mailFrom: 'Sokoni <orders@sokoni.test>',
    paymentsProvider: 'sandbox',
    paystackSecretKey: undefined,
    paystackBaseUrl: 'http://127.0.0.1:9',
    mpesaPromptSeconds: 90,
    feePercent: { ...DEFAULT_FEE_PERCENT },
    callbackOrigins: [],
    ...overrides,
  };
}

export type TestApp = { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> };

const databases = new WeakMap<FastifyInstance, Database>();
/** The database of an app made by createTestApp, for factories that only hold the app. */
export const databaseOf = (app: FastifyInstance): Database | undefined => databases.get(app);

/** The whole app on a fresh database, driven with app.inject. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: AppOptions = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp(config, { logger: false, ...options, database: testDb.database });
  await app.ready();
  databases.set(app, testDb.database);
  return {
    app,
    database: testDb.database,
    config,
    close: async () => {
      await app.close();
      await testDb.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Rows of a raw query, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function queryRows<T>(db: Database['db'], query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
