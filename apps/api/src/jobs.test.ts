import { HOLDS_LAPSE_QUEUE, REFUNDS_QUEUE } from './modules/payments/payments.service.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, registerUser } from '../test/factories.js';
import { createTestApp, createTestDatabase, queryRows, testConfig, type TestApp } from '../test/test-app.js';
import { buildApp } from './app.js';
import { TRENDING_QUEUE } from './modules/shop/trending-job.js';
import { UPLOAD_SWEEP_QUEUE } from './modules/uploads/upload-sweeper.js';
import { JOB_SCHEMA } from './lib/job-queue.js';
import {
  PAYOUTS_QUEUE,
  WEEKLY_PAYOUTS_CRON,
  WEEKLY_PAYOUTS_QUEUE,
} from './modules/earnings/payouts.service.js';
import { RELEASES_QUEUE } from './modules/ledger/ledger.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { jobs: { pollingIntervalSeconds: 0.5 } });
});
afterAll(async () => t?.close());

/** The states of a queue's jobs, in the order they were sent; of those marked `run` only, when given. */
const jobStates = (queue: string, run?: string) =>
  queryRows<{ state: string }>(
    t.database.db,
    sql`select state from ${sql.identifier(JOB_SCHEMA)}.job
        where name = ${queue} ${run === undefined ? sql`` : sql`and data->>'run' = ${run}`}
        order by created_on`,
  );

describe('the job queue', () => {
  it('keeps its tables in a schema of its own and schedules trending, lapsed holds and refunds every minute, the upload sweep every hour', async () => {
    const schedules = await queryRows<{ name: string; cron: string }>(
      t.database.db,
      sql`select name, cron from ${sql.identifier(JOB_SCHEMA)}.schedule order by name`,
    );
    expect(schedules).toEqual([
      { name: PAYOUTS_QUEUE, cron: '* * * * *' },
      { name: WEEKLY_PAYOUTS_QUEUE, cron: WEEKLY_PAYOUTS_CRON },
      { name: RELEASES_QUEUE, cron: '*/10 * * * *' },
      { name: HOLDS_LAPSE_QUEUE, cron: '* * * * *' },
      { name: REFUNDS_QUEUE, cron: '* * * * *' },
      { name: TRENDING_QUEUE, cron: '* * * * *' },
      { name: UPLOAD_SWEEP_QUEUE, cron: '7 * * * *' },
    ]);
  });

  it('runs a queued trending job and an upload sweep to completion', async () => {
    // Marked: the minute's schedule may start a trending run of its own meanwhile.
    await t.app.jobs.send(TRENDING_QUEUE, { run: 'queued by the test' });
    await t.app.jobs.send(UPLOAD_SWEEP_QUEUE, { run: 'queued by the test' });
    await expect
      .poll(() => jobStates(TRENDING_QUEUE, 'queued by the test'))
      .toEqual([{ state: 'completed' }]);
    await expect
      .poll(() => jobStates(UPLOAD_SWEEP_QUEUE, 'queued by the test'))
      .toEqual([{ state: 'completed' }]);
  });

  it('queues a job inside a transaction only if the transaction commits', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await t.app.jobs.send(UPLOAD_SWEEP_QUEUE, { rolledBack: true }, { db: tx });
        throw new Error('the payment failed after all');
      })
      .catch(() => undefined);
    const rows = await queryRows(
      t.database.db,
      sql`select 1 from ${sql.identifier(JOB_SCHEMA)}.job where data->>'rolledBack' = 'true'`,
    );
    expect(rows).toEqual([]);
  });

  it("writes a process's buffered product views when the server closes, before the next minute", async () => {
    const testDb = await createTestDatabase();
    // The app closes its database on close; this one stays open to be read afterwards.
    const app = await buildApp(testConfig(), {
      logger: false,
      database: { ...testDb.database, close: async () => {} },
    });
    try {
      const seller = await registerUser(app);
      const productId = await createProduct(testDb.database.db, seller.id);
      const look = await app.inject({ method: 'POST', url: `/api/products/${productId}/views` });
      expect(look.statusCode).toBe(204);
      await app.close();
      const views = await queryRows<{ count: number }>(
        testDb.database.db,
        sql`select count(*)::int as count from product_views where product_id = ${productId}`,
      );
      expect(views).toEqual([{ count: 1 }]);
    } finally {
      await app.close();
      await testDb.database.close();
      await testDb.drop();
    }
  });
});
