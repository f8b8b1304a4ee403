// Real server processes (test/app-process.ts) on one database, for tests of what happens between
// processes: jobs worked once, races decided by the database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTokenService } from '../src/lib/tokens.js';
import { createTestDatabase, queryRows, type TestDatabase } from './test-app.js';

/** The key every server process here signs with, as servers sharing a database must share one. */
export const SERVER_PROCESSES_JWT_SECRET = 'server-processes-test-secret-0123456789abcdef';

const APP_PROCESS = fileURLToPath(new URL('./app-process.ts', import.meta.url));

export type ServerProcess = {
  url: Promise<string>;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

const serverTokens = createTokenService(SERVER_PROCESSES_JWT_SECRET);

/**
 * Accounts straight into the database (argon2 for thousands of sign-ups would take minutes), with
 * the servers' tokens. They are established accounts, made long ago, unless `young` (made now:
 * docs/decisions/0015).
 */
export async function accountsIn(
  testDb: TestDatabase,
  count: number,
  tag: string,
  options: { young?: boolean; name?: string } = {},
) {
  const name = options.name ?? 'Member';
  const rows = await queryRows<{ id: string; name: string; email: string }>(
    testDb.database.db,
    sql`insert into users (name, email, password_hash, created_at)
        select ${name} || ' ' || n, lower(${name}) || '-' || n || '-' || ${tag} || '@example.co.ke', 'not-a-hash',
               ${options.young ? sql`now()` : sql`'2000-01-01T00:00:00Z'::timestamptz`}
        from generate_series(1, ${count}) as n
        returning id, name, email`,
  );
  return Promise.all(
    rows.map(async (row) => ({ ...row, token: await serverTokens.sign({ ...row, role: 'user' }) })),
  );
}

/** Starts server processes on `databaseUrl`, each with its own data directory, and stops them all. */
export function serverProcesses(databaseUrl: string) {
  const running = new Set<ServerProcess>();
  const dataDirs: string[] = [];

  function start(env: Record<string, string> = {}): ServerProcess {
    const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-server-'));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', APP_PROCESS], {
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SEED: 'none',
        LOG_LEVEL: 'info',
        MAIL_FROM: 'Sokoni <orders@sokoni.test>',
        PUBLIC_URL: 'http://127.0.0.1:3000',
        // Every process signs with one key, as servers sharing a database must.
        JWT_SECRET: SERVER_PROCESSES_JWT_SECRET,
        // Every test's clients connect from 127.0.0.1; slow-clients.test.ts sets its own bound.
        MAX_CONNECTIONS_PER_ADDRESS: '1000000',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const server: ServerProcess = {
      output: () => output,
      url: new Promise<string>((resolve, reject) => {
        const check = () => {
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) return resolve(match[1]);
          if (child.exitCode !== null) return reject(new Error(`app exited: ${output}`));
          setTimeout(check, 20);
        };
        check();
      }),
      async stop(signal: NodeJS.Signals = 'SIGTERM') {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
        running.delete(server);
      },
    };
    running.add(server);
    return server;
  }

  return {
    start,
    stopAll: () => Promise.all([...running].map((server) => server.stop())),
    removeDataDirs: () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
}

type CallInit = { method?: string; token?: string; body?: object };
type Answer = { status: number; body: Record<string, unknown>; retryAfter: number };

async function ask(url: string, path: string, init: CallInit): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: Number(response.headers.get('retry-after')),
  };
}

/** One JSON call to a server process. */
export async function call(
  url: string,
  path: string,
  init: CallInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { status, body } = await ask(url, path, init);
  return { status, body };
}

/** How often a patient client asks again after being told to wait, before it gives up. */
const PATIENCE = 8;

/**
 * One JSON call as a well-behaved client makes it: told the server is busy (503 with Retry-After, as
 * a row too hot to lock in time is answered), it waits as asked and asks again. Any other 5xx, or a
 * 503 without its code and Retry-After, is answered at once for the test to see.
 */
export async function callPatiently(
  url: string,
  path: string,
  init: CallInit = {},
): Promise<{ status: number; body: Record<string, unknown>; waits: number }> {
  for (let waits = 0; ; waits += 1) {
    const { status, body, retryAfter } = await ask(url, path, init);
    const toldToWait =
      status === 503 && (body.code === 'BUSY' || body.code === 'PAYMENT_STARTING') && retryAfter > 0;
    if (!toldToWait || waits >= PATIENCE) return { status, body, waits };
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/**
 * A test database of this suite's own and server processes on it, all stopped and removed once
 * the suite is done.
 */
export async function serverProcessesOnTestDatabase() {
  const testDb = await createTestDatabase();
  const servers = serverProcesses(testDb.url ?? '');
  afterAll(async () => {
    await servers.stopAll();
    await testDb.database.close();
    await testDb.drop();
    servers.removeDataDirs();
  });
  return { testDb, servers };
}
