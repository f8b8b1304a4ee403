/**
 * "No 5xx from bad input, anywhere": thousands of malformed requests (bodies, query strings, path
 * parameters, headers, multipart forms, signed webhooks) to every route of the API, from every kind
 * of caller. Every answer must be below 500, and an answer of 4xx must leave the database (and the
 * uploads folder) as it was and come in the error shape, with a code. The routes are read from Fastify itself and from the OpenAPI document,
 * so a new route is fuzzed without a word here — and a route the fuzzer cannot fuzz fails the test.
 * How the requests are made: apps/api/test/fuzz/.
 *
 * Run:     npx vitest run --project api:pglite apps/api/src/api-fuzz.test.ts
 *          TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project api:postgres apps/api/src/api-fuzz.test.ts
 * Knobs:   FUZZ_SEED=<n>        the seed (by default the code's own, from the git trees of apps/api and
 *                               packages/contracts: the same code is sent the same requests, and a change
 *                               to either is sent new ones; random outside a checkout. Every failure
 *                               prints the seed it used)
 *          FUZZ_RUNS=<n>        requests to the main app (default 3000; the webhook gets a fifth of that)
 *          FUZZ_TIME_LIMIT=<s>  stop sending after this long, both properties together (default 20; the
 *                               runs are cut short, not failed, so a slow machine stays in budget)
 *          FUZZ_STATS=1         print the answers per route, to see what the fuzzer reaches
 *          FUZZ_REPORT=full     show every route's example of a fault, not the first three
 * Replay:  FUZZ_SEED=<seed> FUZZ_REPLAY=<main|webhook>:<run> npx vitest run --project … apps/api/src/api-fuzz.test.ts
 *          sends that one request again, to a fresh world, and lets fast-check shrink it to a smaller
 *          one that fails the same way; each finding is printed with its command. fast-check then
 *          prints a longer path (21:0:0:1…): FUZZ_REPLAY=main:21:0:0:1… replays the shrunk request.
 *          A seed names the same requests only as long as the generators in test/fuzz/ are unchanged.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack } from '../test/fake-paystack.js';
import { describeFinding, Inspector, report, type Finding } from '../test/fuzz/harness.js';
import { requestsFor, unroutedRequest, weightOf, type FuzzRequest } from '../test/fuzz/requests.js';
import { fuzzableRoutes, type OpenApiDocument, type RouteSpec } from '../test/fuzz/routes.js';
import {
  changedTables,
  createWorld,
  PAYSTACK_SECRET,
  uploadSamples,
  type World,
} from '../test/fuzz/world.js';
import { queryRows } from '../test/test-app.js';
import type { UploadSamples } from '../test/fuzz/multipart.js';

/** A seed from the code under test: its git trees, so a run can be repeated on the same code anywhere. */
function codeSeed(): number {
  try {
    const trees = execFileSync('git', ['rev-parse', 'HEAD:apps/api', 'HEAD:packages/contracts'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return parseInt(createHash('sha256').update(trees).digest('hex').slice(0, 7), 16);
  } catch {
    return Math.floor(Math.random() * 2 ** 28);
  }
}
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : codeSeed();
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT ?? 20) * 1000;
/** The main app gets four fifths of the requests and of the time, the webhook the rest. */
const BUDGET = {
  main: { runs: RUNS, ms: TIME_LIMIT_MS * 0.8 },
  webhook: { runs: Math.ceil(RUNS / 5), ms: TIME_LIMIT_MS * 0.2 },
};
const [REPLAY_PROPERTY, ...REPLAY_PATH] = (process.env.FUZZ_REPLAY ?? '').split(':');
const REPLAY = process.env.FUZZ_REPLAY
  ? { property: REPLAY_PROPERTY, path: REPLAY_PATH.join(':') }
  : undefined;
const PROJECT = process.env.TEST_DB_DRIVER === 'postgres' ? 'api:postgres' : 'api:pglite';
const DATABASE_ENV =
  PROJECT === 'api:postgres' ? `TEST_DATABASE_URL=${process.env.TEST_DATABASE_URL ?? '…'} ` : '';

const replayCommand = (finding: Finding) =>
  `FUZZ_SEED=${SEED} FUZZ_REPLAY=${finding.world}:${finding.run} ${DATABASE_ENV}npx vitest run --project ${PROJECT} apps/api/src/api-fuzz.test.ts`;

/** Answers per route and where the time went, to see what the fuzzer reaches. */
function statistics(inspector: Inspector): string {
  const lines = [...inspector.statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, statuses]) => {
      const answers = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      const ms = Math.round(inspector.answering.get(route) ?? 0);
      return `  ${route.padEnd(48)} ${String(ms).padStart(6)} ms  ${answers}`;
    });
  return `${lines.join('\n')}\n  checking the database: ${Math.round(inspector.checking)} ms`;
}

/** Short form of a request for fast-check's own counterexample line (the full one is in the error). */
function labelled(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, {
    [fc.toStringMethod]: () =>
      `${request.route} as ${request.caller.name} (${request.mutations.length} mutations)`,
  });
}

/**
 * Fuzzes one world with `requests`. Normally every finding is kept and the test fails at the end with
 * all of them (one run shows every distinct fault); when replaying, the first finding fails the
 * property at once, so fast-check shrinks it.
 */
