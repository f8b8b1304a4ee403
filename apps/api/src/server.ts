import { fork } from 'node:child_process';
import { once } from 'node:events';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';

const SHUTDOWN_GRACE_MS = 10_000;
// Same relative path from src/ and dist/.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
// Beside this file, in the same language: dist/seed/load-sample.js, or src/seed/load-sample.ts under tsx.
const SAMPLE_LOADER = fileURLToPath(
  new URL(`./seed/load-sample${extname(fileURLToPath(import.meta.url))}`, import.meta.url),
);

/**
 * Loads the sample data into an empty database in a process of its own, which exits when done.
 * Drawing the sample's pictures (libvips, its fonts) leaves some 170 MB behind in the process that
 * does it, freed but kept by the C allocator; the server then starts as light on the first start as
 * on every later one (docs/PERFORMANCE.md, memory). Answers whether the database was empty.
 */
async function loadSampleDataApart(): Promise<boolean> {
  const loader = fork(SAMPLE_LOADER, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let loaded = false;
  loader.on('message', (message: { loaded?: unknown }) => (loaded = message.loaded === true));
  const [code] = (await once(loader, 'exit')) as [number | null];
  if (code !== 0) throw new SampleLoadError(code);
  return loaded;
}

/** The loader said why on stderr; the server only adds that it stops. */
class SampleLoadError extends Error {
  constructor(code: number | null) {
    super(`the sample data could not be loaded (the loader exited with code ${code}); not starting`);
    this.name = 'SampleLoadError';
  }
}

async function main() {
  const config = loadConfig();
  const sampleData =
    config.seed === 'sample' ? ((await loadSampleDataApart()) ? 'loaded' : 'present') : undefined;
  const app = await buildApp({ ...config, webDist: config.webDist ?? DEFAULT_WEB_DIST }, { sampleData });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forced = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof SampleLoadError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
