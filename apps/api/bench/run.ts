// npm run bench: the catalogue API at 100,000 products, the events list at 10,000 events, the stays
// search at 10,000 stays with 200,000 bookings, and a product's, an event's, a stay's, a course's (of
// 1,000) and a seller's page, as a ratio to a bare Fastify route measured in the same run (so the
// figures travel across machines). PostgreSQL when BENCH_DATABASE_URL is set (a fresh
// database is created and dropped), else PGlite in a temporary directory. BENCH_CASES=stays measures
// only the cases whose name holds that text (and the bare route).
// Every case, the bare route included, is measured in each of BENCH_ROUNDS interleaved rounds and the
// medians are reported, so a burst of other work on the machine moves one sample, not the ratio.
// The data is seeded by a process of its own (bench/seed.ts); the server measured is the real one as
// built (dist/server.js), a process of its own, whose resident memory is read after every case. The
// bare route is served by this process, and autocannon runs as a process of its own (bench/load.ts),
// so the load generator shares no server's event loop. On PostgreSQL a second server process serves
// the same database, and the two-process cases split the connections between the two.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { addDays, nairobiToday, stayListQuery } from '@sokoni/contracts/stays-rules';
import { SERVER_NODE_FLAGS } from '../src/node-flags.js';
import { residentMemory } from './resident.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const STAYS = Number(process.env.BENCH_STAYS ?? 10_000);
const COURSES = Number(process.env.BENCH_COURSES ?? 1_000);
const BOOKINGS_PER_STAY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CASES = process.env.BENCH_CASES ?? '';
const LOAD = fileURLToPath(new URL('./load.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const SEED = fileURLToPath(new URL('./seed.ts', import.meta.url));
const run = promisify(execFile);

type Figures = { requestsPerSecond: number; p50: number; p99: number; errors: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The median of each figure over the rounds; errors are summed. */
const medianFigures = (samples: Figures[]): Figures => ({
  requestsPerSecond: median(samples.map((sample) => sample.requestsPerSecond)),
  p50: median(samples.map((sample) => sample.p50)),
  p99: median(samples.map((sample) => sample.p99)),
  errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
});

type Target = {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** A query parameter given a new value on every request, so that every one misses the cache. */
  vary?: { param: string; from: number; to: number };
  /** The same path on another server process: half the connections go to each. */
  alsoAt?: string;
};

async function load(url: string, connections: number, { headers, vary }: Target): Promise<Figures> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', LOAD, JSON.stringify({ url, headers, vary, connections, seconds: SECONDS })],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as Figures;
}

/** One case: every connection on its server, or (alsoAt) half on each of two at once, summed. */
async function measure(target: Target): Promise<Figures> {
  if (!target.alsoAt) return load(target.url, CONNECTIONS, target);
  const { pathname, search } = new URL(target.url);
  const [one, other] = await Promise.all([
    load(target.url, CONNECTIONS / 2, target),
    load(`${target.alsoAt}${pathname}${search}`, CONNECTIONS / 2, target),
  ]);
  return {
    requestsPerSecond: one.requestsPerSecond + other.requestsPerSecond,
    p50: Math.max(one.p50, other.p50),
    p99: Math.max(one.p99, other.p99),
    errors: one.errors + other.errors,
  };
}

type Server = { url: string; pid: number; stop(): Promise<void> };

/** A port no one listens on now, for a server process to take. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The real server, as built (dist/server.js) and as `npm start` runs it (SERVER_NODE_FLAGS), as a
 * process of its own on the bench database: on PostgreSQL with a data directory of its own, on PGlite
 * the one holding the database. Resolves with its address once it answers. It logs warnings only (a
 * line per request would be measured too). Every bench connection comes from 127.0.0.1: neither the
 * rate limit nor the bound per address is measured.
 */
async function startServer(databaseUrl: string | undefined, dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000000000',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited: ${output}`);
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { url, pid: child.pid!, stop };
}

/** On PostgreSQL a fresh database, dropped afterwards; else PGlite in the data directory. */
async function createBenchDatabase(): Promise<{ label: string; url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { label: 'PGlite', drop: async () => {} };
  const name = `sokoni_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL ${(await admin.query('show server_version')).rows[0].server_version}`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

type SeededIds = { product: string; seller: string; stay: string; event: string; course: string };

/**
 * Seeds the database by a process of its own (bench/seed.ts), which has exited before any server
 * opens it, and answers the ids of the records whose pages are measured.
 */
async function seed(databaseUrl: string | undefined, dataDir: string): Promise<SeededIds> {
  const plan = {
    ...(databaseUrl ? { postgres: databaseUrl } : { pglite: join(dataDir, 'db') }),
    products: PRODUCTS,
    events: EVENTS,
    stays: STAYS,
    bookingsPerStay: BOOKINGS_PER_STAY,
    courses: COURSES,
    today,
  };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', SEED, JSON.stringify(plan)], {
    maxBuffer: 1024 * 1024,
  });
  const [, ids] = /^ids (.+)$/m.exec(stdout) ?? [];
  if (!ids) throw new Error(`the seeding process named no ids: ${stdout}`);
  process.stdout.write(stdout.replace(/^ids .+\n?/m, ''));
  return JSON.parse(ids) as SeededIds;
}

const today = nairobiToday(Date.now());
const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-bench-'));
const { label, url: databaseUrl, drop } = await createBenchDatabase();
const ids = await seed(databaseUrl, dataDir);
const server = await startServer(databaseUrl, dataDir);
const apiUrl = server.url;
// On PostgreSQL a second server process serves the same database (PGlite's belongs to one process).
const second = databaseUrl
  ? await startServer(databaseUrl, mkdtempSync(join(dataDir, 'second-')))
  : undefined;
const secondUrl = second?.url;
const bare = Fastify();
bare.get('/bare', async () => ({ status: 'ok' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

// The stays page's own request for two amenities and three nights about six weeks ahead.
const checkIn = addDays(today, 45);
const STAYS_FILTERED = `/api/stays?${new URLSearchParams(
  stayListQuery({ amenities: ['Wi-Fi', 'Pool'], from: checkIn, to: addDays(checkIn, 3) }),
)}`;
const FILTERED = '/api/products?category=phones&condition=New&minPrice=1000&maxPrice=50000&sort=price-asc';
const bareRoute: Target = { name: 'bare Fastify route', url: `${bareUrl}/bare` };
const cases: Target[] = [
  { name: 'GET /api/products (first page)', url: `${apiUrl}/api/products` },
  { name: 'GET /api/products (filtered)', url: `${apiUrl}${FILTERED}` },
  // What a browser asks for: the same page, compressed.
  {
    name: 'GET /api/products (filtered, br)',
    url: `${apiUrl}${FILTERED}`,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
  // Every request a page of its own: the database path, past the page cache (decision 0004).
  {
    name: 'GET /api/products (filtered, uncached)',
    url: `${apiUrl}${FILTERED}`,
    vary: { param: 'minPrice', from: 1000, to: 41_000 },
  },
  { name: 'GET /api/products?q= (search)', url: `${apiUrl}/api/products?q=samsung%20sp` },
  { name: 'GET /api/products/{id}', url: `${apiUrl}/api/products/${ids.product}` },
  // The events list keeps its pages 5 s; the uncached case asks a page of its own every time.
  { name: 'GET /api/events (upcoming, first page)', url: `${apiUrl}/api/events` },
  {
    name: 'GET /api/events?category= (uncached)',
    url: `${apiUrl}/api/events?category=Concert`,
    vary: { param: 'offset', from: 0, to: 1_500 },
  },
  { name: 'GET /api/events?category=', url: `${apiUrl}/api/events?category=Concert` },
  { name: 'GET /api/events?q= (search)', url: `${apiUrl}/api/events?q=jazz` },
  { name: 'GET /api/stays?amenities=&from=&to=', url: `${apiUrl}${STAYS_FILTERED}` },
  // A new minimum price (KES) on every request: each one a page of its own, from the database.
  {
    name: 'GET /api/stays?amenities=&from=&to= (uncached)',
    url: `${apiUrl}${STAYS_FILTERED}`,
    vary: { param: 'minPrice', from: 1, to: 10_000 },
  },
  // The pages a shared link opens (a WhatsApp preview, then the page's own request).
  { name: 'GET /api/stays/{id}', url: `${apiUrl}/api/stays/${ids.stay}` },
  { name: 'GET /api/events/{id}', url: `${apiUrl}/api/events/${ids.event}` },
  { name: 'GET /api/courses/{id}', url: `${apiUrl}/api/courses/${ids.course}` },
  { name: 'GET /api/sellers/{id}', url: `${apiUrl}/api/sellers/${ids.seller}` },
  // Two server processes on one PostgreSQL database, half the connections each (not on PGlite,
  // whose database belongs to one process).
  ...(secondUrl
    ? [
        {
          name: 'GET /api/products (filtered, uncached), two processes',
          url: `${apiUrl}${FILTERED}`,
          vary: { param: 'minPrice', from: 1000, to: 41_000 },
          alsoAt: secondUrl,
        },
        {
          name: 'GET /api/stays?amenities=&from=&to= (uncached), two processes',
          url: `${apiUrl}${STAYS_FILTERED}`,
          vary: { param: 'minPrice', from: 1, to: 10_000 },
          alsoAt: secondUrl,
        },
      ]
    : []),
];
const targets = [bareRoute, ...cases.filter((target) => target.name.includes(CASES))];

const samples = targets.map((): Figures[] => []);
/** The server process's resident memory after each case's last run: where it grows. */
const residentAfter = targets.map(() => '');
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [index, target] of targets.entries()) {
    samples[index]!.push(await measure(target));
    residentAfter[index] = residentMemory('VmRSS', server.pid);
  }
}
const figures = samples.map(medianFigures);
const baseline = figures[0]!;
const rows = targets.map((target, index) => ({
  name: target.name,
  ...figures[index]!,
  ratio: figures[index]!.requestsPerSecond / baseline.requestsPerSecond,
  resident: residentAfter[index]!,
}));

console.log(
  `\n${label}, ${PRODUCTS} products, ${EVENTS} events, ${STAYS} stays, ${COURSES} courses, ${CONNECTIONS} connections, ${SECONDS} s per case, median of ${ROUNDS} rounds, ${new Date().toISOString()}`,
);
console.table(
  rows.map((row) => ({
    case: row.name,
    'req/s': Math.round(row.requestsPerSecond),
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    'vs bare': `${Math.round(row.ratio * 100)}%`,
    errors: row.errors,
    'resident after': row.resident,
  })),
);

// The server's resident memory under load (the data was seeded by a process of its own): after
// the last case, and at its highest.
console.log(
  `resident memory of the server process: ${residentMemory('VmRSS', server.pid)} after the cases, ${residentMemory('VmHWM', server.pid)} at most`,
);

await Promise.all([server.stop(), second?.stop()]);
await bare.close();
await drop();
rmSync(dataDir, { recursive: true, force: true });
