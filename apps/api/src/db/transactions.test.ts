import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, queryRows } from '../../test/test-app.js';
import { isLockTimeout } from '../lib/errors.js';
import { LOCK_TIMEOUT_MS } from './client.js';
import { afterCommit } from './transactions.js';

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const testDb = await createTestDatabase();
const { db } = testDb.database;
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
});

await db.execute(sql`create table counters (id int primary key, value int not null)`);
await db.execute(sql`insert into counters values (1, 0), (2, 0)`);

describe('after a commit', () => {
  it('runs what a transaction registered once it commits, in order, and never when it rolls back', async () => {
    const ran: string[] = [];
    await db
      .transaction(async (tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        throw new Error('the write fails');
      })
      .catch(() => undefined);
    expect(ran).toEqual([]);

    await db.transaction(async (tx) => {
      afterCommit(tx, () => ran.push('first'));
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, () => ran.push('from a savepoint'));
      });
      afterCommit(tx, () => ran.push('last'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['first', 'from a savepoint', 'last']);
  });

  it('runs at once outside a transaction, and a failing task neither fails the write nor stops the others', async () => {
    const ran: string[] = [];
    afterCommit(db, () => ran.push('at once'));
    expect(ran).toEqual(['at once']);

    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await db.transaction(async (tx) => {
      afterCommit(tx, () => {
        throw new Error('a forget that fails');
      });
      afterCommit(tx, () => ran.push('still runs'));
    });
    expect(ran).toEqual(['at once', 'still runs']);
    expect(reported).toHaveBeenCalledTimes(1);
    reported.mockRestore();
  });
});

describe.runIf(usesPostgres)('transactions on PostgreSQL', () => {
  it('runs a transaction again when PostgreSQL ends it to break a deadlock: both writers commit', async () => {
    let tries = 0;
    // Each locks one row, waits for the other to lock the other, then asks for it: a deadlock.
    let lockedBoth: () => void = () => undefined;
    const bothLocked = new Promise<void>((resolve) => {
      let count = 0;
      lockedBoth = () => ++count === 2 && resolve();
    });
    const writer = (first: number, second: number) =>
      db.transaction(async (tx) => {
        tries++;
        await tx.execute(sql`update counters set value = value + 1 where id = ${first}`);
        lockedBoth();
        await bothLocked;
        await tx.execute(sql`update counters set value = value + 1 where id = ${second}`);
      });
    await Promise.all([writer(1, 2), writer(2, 1)]);
    expect(tries).toBe(3);
    expect(await queryRows(db, sql`select id, value from counters order by id`)).toEqual([
      { id: 1, value: 2 },
      { id: 2, value: 2 },
    ]);
  });

  it(`gives up on a row held by another for longer than ${LOCK_TIMEOUT_MS} ms, with lock_not_available`, async () => {
    const holder = new pg.Client({ connectionString: testDb.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from counters where id = 1 for update');
      const started = performance.now();
      const error = await db
        .transaction((tx) => tx.execute(sql`select * from counters where id = 1 for update`))
        .catch((caught: unknown) => caught);
      expect(isLockTimeout(error)).toBe(true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 50);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  });
});
