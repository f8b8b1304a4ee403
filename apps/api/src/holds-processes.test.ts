import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HOLD_MESSAGES } from '@sokoni/contracts/holds';
import { addDays, nairobiToday } from '@sokoni/contracts/stays-rules';
import { events } from './db/schema/events.js';
import { createProduct, SAMPLE_DELIVERY } from '../test/factories.js';
import { accountsIn, call, callPatiently, serverProcessesOnTestDatabase } from '../test/server-processes.js';
import { stayBody } from '../test/stay-factories.js';
import { queryRows } from '../test/test-app.js';

// Two server processes on one PostgreSQL, against what one person (or one network's new accounts)
// can do to everyone else: hoarding seats, units and nights unpaid, double clicks on Pay, and a
// crowd of starts for one subject. Every client here calls from 127.0.0.1: one network.
const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const { testDb, servers } = await serverProcessesOnTestDatabase();
const db = testDb.database.db;
const CALLBACK = 'http://127.0.0.1:3000/payment/callback';

type Account = Awaited<ReturnType<typeof accountsIn>>[number];
let sequence = 0;
const accounts = (count: number, options: { young?: boolean } = {}) =>
  accountsIn(testDb, count, `${process.pid}-${Date.now()}-${++sequence}`, options);

let servedAt: Promise<string[]> | undefined;
/** The two servers every test here shares, started on first use. */
const twoServers = () => {
  const env = { RATE_LIMIT_MAX: '1000000' };
  servedAt ??= Promise.all([servers.start(env).url, servers.start(env).url]);
  return servedAt;
};

async function paidEvent(organizer: Account, capacity: number, price = 500): Promise<string> {
  const [event] = await db
    .insert(events)
    .values({
      title: `Gig ${++sequence}`,
      description: 'Live music.',
      location: 'Alliance Française, Nairobi',
      image: '/api/uploads/sample/test.webp',
      category: 'Concert',
      startsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      priceCents: price * 100,
      capacity,
      organizerId: organizer.id,
    })
    .returning({ id: events.id });
  return event!.id;
}

/** A start as the pay button makes it: told the server is busy (503, Retry-After), it asks again. */
const startPayment = (url: string, payer: Account, body: Record<string, unknown>) =>
  callPatiently(url, '/api/payments/initialize', {
    method: 'POST',
    token: payer.token,
    body: { email: payer.email, callback_url: CALLBACK, ...body },
  });

const openPayments = (subjectId: string) =>
  queryRows<{ reference: string; status: string }>(
    db,
    sql`select reference, status from payments
        where subject_id = ${subjectId} and status = 'pending' and hold_ended_at is null`,
  );

