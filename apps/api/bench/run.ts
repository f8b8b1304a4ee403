// npm run bench: the catalogue API at 100,000 products, the events list at 10,000 events, the stays
// search at 10,000 stays with 200,000 bookings, and a product's, an event's, a stay's, a course's (of
// 1,000) and a seller's page, as a ratio to a bare Fastify route measured in the same run (so the
// figures travel across machines). PostgreSQL when BENCH_DATABASE_URL is set (a fresh
// database is created and dropped), else PGlite in a temporary directory. BENCH_CASES=stays measures
// only the cases whose name holds that text (and the bare route).
// Every case, the bare route included, is measured in each of BENCH_ROUNDS interleaved rounds and the
// medians are reported, so a burst of other work on the machine moves one sample, not the ratio.
// The data is seeded by a process of its own (bench/seed.ts) before this one opens it to serve.
// autocannon runs as its own process (bench/load.ts) so the load generator does not share the server's
// event loop. On PostgreSQL a second server process (the real entry point, src/server.ts) serves the
// same database, and the two-process cases split the connections between the two.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { addDays, nairobiToday, stayListQuery } from '@sokoni/contracts/stays-rules';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
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
const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
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

/**
 * The real server (src/server.ts) as a second process on the bench database, with a data directory
 * of its own; resolves with its address once it listens.
 */
function startSecondProcess(databaseUrl: string, dataDir: string): { url: Promise<string>; stop(): void } {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000000000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000000000',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = new Promise<string>((resolve, reject) => {
    const check = () => {
      const listening = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) return resolve(listening[1]);
      if (child.exitCode !== null) return reject(new Error(`second server process exited: ${output}`));
      setTimeout(check, 50);
    };
    check();
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/**
 * The bench's database, seeded by a process of its own (bench/seed.ts) and then opened here to serve:
 * on PostgreSQL a fresh database (dropped afterwards), else PGlite in `dataDir`.
 */
async function openBenchDatabase(
  dataDir: string,
  seed: (target: { pglite: string } | { postgres: string }) => Promise<void>,
): Promise<{ database: Database; label: string; url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    await seed({ pglite: join(dataDir, 'db') });
    return { database: await openPglite(join(dataDir, 'db')), label: 'PGlite', drop: async () => {} };
  }
  const name = `sokoni_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await seed({ postgres: url.toString() });
  return {
    database: await openPostgres(url.toString()),
    url: url.toString(),
    label: `PostgreSQL ${(await admin.query('show server_version')).rows[0].server_version}`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const today = nairobiToday(Date.now());
const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-bench-'));
const {
  database,
  label,
  url: databaseUrl,
  drop,
} = await openBenchDatabase(dataDir, async (target) => {
  const plan = {
    ...target,
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
  process.stdout.write(stdout);
});
/** The id of the row `offset` rows down `table`, oldest first, among those `where` keeps. */
const rowAt = async (table: string, offset: number, where = sql`true`) => {
  const {
    rows: [row],
  } = (await database.db.execute(
    sql`select id from ${sql.identifier(table)} where ${where}
        order by created_at, id offset ${Math.floor(offset)} limit 1`,
  )) as unknown as { rows: Array<{ id: string }> };
  return row?.id;
};
const someStay = await rowAt('stays', STAYS / 2);
// An event still to come (a sixth of them are past), whose page sells seats.
const someEvent = await rowAt('events', EVENTS / 4, sql`starts_at > now()`);
const someCourse = await rowAt('courses', COURSES / 2);

// Every bench connection comes from 127.0.0.1: neither the rate limit nor the bound per address is measured.
const config = {
  ...loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' }),
  rateLimitMax: 1e9,
  maxConnectionsPerAddress: 1e9,
};
const app = await buildApp(config, { database });
const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const second = databaseUrl
  ? startSecondProcess(databaseUrl, mkdtempSync(join(dataDir, 'second-')))
  : undefined;
const secondUrl = await second?.url;
const bare = Fastify();
bare.get('/bare', async () => ({ status: 'ok' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const [someProduct] = (await (
  await fetch(`${apiUrl}/api/products?limit=1&offset=${Math.floor(PRODUCTS / 2)}`)
).json()) as Array<{
  id: string;
  seller: { id: string };
}>;
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
  { name: 'GET /api/products/{id}', url: `${apiUrl}/api/products/${someProduct?.id}` },
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
  { name: 'GET /api/stays/{id}', url: `${apiUrl}/api/stays/${someStay}` },
  { name: 'GET /api/events/{id}', url: `${apiUrl}/api/events/${someEvent}` },
  { name: 'GET /api/courses/{id}', url: `${apiUrl}/api/courses/${someCourse}` },
  { name: 'GET /api/sellers/{id}', url: `${apiUrl}/api/sellers/${someProduct?.seller.id}` },
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
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [index, target] of targets.entries()) samples[index]!.push(await measure(target));
}
const figures = samples.map(medianFigures);
const baseline = figures[0]!;
const rows = targets.map((target, index) => ({
  name: target.name,
  ...figures[index]!,
  ratio: figures[index]!.requestsPerSecond / baseline.requestsPerSecond,
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
  })),
);

// The serving process's resident memory under load (the app and the bare route; the data was
// seeded by a process of its own): now, after the last case, and at its highest.
console.log(
  `resident memory of the serving process: ${residentMemory('VmRSS')} after the cases, ${residentMemory('VmHWM')} at most`,
);

second?.stop();
await bare.close();
await app.close();
await drop();
rmSync(dataDir, { recursive: true, force: true });
