import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.js';
import { createJobQueue } from './job-queue.js';

const testDb = await createTestDatabase();
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
});

/** A promise the test settles when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('the job queue stopping', () => {
  it('lets a job that outlives its wait finish after the queue let go of the database, with no error left unhandled', async () => {
    const jobs = createJobQueue(testDb.database, pino({ level: 'silent' }), {
      pollingIntervalSeconds: 0.5,
      stopTimeoutMs: 1000,
    });
    const started = gate();
    const release = gate();
    jobs.define('outlives-stop', { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 }, async () => {
      started.open();
      await release.opened;
    });
    await jobs.start();
    await jobs.send('outlives-stop', {});
    await started.opened;

    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      // stop() waits its 1 s for the job, then closes the queue's connections (on PostgreSQL, its pool).
      await jobs.stop();
      // The job ends only now: pg-boss then marks it complete, unawaited, on what it had as its database.
      release.open();
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});

describe('the job queue working', () => {
  it('works a job sent in a transaction as soon as it commits, long before the next poll, and never one rolled back', async () => {
    const jobs = createJobQueue(testDb.database, pino({ level: 'silent' }), { pollingIntervalSeconds: 30 });
    const ran: number[] = [];
    jobs.define<{ n: number }>(
      'wakes',
      { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
      async ({ n }) => {
        ran.push(n);
      },
    );
    await jobs.start();
    try {
      // The worker's first poll, at start, finds nothing; its next is 30 s away.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await testDb.database.db
        .transaction(async (tx) => {
          await jobs.send('wakes', { n: 1 }, { db: tx });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await testDb.database.db.transaction((tx) => jobs.send('wakes', { n: 2 }, { db: tx }));
      await expect.poll(() => ran, { timeout: 5000 }).toEqual([2]);
    } finally {
      await jobs.stop();
    }
  });

  it('runs the jobs of a batch side by side; one that fails is retried alone while the others complete', async () => {
    const jobs = createJobQueue(testDb.database, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
    const runs = new Map<number, number>();
    const allStarted = gate();
    let running = 0;
    let mostAtOnce = 0;
    jobs.define<{ n: number }>(
      'batches',
      { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60, batchSize: 5 },
      async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        if (running === 5) allStarted.open();
        // Run one after another, they would each wait out the 3 s here.
        await Promise.race([allStarted.opened, new Promise((resolve) => setTimeout(resolve, 3000))]);
        running -= 1;
        if (n === 3 && runs.get(n) === 1) throw new Error('a failure of job 3 alone');
      },
    );
    await jobs.start();
    try {
      await testDb.database.db.transaction(async (tx) => {
        for (let n = 1; n <= 5; n += 1) await jobs.send('batches', { n }, { db: tx });
      });
      await expect
        .poll(() => Object.fromEntries(runs), { timeout: 10_000 })
        .toEqual({ 1: 1, 2: 1, 3: 2, 4: 1, 5: 1 });
      expect(mostAtOnce).toBe(5);
    } finally {
      await jobs.stop();
    }
  });
});
