// npm run bench: the catalogue API at 100,000 products, as a ratio to a bare Fastify route measured in
// the same run (so the figures travel across machines). PostgreSQL when BENCH_DATABASE_URL is set
// (a fresh database is created and dropped), else PGlite in a temporary directory.
// autocannon runs as its own process so the load generator does not share the server's event loop.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { seedCatalogue } from './seed-catalogue.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const AUTOCANNON = fileURLToPath(new URL('../../../node_modules/autocannon/autocannon.js', import.meta.url));
const run = promisify(execFile);

type Figures = { requestsPerSecond: number; p50: number; p99: number; errors: number };

async function measure(url: string): Promise<Figures> {
  const { stdout } = await run(
    process.execPath,
    [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), url],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const result = JSON.parse(stdout);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function openBenchDatabase(
  dataDir: string,
): Promise<{ database: Database; label: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl)
    return { database: await openPglite(join(dataDir, 'db')), label: 'PGlite', drop: async () => {} };
  const name = `sokoni_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: await openPostgres(url.toString()),
    label: `PostgreSQL ${(await admin.query('show server_version')).rows[0].server_version}`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-bench-'));
const { database, label, drop } = await openBenchDatabase(dataDir);
const seeding = performance.now();
await seedCatalogue(database.db, PRODUCTS);
console.log(
  `seeded ${PRODUCTS} products into ${label} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
);

const config = { ...loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' }), rateLimitMax: 1e9 };
const app = await buildApp(config, { database });
const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify();
bare.get('/bare', async () => ({ status: 'ok' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const [someProduct] = (await (await fetch(`${apiUrl}/api/products?limit=1&offset=5000`)).json()) as Array<{
  id: string;
}>;
const cases = [
  { name: 'GET /api/products (first page)', path: '/api/products' },
  {
    name: 'GET /api/products (filtered)',
    path: '/api/products?category=phones&condition=New&minPrice=1000&maxPrice=50000&sort=price-asc',
  },
  { name: 'GET /api/products?q= (search)', path: '/api/products?q=samsung%20sp' },
  { name: 'GET /api/products/{id}', path: `/api/products/${someProduct?.id}` },
];

const baseline = await measure(`${bareUrl}/bare`);
const rows = [{ name: 'bare Fastify route', ...baseline, ratio: 1 }];
for (const target of cases) {
  const figures = await measure(`${apiUrl}${target.path}`);
  rows.push({ name: target.name, ...figures, ratio: figures.requestsPerSecond / baseline.requestsPerSecond });
}

console.log(
  `\n${label}, ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s per case, ${new Date().toISOString()}`,
);
console.table(
  rows.map((row) => ({
    case: row.name,
    'req/s': Math.round(row.requestsPerSecond),
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    'vs bare': `${Math.round(row.ratio * 100)}%`,
    errors: row.errors,
  })),
);

await bare.close();
await app.close();
await drop();
rmSync(dataDir, { recursive: true, force: true });
