import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../api/src/node-flags.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ENTRY = join(REPO_ROOT, 'apps/api/dist/server.js');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const LISTENING = /Server listening at (http:\/\/\S+)/;

/** The server's last log lines, printed when it fails to start or stop. */
class LogTail {
  private readonly lines: string[] = [];
  push(line: string) {
    this.lines.push(line);
    if (this.lines.length > 80) this.lines.shift();
  }
  toString() {
    return this.lines.join('\n');
  }
}

function listeningUrl(line: string): string | null {
  try {
    const entry = JSON.parse(line) as { msg?: unknown };
    const match = typeof entry.msg === 'string' ? LISTENING.exec(entry.msg) : null;
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

function waitForListeningUrl(server: ChildProcess, log: LogTail): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${log}`)),
      START_TIMEOUT_MS,
    );
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${log}`));
    };
    server.once('exit', onExit);
    // Keep draining stdout for the whole run so the server never blocks on a full pipe.
    createInterface({ input: server.stdout! }).on('line', (line) => {
      log.push(line);
      const url = listeningUrl(line);
      if (url) {
        clearTimeout(timer);
        server.off('exit', onExit);
        resolve(url);
      }
    });
    createInterface({ input: server.stderr! }).on('line', (line) => log.push(line));
  });
}

async function waitForHealth(baseUrl: string, log: LogTail): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/health`).catch(() => null);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`GET /api/health never answered 200:\n${log}`);
}

function stop(server: ChildProcess): Promise<number | null> {
  if (server.exitCode !== null) return Promise.resolve(server.exitCode);
  return new Promise((resolve) => {
    const forced = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', (code) => {
      clearTimeout(forced);
      resolve(code);
    });
    server.kill('SIGTERM');
  });
}

/** Pages a first visitor opens, and the API calls they make, before the server's memory is read. */
const FIRST_REQUESTS = [
  '/',
  '/shop',
  '/stays',
  '/events',
  '/courses',
  '/api/products',
  '/api/stays',
  '/api/events',
];

/**
 * The server's resident memory in MB once it has loaded the sample data and answered the first
 * pages, as `npm start` runs it, and the shared libraries it has loaded from node_modules by then:
 * read from /proc, so on Linux only (undefined elsewhere).
 */
async function serverAfterFirstPages(
  server: ChildProcess,
  baseUrl: string,
): Promise<{ residentMb: number; libraries: string[] } | undefined> {
  for (const path of FIRST_REQUESTS) await (await fetch(`${baseUrl}${path}`)).arrayBuffer();
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    const maps = readFileSync(`/proc/${server.pid}/maps`, 'utf8');
    const libraries = new Set(
      [...maps.matchAll(/\/node_modules\/\S+\/([^/\s]+\.so[.\d]*|[^/\s]+\.node)$/gm)].map(
        (match) => match[1]!,
      ),
    );
    return kilobytes
      ? { residentMb: Math.round(Number(kilobytes) / 1024), libraries: [...libraries].sort() }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the real built server on a free port with a fresh data directory and the sample seed. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'sample',
    LOG_LEVEL: 'info',
    // An unanswered M-Pesa prompt ends in 15 s rather than 90, so the no-answer journeys stay short.
    MPESA_PROMPT_SECONDS: '15',
  };
  // Every run gets its own embedded database, never a shared one.
  delete env.DATABASE_URL;

  const log = new LogTail();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const baseUrl = await waitForListeningUrl(server, log);
    await waitForHealth(baseUrl, log);
    const measured = await serverAfterFirstPages(server, baseUrl);
    if (measured) {
      process.env.E2E_SERVER_RESIDENT_MB = String(measured.residentMb);
      process.env.E2E_SERVER_LIBRARIES = measured.libraries.join(' ');
    }
    process.env.E2E_BASE_URL = baseUrl;
    // With no SMTP_URL the server writes each e-mail to DATA_DIR/outbox: tests read them there.
    process.env.E2E_DATA_DIR = dataDir;
  } catch (error) {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return async function globalTeardown() {
    const code = await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`server exited with code ${code} on SIGTERM:\n${log}`);
  };
}
