// npm run bench: throughput of the API against a seeded embedded database, as a ratio to a bare
// Fastify route served by the same process in the same run (so the figure travels across machines).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed/accounts.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

type Case = {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
};

async function measure(baseUrl: string, target: Case) {
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    method: target.method ?? 'GET',
    body: target.body,
    headers: { 'content-type': 'application/json', ...target.headers },
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED: 'sample', LOG_LEVEL: 'silent' }),
  rateLimitMax: 1e9,
};
const app = await buildApp(config);
const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify();
bare.get('/bare', async () => ({ status: 'ok' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const demo = DEMO_USERS[0];
const login = await fetch(`${apiUrl}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: demo.email, password: DEMO_PASSWORD }),
});
const { access_token: token } = (await login.json()) as { access_token: string };
const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;

const baseline = await measure(bareUrl, { name: 'bare fastify', path: '/bare' });
const cases: Case[] = [
  { name: 'GET /api/health (db round trip)', path: '/api/health' },
  { name: 'GET /api/users/{id} (visitor)', path: `/api/users/${userId}` },
  {
    name: 'GET /api/users/{id} (self, JWT verified)',
    path: `/api/users/${userId}`,
    headers: { authorization: `Bearer ${token}` },
  },
];
const rows = [{ name: 'bare fastify (baseline)', ...baseline, ratio: 1 }];
for (const target of cases) {
  const figures = await measure(apiUrl, target);
  rows.push({ name: target.name, ...figures, ratio: figures.requestsPerSecond / baseline.requestsPerSecond });
}

console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, PGlite, ${new Date().toISOString()}`);
console.table(
  rows.map((row) => ({
    case: row.name,
    'req/s': Math.round(row.requestsPerSecond),
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    'vs bare': row.ratio.toFixed(2),
    errors: row.errors,
  })),
);

await bare.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
