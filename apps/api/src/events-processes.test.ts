import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from './db/schema/events.js';
import { accountsIn, call, callPatiently, serverProcessesOnTestDatabase } from '../test/server-processes.js';
import { queryRows } from '../test/test-app.js';

// Two server processes on one PostgreSQL, many buyers at once: only the database can decide who gets
// the last seats and who checks a ticket in. The figures: 2,000 purchase starts of one
// ticket for 100 seats, and 1,000 verifies of one ticket (about 12 s on a 2-core machine).
// EVENT_BUYERS, EVENT_SEATS and EVENT_VERIFIES change them.
const BUYERS = Number(process.env.EVENT_BUYERS ?? 2000);
const SEATS = Number(process.env.EVENT_SEATS ?? 100);
const VERIFIES = Number(process.env.EVENT_VERIFIES ?? 1000);
const PRICE = 1200;

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const { testDb, servers } = await serverProcessesOnTestDatabase();

const accounts = (count: number, tag: string) => accountsIn(testDb, count, tag, { name: 'Buyer' });

const elapsed = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

describe.runIf(usesPostgres)('event seats and check-in across server processes (PostgreSQL)', () => {
  it('starts exactly as many purchases as there are seats when buyers rush two servers, issues one ticket per paid purchase, and checks a ticket in once under simultaneous verifies', async () => {
    console.log(`${BUYERS} buyers, ${SEATS} seats, ${VERIFIES} verifies`);
    // Every buyer calls from 127.0.0.1: the rate limit is not what is under test.
    const env = { RATE_LIMIT_MAX: '1000000' };
    const urls = await Promise.all([servers.start(env).url, servers.start(env).url]);
    const tag = `${process.pid}-${Date.now()}`;
    const [organizer] = await accounts(1, `organizer-${tag}`);
    const [event] = await testDb.database.db
      .insert(events)
      .values({
        title: 'Nyama Choma Festival',
        description: 'Grilled goodness.',
        location: 'Uhuru Gardens, Nairobi',
        image: '/api/uploads/sample/test.webp',
        category: 'Exhibition',
        startsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
        priceCents: PRICE * 100,
        capacity: SEATS,
        organizerId: organizer!.id,
      })
      .returning({ id: events.id });
    const buyers = await accounts(BUYERS, tag);

    let started = performance.now();
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        callPatiently(urls[i % 2]!, '/api/payments/initialize', {
          method: 'POST',
          token: buyer.token,
          body: {
            email: buyer.email,
            amount: PRICE,
            callback_url: 'http://127.0.0.1:3000/payment/callback',
            paymentType: 'event',
            eventId: event!.id,
            quantity: 1,
          },
        }),
      ),
    );
    const waits = answers.reduce((sum, answer) => sum + answer.waits, 0);
    console.log(
      `${BUYERS} purchase starts for ${SEATS} seats: ${elapsed(started)}, told to wait ${waits} times`,
    );
    const winners = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(winners).toHaveLength(SEATS);
    expect(refused).toHaveLength(BUYERS - SEATS);
    for (const answer of refused) expect(answer.body.code).toBe('SOLD_OUT');
    expect((await call(urls[1]!, `/api/events/${event!.id}`)).body).toMatchObject({ ticketsAvailable: 0 });

    started = performance.now();
    const references = winners.map((answer) => (answer.body.data as { reference: string }).reference);
    const paid = await Promise.all(
      references.map((reference, i) =>
        fetch(`${urls[i % 2]}/api/payments/sandbox/${reference}/pay`, { method: 'POST' }),
      ),
    );
    console.log(`${SEATS} payments settled: ${elapsed(started)}`);
    expect(paid.every((response) => response.status < 400)).toBe(true);
    expect(
      await queryRows(
        testDb.database.db,
        sql`select count(*)::int as tickets, sum(quantity)::int as seats,
              count(distinct payment_reference)::int as payments from tickets where event_id = ${event!.id}`,
      ),
    ).toEqual([{ tickets: SEATS, seats: SEATS, payments: SEATS }]);
    expect(
      await queryRows(testDb.database.db, sql`select sold, capacity from events where id = ${event!.id}`),
    ).toEqual([{ sold: SEATS, capacity: SEATS }]);

    const [ticket] = await queryRows<{ id: string }>(
      testDb.database.db,
      sql`select id from tickets where event_id = ${event!.id} limit 1`,
    );
    started = performance.now();
    const scans = await Promise.all(
      Array.from({ length: VERIFIES }, (_, i) =>
        call(urls[i % 2]!, '/api/events/tickets/verify', {
          method: 'POST',
          token: organizer!.token,
          body: { ticketId: ticket!.id },
        }),
      ),
    );
    console.log(`${VERIFIES} verifies of one ticket: ${elapsed(started)}`);
    expect(scans.filter((scan) => scan.status === 200)).toHaveLength(1);
    const again = scans.filter((scan) => scan.status === 409);
    expect(again).toHaveLength(VERIFIES - 1);
    for (const scan of again) expect(scan.body.code).toBe('ALREADY_CHECKED_IN');
    expect(
      await queryRows(
        testDb.database.db,
        sql`select result, count(*)::int as scans from ticket_scans where ticket_id = ${ticket!.id}
            group by result order by result`,
      ),
    ).toEqual([
      { result: 'already_checked_in', scans: VERIFIES - 1 },
      { result: 'checked_in', scans: 1 },
    ]);
  }, 300_000);
});
