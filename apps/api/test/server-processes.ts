// Real server processes (test/app-process.ts) on one database, for tests of what happens between
// processes: jobs worked once, races decided by the database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { createTestDatabase } from './test-app.js';

/** The key every server process here signs with, as servers sharing a database must share one. */
export const SERVER_PROCESSES_JWT_SECRET = 'server-processes-test-secret-0123456789abcdef';

const APP_PROCESS = fileURLToPath(new URL('./app-process.ts', import.meta.url));

export type ServerProcess = {
  url: Promise<string>;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

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

/** One JSON call to a server process. */
export async function call(
  url: string,
  path: string,
  init: { method?: string; token?: string; body?: object } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
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
