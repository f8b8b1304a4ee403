import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAY_MESSAGES, addDays, nairobiToday } from '@sokoni/contracts/stays-rules';
import { accountsIn, call, callPatiently, serverProcessesOnTestDatabase } from '../test/server-processes.js';
import { stayBody } from '../test/stay-factories.js';
import { queryRows } from '../test/test-app.js';

// Two server processes on one PostgreSQL, many guests at once after the same nights: only the
// database's exclusion constraint can decide who gets them. The figure: 500 simultaneous
// bookings (STAY_GUESTS changes it), every one overlapping every other.
const GUESTS = Number(process.env.STAY_GUESTS ?? 500);

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const { testDb, servers } = await serverProcessesOnTestDatabase();

const accounts = (count: number, tag: string) => accountsIn(testDb, count, tag, { name: 'Guest' });

describe.runIf(usesPostgres)('stay bookings across server processes (PostgreSQL)', () => {
  it('holds the nights for exactly one of many guests booking overlapping dates at once on two servers; the rest are told they are booked', async () => {
    // Every guest calls from 127.0.0.1: the rate limit is not what is under test.
    const env = { RATE_LIMIT_MAX: '1000000' };
    const urls = await Promise.all([servers.start(env).url, servers.start(env).url]);
    const tag = `${process.pid}-${Date.now()}`;
    const [host] = await accounts(1, `host-${tag}`);
    const created = await call(urls[0]!, '/api/stays', {
      method: 'POST',
      token: host!.token,
      body: stayBody({ title: 'Lake Naivasha cottage' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stayId = created.body.id as string;
    const guests = await accounts(GUESTS, tag);

    // Five check-ins a day apart, five nights each: every request shares the fifth night with every other.
    const first = addDays(nairobiToday(Date.now()), 30);
    const started = performance.now();
    const answers = await Promise.all(
      guests.map((guest, i) => {
        const startDate = addDays(first, i % 5);
        return callPatiently(urls[i % 2]!, `/api/stays/${stayId}/book`, {
          method: 'POST',
          token: guest.token,
          body: { startDate, endDate: addDays(startDate, 5) },
        });
      }),
    );
    console.log(`${GUESTS} overlapping bookings: ${((performance.now() - started) / 1000).toFixed(1)} s`);

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const held = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(held).toHaveLength(1);
    expect(refused).toHaveLength(GUESTS - 1);
    for (const answer of refused)
      expect(answer.body).toMatchObject({ code: 'DATES_TAKEN', message: STAY_MESSAGES.datesBooked });
    expect(held[0]!.body).toMatchObject({ stayId, status: 'held', nights: 5 });

    expect(
      await queryRows(
        testDb.database.db,
        sql`select id, status from stay_bookings
            where stay_id = ${stayId} and status in ('held', 'confirmed', 'blocked')`,
      ),
    ).toEqual([{ id: held[0]!.body.id, status: 'held' }]);
  }, 120_000);
});
