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
