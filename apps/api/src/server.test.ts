import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import { SERVER_NODE_FLAGS } from './node-flags.js';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const dataDirs: string[] = [];
const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
// On the PostgreSQL run the server process uses a database of this file's own.
const testDb = usesPostgres ? await createTestDatabase() : undefined;
await testDb?.database.close();

afterAll(async () => {
  dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  await testDb?.drop();
});

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-server-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'info',
      DATABASE_URL: testDb?.url ?? '',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logged = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = stdout.match(pattern);
        if (match) return resolve(match);
        if (child.exitCode !== null) return reject(new Error(`server exited: ${stderr}`));
        setTimeout(check, 20);
      };
      check();
    });
  return { child, dataDir, exited, logged, output: () => ({ stdout, stderr }) };
}

const baseUrl = async (server: ReturnType<typeof startServer>) =>
  (await server.logged(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1];

describe('server.ts', () => {
  it.runIf(!usesPostgres)(
    'is what npm start runs, with the Node flags of every measurement and test of it',
    () => {
      const { scripts } = JSON.parse(
        readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
      ) as {
        scripts: Record<string, string>;
      };
      expect(scripts.start).toBe(
        `npm run build && node ${SERVER_NODE_FLAGS.join(' ')} apps/api/dist/server.js`,
      );
    },
  );

  it('finishes a request in flight on SIGTERM, closes the database and exits 0', async () => {
    const server = startServer({});
    const url = await baseUrl(server);
    // Registering hashes a password (tens of milliseconds): it is still running when the signal lands.
    const inFlight = fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Otieno', email: 'otieno@example.co.ke', password: 'Passw0rd' }),
    });
    await server.logged(/"url":"\/api\/auth\/register"/);
    (server.child as ChildProcessWithoutNullStreams).kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(readdirSync(server.dataDir).filter((name) => name.startsWith('server.lock'))).toEqual([]);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  // The embedded database's durability is ours to prove; PostgreSQL's is its own.
  it.runIf(!usesPostgres)(
    'keeps every acknowledged write through a kill -9, and starts again on the same data',
    async () => {
      const first = startServer({});
      const url = await baseUrl(first);
      const acknowledged: string[] = [];
      let sent = 0;
      // Four clients register accounts as fast as they can until the process dies under them.
      const writers = Array.from({ length: 4 }, async () => {
        for (;;) {
          const email = `durable-${(sent += 1)}@example.co.ke`;
          const response = await fetch(`${url}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Chebet Kiprop', email, password: 'Passw0rd' }),
          }).catch(() => null);
          if (!response) return;
          if (response.status === 201) acknowledged.push(email);
        }
      });
      while (acknowledged.length < 12) await new Promise((resolve) => setTimeout(resolve, 10));
      first.child.kill('SIGKILL');
      await Promise.all(writers);
      await first.exited;

      const second = startServer({ DATA_DIR: first.dataDir });
      const again = await baseUrl(second);
      const logins = await Promise.all(
        acknowledged.map((email) =>
          fetch(`${again}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'Passw0rd' }),
          }).then((response) => response.status),
        ),
      );
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(acknowledged.length).toBeGreaterThanOrEqual(12);
      expect(logins.filter((status) => status !== 200)).toEqual([]);
    },
    60_000,
  );

  it.runIf(!usesPostgres)('refuses to start with bad configuration, naming each bad key', async () => {
    const server = startServer({ PORT: 'eighty', SEED: 'everything' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toMatch(/Invalid configuration:[\s\S]*PORT[\s\S]*SEED/);
  });

  // Two server processes, one after the other: on a busy machine each start takes seconds.
  it.runIf(!usesPostgres)(
    'refuses a second server on the same DATA_DIR with a clear message',
    async () => {
      const first = startServer({});
      await baseUrl(first);
      const second = startServer({ DATA_DIR: first.dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output().stderr).toContain(`is using the embedded database in ${first.dataDir}`);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    },
    60_000,
  );
});
