import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/test-app.js';
import { CACHE_CHANNEL, createPostgresCacheBus, localCacheBus, type CacheBus } from './cache-bus.js';

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const testDb = await createTestDatabase();
const buses: CacheBus[] = [];
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await testDb.database.close();
  await testDb.drop();
});

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

async function bus(): Promise<CacheBus> {
  const created = await createPostgresCacheBus({
    url: testDb.url!,
    db: testDb.database.db,
    log,
    retryMs: 50,
  });
  buses.push(created);
  return created;
}

/**
 * A change told inside a transaction is forgotten here only once the transaction commits: a reader
 * in between would load the old row again, and the process would keep it (it ignores its own notice).
 */
async function forgetsHereOnlyAfterCommit(bus: CacheBus): Promise<void> {
  const forget = vi.fn();
  const changed = bus.topic('stays', forget);

  await testDb.database.db
    .transaction(async (tx) => {
      await changed(tx, 'a-stay');
      throw new Error('the write fails');
    })
    .catch(() => undefined);
  expect(forget).not.toHaveBeenCalled();

  await testDb.database.db.transaction(async (tx) => {
    await changed(tx, 'a-stay');
    expect(forget).not.toHaveBeenCalled();
  });
  expect(forget.mock.calls).toEqual([['a-stay']]);
}

describe('the cache bus of a process alone on its database', () => {
  it('forgets at once, and only here', async () => {
    const forget = vi.fn();
    await localCacheBus.topic('products', forget)();
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('forgets a change made in a transaction once it commits, and never when it rolls back', () =>
    forgetsHereOnlyAfterCommit(localCacheBus));
});

describe.runIf(usesPostgres)('the cache bus on PostgreSQL', () => {
  it('forgets a topic here at once and in the other processes, only that topic, once each', async () => {
    const [here, there] = await Promise.all([bus(), bus()]);
    const forgetHere = vi.fn();
    const forgetThere = vi.fn();
    const forgetOtherTopic = vi.fn();
    const changed = here.topic('products', forgetHere);
    there.topic('products', forgetThere);
    there.topic('stays', forgetOtherTopic);

    await changed();
    expect(forgetHere).toHaveBeenCalledTimes(1);
    await expect.poll(() => forgetThere.mock.calls.length).toBe(1);
    // Its own notice comes back to the process that sent it, and changes nothing more there.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(forgetHere).toHaveBeenCalledTimes(1);
    expect(forgetOtherTopic).not.toHaveBeenCalled();
  });

  it('passes what a change names to the others with the topic; a change naming nothing forgets all', async () => {
    const [here, there] = await Promise.all([bus(), bus()]);
    const forgetHere = vi.fn();
    const forgetThere = vi.fn();
    const changed = here.topic('product-listing', forgetHere);
    there.topic('product-listing', forgetThere);

    await changed(undefined, '6f1c2a7e-0b7d-4d0e-9a53-3c1f0e6f4a21');
    expect(forgetHere).toHaveBeenLastCalledWith('6f1c2a7e-0b7d-4d0e-9a53-3c1f0e6f4a21');
    await expect.poll(() => forgetThere.mock.calls).toEqual([['6f1c2a7e-0b7d-4d0e-9a53-3c1f0e6f4a21']]);
    await changed();
    await expect.poll(() => forgetThere.mock.calls.length).toBe(2);
    expect(forgetThere).toHaveBeenLastCalledWith(undefined);
  });

  it('tells the others of a change in a transaction when it commits, and never when it rolls back', async () => {
    const [here, there] = await Promise.all([bus(), bus()]);
    const forgetThere = vi.fn();
    const changed = here.topic('events', vi.fn());
    there.topic('events', forgetThere);

    await testDb.database.db
      .transaction(async (tx) => {
        await changed(tx);
        throw new Error('the write fails');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(forgetThere).not.toHaveBeenCalled();

    await testDb.database.db.transaction(async (tx) => {
      await changed(tx);
      await new Promise((resolve) => setTimeout(resolve, 150));
      // Not yet: the transaction is still open.
      expect(forgetThere).not.toHaveBeenCalled();
    });
    await expect.poll(() => forgetThere.mock.calls.length).toBe(1);
  });

  it('forgets a change made in a transaction here once it commits, and never when it rolls back', async () =>
    forgetsHereOnlyAfterCommit(await bus()));

  it('forgets everything when its connection is lost, listens again, and forgets again once it does', async () => {
    const [here, there] = await Promise.all([bus(), bus()]);
    const forgetThere = vi.fn();
    there.topic('stays', forgetThere);
    const changed = here.topic('stays', vi.fn());

    await testDb.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = ${`listen ${CACHE_CHANNEL}`}
            and pid <> pg_backend_pid()`,
    );
    // It forgot what it keeps on losing its listener, and again once it listened anew.
    await expect.poll(() => forgetThere.mock.calls.length).toBe(2);
    await changed();
    await expect.poll(() => forgetThere.mock.calls.length).toBe(3);
  });
});
