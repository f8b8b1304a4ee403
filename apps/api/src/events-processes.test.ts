import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOOR_MESSAGES, EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
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

/** An event of `organizerId`'s straight into the database, a week ahead. */
async function eventOf(organizerId: string, values: { title: string; priceCents: number; capacity: number }) {
  const [event] = await testDb.database.db
    .insert(events)
    .values({
      ...values,
      description: 'Grilled goodness.',
      location: 'Uhuru Gardens, Nairobi',
      image: '/api/uploads/sample/test.webp',
      category: 'Exhibition',
      startsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      organizerId,
    })
    .returning({ id: events.id });
  return event!;
}

describe.runIf(usesPostgres)('event seats and check-in across server processes (PostgreSQL)', () => {
  // Every buyer calls from 127.0.0.1: the rate limit is not what is under test.
  const env = { RATE_LIMIT_MAX: '1000000' };
  let urls: string[];
  beforeAll(async () => {
    urls = await Promise.all([servers.start(env).url, servers.start(env).url]);
  });

  it('starts exactly as many purchases as there are seats when buyers rush two servers, issues one ticket per paid purchase, and checks a ticket in once under simultaneous verifies', async () => {
    console.log(`${BUYERS} buyers, ${SEATS} seats, ${VERIFIES} verifies`);
    const tag = `${process.pid}-${Date.now()}`;
    const [organizer] = await accounts(1, `organizer-${tag}`);
    const event = await eventOf(organizer!.id, {
      title: 'Nyama Choma Festival',
      priceCents: PRICE * 100,
      capacity: SEATS,
    });
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

  it('keeps the earlier scan when two door devices sync the same tickets at once through two servers, logging each scan once', async () => {
    const tag = `door-${process.pid}-${Date.now()}`;
    const [organizer, holder] = await accounts(2, tag);
    const event = await eventOf(organizer!.id, { title: 'Koroga Festival', priceCents: 0, capacity: 100 });
    const devices = [randomUUID(), randomUUID()];
    const iso = (column: string) =>
      sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
    for (let round = 0; round < 3; round++) {
      // Issued an hour ago, so both scans come after.
      const tickets = await queryRows<{ id: string }>(
        testDb.database.db,
        sql`insert into tickets (id, short_code, event_id, user_id, quantity, unit_price_cents, created_at)
            select 'tkt_' || md5(random()::text), upper(substr(md5(random()::text), 1, 8)), ${event.id},
                   ${holder!.id}, 1, 0, now() - interval '1 hour'
            from generate_series(1, 20) returning id`,
      );
      const ids = tickets.map((ticket) => ticket.id);
      // Device 0 scanned the even tickets first, device 1 the odd ones: the earlier scan of ticket i is
      // device i % 2's.
      const earlier = (i: number) => i % 2;
      const scannedAt = (i: number, device: number) =>
        new Date(Date.now() - (device === earlier(i) ? 30 : 20) * 60_000 - i).toISOString();
      const times = ids.map((_, i) => [scannedAt(i, 0), scannedAt(i, 1)]);
      // Both devices sync at once, each through its own server, in the same order: every ticket's
      // two scans meet.
      const answers = await Promise.all(
        devices.map((deviceId, device) =>
          call(urls[device]!, `/api/events/${event.id}/check-ins`, {
            method: 'POST',
            token: organizer!.token,
            body: {
              deviceId,
              checkIns: ids.map((ticketId, i) => ({ ticketId, scannedAt: times[i]![device] })),
            },
          }),
        ),
      );
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const outcomes = answers.map((answer) => answer.body.outcomes as unknown[]);
      ids.forEach((ticketId, i) => {
        const first = times[i]![earlier(i)]!;
        const later = times[i]![1 - earlier(i)]!;
        expect(outcomes[earlier(i)]![i]).toMatchObject({ outcome: 'checked_in', checkedInAt: first });
        // The later scan is told of the earlier one, or was let in until the earlier one came.
        expect([
          {
            ticketId,
            outcome: 'already_checked_in',
            checkedInAt: first,
            message: DOOR_MESSAGES.elsewhere(first),
          },
          { ticketId, outcome: 'checked_in', checkedInAt: later, message: EVENT_MESSAGES.verified },
        ]).toContainEqual(outcomes[1 - earlier(i)]![i]);
      });
      const checkedIn = await queryRows<{ id: string; device: string; at: string }>(
        testDb.database.db,
        sql`select id, checked_in_device as device, ${iso('checked_in_at')} as at
            from tickets where id = any(${sql.param(ids)}::text[])`,
      );
      expect(checkedIn.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))).toEqual(
        ids.map((id, i) => ({ id, device: devices[earlier(i)], at: times[i]![earlier(i)] })),
      );
      expect(
        await queryRows(
          testDb.database.db,
          sql`select count(*)::int as scans, count(distinct (ticket_id, device))::int as sent
              from ticket_scans where ticket_id = any(${sql.param(ids)}::text[])`,
        ),
      ).toEqual([{ scans: 2 * ids.length, sent: 2 * ids.length }]);
    }
  }, 120_000);
});