describe.runIf(usesPostgres)('holds across server processes (PostgreSQL)', () => {
  it('answers 2 and then 40 simultaneous starts of one order with one payment, holding its units once', async () => {
    const urls = await twoServers();
    const [seller, buyer] = await accounts(2);
    const productId = await createProduct(db, seller!.id, { priceCents: 50_000, stock: 200 });
    const placeOrder = async () => {
      const order = await call(urls[0]!, '/api/orders', {
        method: 'POST',
        token: buyer!.token,
        body: { items: [{ productId, quantity: 10, price: 500 }], delivery: SAMPLE_DELIVERY },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      return order.body.id as string;
    };

    for (const clicks of [2, 40]) {
      const orderId = await placeOrder();
      const answers = await Promise.all(
        Array.from({ length: clicks }, (_, i) =>
          startPayment(urls[i % 2]!, buyer!, { paymentType: 'order', orderId, amount: 5000 }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const references = new Set(
        answers.map((answer) => (answer.body.data as { reference: string }).reference),
      );
      const urlsAnswered = new Set(
        answers.map((answer) => (answer.body.data as { authorization_url: string }).authorization_url),
      );
      expect(references.size).toBe(1);
      expect(urlsAnswered.size).toBe(1);
      expect(await openPayments(orderId)).toHaveLength(1);
      expect(
        await queryRows(
          db,
          sql`select count(*)::int as payments from payments where subject_id = ${orderId}`,
        ),
      ).toEqual([{ payments: 1 }]);
    }
    // Two orders of 10 units each are held: 20 of the 200.
    const product = await call(urls[1]!, `/api/products/${productId}`);
    expect(product.body).toMatchObject({ stock: 200, available: 180 });
  });

  it('answers 60 simultaneous starts for one booking on two servers without a 5xx, leaving one payment that holds', async () => {
    const urls = await twoServers();
    const [host, guest] = await accounts(2);
    const stay = await call(urls[0]!, '/api/stays', { method: 'POST', token: host!.token, body: stayBody() });
    expect(stay.status).toBe(201);
    const startDate = addDays(nairobiToday(Date.now()), 20);
    const booked = await call(urls[1]!, `/api/stays/${stay.body.id as string}/book`, {
      method: 'POST',
      token: guest!.token,
      body: { startDate, endDate: addDays(startDate, 2) },
    });
    expect(booked.status).toBe(201);
    const bookingId = booked.body.id as string;

    // Half of them with another e-mail: each of those ends the open payment and starts its own.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        startPayment(
          urls[i % 2]!,
          { ...guest!, email: i % 4 < 2 ? guest!.email : `other-${guest!.email}` },
          {
            paymentType: 'booking',
            bookingId,
            amount: 13_000,
          },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(await openPayments(bookingId)).toHaveLength(1);
    expect(await queryRows(db, sql`select status from stay_bookings where id = ${bookingId}`)).toEqual([
      { status: 'held' },
    ]);
  });

  it("refuses one account's hoarding: seats of one event and in all, units of one listing, whichever server it asks", async () => {
    const urls = await twoServers();
    const [organizer, seller, hoarder, buyer] = await accounts(4);
    const [first, second, third] = await Promise.all([
      paidEvent(organizer!, 100),
      paidEvent(organizer!, 100),
      paidEvent(organizer!, 100),
    ]);

    // Ten starts of ten seats at once: one payment of ten seats holds.
    const rush = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        startPayment(urls[i % 2]!, hoarder!, {
          paymentType: 'event',
          eventId: first,
          quantity: 10,
          amount: 5000,
        }),
      ),
    );
    expect(new Set(rush.map((answer) => (answer.body.data as { reference: string }).reference)).size).toBe(1);
    expect((await call(urls[1]!, `/api/events/${first}`)).body).toMatchObject({ ticketsAvailable: 90 });

    // Twenty seats in all: a third event's seats are refused.
    expect(
      (
        await startPayment(urls[1]!, hoarder!, {
          paymentType: 'event',
          eventId: second,
          quantity: 10,
          amount: 5000,
        })
      ).status,
    ).toBe(200);
    const third10 = await startPayment(urls[0]!, hoarder!, {
      paymentType: 'event',
      eventId: third,
      quantity: 10,
      amount: 5000,
    });
    expect(third10.status).toBe(409);
    expect(third10.body).toMatchObject({
      code: 'HOLD_LIMIT',
      message: HOLD_MESSAGES.accountLimit('seats', 20, 20, 'total', false),
    });
    expect((await call(urls[0]!, `/api/events/${third}`)).body).toMatchObject({ ticketsAvailable: 100 });
    // Anyone else still buys.
    expect(
      (
        await startPayment(urls[0]!, buyer!, {
          paymentType: 'event',
          eventId: third,
          quantity: 2,
          amount: 1000,
        })
      ).status,
    ).toBe(200);

    // Three unpaid orders of 99 units of a 200-unit listing started at once: one holds.
    const productId = await createProduct(db, seller!.id, { priceCents: 10_000, stock: 200 });
    const orders = await Promise.all(
      [0, 1, 2].map(async () => {
        const order = await call(urls[0]!, '/api/orders', {
          method: 'POST',
          token: hoarder!.token,
          body: { items: [{ productId, quantity: 99, price: 100 }], delivery: SAMPLE_DELIVERY },
        });
        return order.body.id as string;
      }),
    );
    const units = await Promise.all(
      orders.map((orderId, i) =>
        startPayment(urls[i % 2]!, hoarder!, { paymentType: 'order', orderId, amount: 9900 }),
      ),
    );
    expect(units.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    for (const refused of units.filter((answer) => answer.status === 409)) {
      expect(refused.body).toMatchObject({
        code: 'HOLD_LIMIT',
        message: HOLD_MESSAGES.accountLimit('units', 99, 99, 'subject', false),
      });
    }
    expect((await call(urls[1]!, `/api/products/${productId}`)).body).toMatchObject({ available: 101 });
  });

  it('lets new accounts on one network claim and hold only a little together, whichever server they ask', async () => {
    const urls = await twoServers();
    const [organizer, host] = await accounts(2);
    const [free] = await db
      .insert(events)
      .values({
        title: 'Open day',
        description: 'Free entry.',
        location: 'Nairobi National Museum',
        image: '/api/uploads/sample/test.webp',
        category: 'Exhibition',
        startsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
        priceCents: 0,
        capacity: 100,
        organizerId: organizer!.id,
      })
      .returning({ id: events.id });

    // Ten new accounts, ten free tickets each, all at once: two each at most, ten in all.
    const newcomers = await accounts(10, { young: true });
    const claims = await Promise.all(
      newcomers.map((newcomer, i) =>
        callPatiently(urls[i % 2]!, `/api/events/${free!.id}/tickets`, {
          method: 'POST',
          token: newcomer.token,
          body: { quantity: 10 },
        }),
      ),
    );
    expect(claims.every((claim) => claim.status === 409)).toBe(true);
    for (const claim of claims)
      expect(claim.body).toMatchObject({
        code: 'CLAIM_LIMIT',
        message: HOLD_MESSAGES.freeClaimLimit(2, 0, true),
      });
    const pairs = await Promise.all(
      newcomers.map((newcomer, i) =>
        callPatiently(urls[i % 2]!, `/api/events/${free!.id}/tickets`, {
          method: 'POST',
          token: newcomer.token,
          body: { quantity: 2 },
        }),
      ),
    );
    expect(pairs.filter((claim) => claim.status === 201)).toHaveLength(5);
    for (const claim of pairs.filter((answer) => answer.status !== 201))
      expect(claim).toMatchObject({ status: 429, body: { code: 'NETWORK_CLAIM_LIMIT' } });
    expect(await queryRows(db, sql`select sold from events where id = ${free!.id}`)).toEqual([{ sold: 10 }]);

    // Four new accounts after a month of one stay's nights: one holds them, the rest are refused.
    const stay = await call(urls[0]!, '/api/stays', { method: 'POST', token: host!.token, body: stayBody() });
    const first = addDays(nairobiToday(Date.now()), 40);
    const squatters = await accounts(4, { young: true });
    const bookings = await Promise.all(
      squatters.map((squatter, i) => {
        const startDate = addDays(first, i * 30);
        return callPatiently(urls[i % 2]!, `/api/stays/${stay.body.id as string}/book`, {
          method: 'POST',
          token: squatter.token,
          body: { startDate, endDate: addDays(startDate, 30) },
        });
      }),
    );
    expect(bookings.filter((booking) => booking.status === 201)).toHaveLength(1);
    for (const refused of bookings.filter((booking) => booking.status !== 201))
      expect(refused).toMatchObject({ status: 429, body: { code: 'NETWORK_HOLD_LIMIT' } });
  });
});
