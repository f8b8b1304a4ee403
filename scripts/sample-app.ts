// The built app (`npm run build` first) served from a temporary data directory with the sample data,
// for the scripts that measure pages in a browser (lighthouse.ts, page-bytes.ts). WEB_DIST, when set,
// serves another build of the web app.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../apps/api/src/node-flags.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function serveSampleApp(): Promise<{ baseUrl: string; stop: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-sample-app-'));
  const port = await freePort();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(ROOT, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'sample',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
    if (health?.status === 200) return { baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('the built server did not answer /api/health (run `npm run build` first)');
}