async function fuzz(world: World, property: 'main' | 'webhook', requests: fc.Arbitrary<FuzzRequest>) {
  const budget = BUDGET[property];
  const inspector = new Inspector(world);
  let run = 0;
  // An interrupted property lets its last request finish on its own: wait for it before closing.
  let inFlight: Promise<unknown> = Promise.resolve();
  const check = fc.asyncProperty(requests.map(labelled), async (request) => {
    const sending = inspector.send(request, REPLAY ? 'replay' : run++);
    inFlight = sending;
    const finding = await sending;
    if (finding && REPLAY) throw new Error(`${finding.fault}\n${describeFinding(finding)}`);
  });
  const started = Date.now();
  if (REPLAY) {
    await fc.assert(check, { seed: SEED, path: REPLAY.path, numRuns: 1 });
    return;
  }
  const details = await fc.check(check, {
    seed: SEED,
    numRuns: budget.runs,
    plugins: [fc.interruptAfterTimeLimit(budget.ms)],
  });
  await inFlight;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `fuzz ${property} (${PROJECT}): ${inspector.sent} requests in ${seconds} s, seed ${SEED}` +
      `${details.interrupted ? ` (stopped at its ${budget.ms / 1000} s limit)` : ''}`,
  );
  if (process.env.FUZZ_STATS) console.log(statistics(inspector));
  // The property itself never fails on a finding: an error here is the harness's own.
  if (details.failed && !details.interrupted) {
    const cause = 'errorInstance' in details ? details.errorInstance : undefined;
    throw new Error(`the fuzzer broke: ${fc.defaultReportMessage(details)}`, { cause });
  }
  const findings = [...inspector.findings.values()];
  if (findings.length > 0) {
    const limit = process.env.FUZZ_REPORT === 'full' ? Infinity : 3;
    expect.fail(`seed ${SEED}: ${report(findings, replayCommand, limit)}`);
  }
}

let samples: UploadSamples;
let main: World;
let paystackWorld: World;
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let specs: RouteSpec[];
let unfuzzable: string[];

beforeAll(async () => {
  samples = await uploadSamples();
  main = await createWorld('main', { samples });
  paystack = await startFakePaystack(PAYSTACK_SECRET);
  paystackWorld = await createWorld('webhook', {
    samples,
    overrides: {
      paymentsProvider: 'paystack',
      paystackSecretKey: PAYSTACK_SECRET,
      paystackBaseUrl: paystack.baseUrl,
    },
  });
  const doc = (await main.t.app.inject('/api/docs/json')).json<OpenApiDocument>();
  ({ specs, unfuzzable } = fuzzableRoutes(main.routes, doc));
}, 120_000);

afterAll(async () => {
  await main?.close();
  await paystackWorld?.close();
  await paystack?.close();
});

describe('the API under fuzzed input', () => {
  it('has a generator for every route it serves', () => {
    expect(unfuzzable, 'routes the fuzzer cannot fuzz: teach test/fuzz/routes.ts about them').toEqual([]);
    // The sandbox's pages are hidden from the document but fuzzed all the same.
    expect(specs.map((spec) => spec.key)).toEqual(
      expect.arrayContaining([
        'GET /api/payments/sandbox/:reference',
        'POST /api/uploads/product-image',
        'POST /api/payments/webhook',
      ]),
    );
  });

  it('notices a write of any kind: the check the fuzzing relies on', async () => {
    const db = main.t.database.db;
    const changes = async (write: () => Promise<unknown>) => {
      const before = (await main.snapshot()).fingerprint;
      await write();
      return changedTables(before, (await main.snapshot()).fingerprint);
    };
    const group = main.fixtures.groupId;
    expect(
      await changes(() => db.execute(sql`update community_groups set name = name where id = ${group}`)),
    ).toEqual(['community_groups']);
    let id = '';
    expect(
      await changes(async () => {
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`insert into community_groups (name, created_by) values ('Fuzz self-check', ${main.fixtures.sellerId}) returning id`,
        );
        id = row?.id ?? '';
      }),
    ).toEqual(['community_groups']);
    expect(await changes(() => db.execute(sql`delete from community_groups where id = ${id}`))).toEqual([
      'community_groups',
    ]);
    const file = join(main.t.config.dataDir, 'uploads', 'self-check.txt');
    expect(await changes(async () => writeFileSync(file, 'x'))).toEqual(['uploads folder']);
    expect(await changes(async () => rmSync(file))).toEqual(['uploads folder']);
    expect(await changes(async () => undefined)).toEqual([]);
  });

  it.skipIf(REPLAY && REPLAY.property !== 'main')(
    'answers no malformed request with a 5xx, and writes nothing when it refuses one',
    async () => {
      const requests = fc.oneof(
        ...specs.map((spec) => ({ weight: weightOf(spec), arbitrary: requestsFor(spec, samples) })),
        { weight: 3, arbitrary: unroutedRequest() },
      );
      await fuzz(main, 'main', requests);
    },
    TIME_LIMIT_MS + 30_000,
  );

  it.skipIf(REPLAY && REPLAY.property !== 'webhook')(
    'takes any Paystack event, signed or not, without a 5xx, and writes nothing when it refuses one',
    async () => {
      const webhook = fuzzableRoutes(paystackWorld.routes, { paths: {} }).specs.find(
        (spec) => spec.kind === 'webhook',
      );
      expect(webhook).toBeDefined();
      await fuzz(paystackWorld, 'webhook', requestsFor(webhook!, samples));
    },
    TIME_LIMIT_MS + 30_000,
  );
});
