import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_MINUTES } from '@sokoni/contracts/checkout';
import type { Stay, Trip } from '@sokoni/contracts/stays';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  bookStay,
  payBooking,
  registerUser,
  startBookingPayment,
  type RegisteredUser,
} from '../../../test/factories.js';
import { createStay, insertStayBooking } from '../../../test/stay-factories.js';

const MINUTE = 60_000;
/** 23:59:59 on 1 December 2026 in Nairobi (UTC+3): one second before Nairobi's 2 December. */
const LAST_SECOND_OF_DEC_1 = Date.parse('2026-12-01T20:59:59Z');
let clock = LAST_SECOND_OF_DEC_1;
let t: TestApp;
let host: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
  host = await registerUser(t.app, { name: 'Wanjiru Kamau' });
});
afterAll(async () => t?.close());

/** A guest of their own per test: each may hold only a few unpaid bookings at once. */
const newGuest = (name = 'Amina Wanjiku Hassan') => registerUser(t.app, { name });

const book = (guest: RegisteredUser | null, stayId: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/stays/${stayId}/book`,
    headers: guest ? bearer(guest.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const dates = (startDate: string, endDate: string) => ({ startDate, endDate });

async function expectRefused(
  response: Awaited<ReturnType<typeof book>>,
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code, message });
}

const rowsOf = (stayId: string) =>
  queryRows<{ status: string; start_date: string; nights: number; amount_cents: number }>(
    t.database.db,
    sql`select status, start_date::text, nights, amount_cents::int from stay_bookings
        where stay_id = ${stayId} order by start_date, created_at`,
  );

const trips = async (guest: RegisteredUser) => {
  const response = await t.app.inject({ url: '/api/bookings/mine', headers: bearer(guest.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Trip[]>();
};

describe('booking dates (spec §5), with Nairobi midnight on the clock', () => {
  let stay: Stay;
  let guest: RegisteredUser;
  beforeAll(async () => {
    stay = await createStay(t.app, host);
    guest = await newGuest();
  });

  it.each([
    ['both dates missing', {}],
    ['the check-out missing', { startDate: '2026-12-05' }],
    ['the check-in missing', { endDate: '2026-12-05' }],
    ['empty dates', dates('', '')],
    ['a date written another way', dates('05/12/2026', '2026-12-08')],
    ['a day no calendar has', dates('2026-02-30', '2026-03-02')],
    ['a day of a month that is too short', dates('2027-04-31', '2027-05-02')],
  ])('asks for both dates when given %s', async (_case, payload) => {
    await expectRefused(
      await book(guest, stay.id, payload),
      400,
      'STAY_DATES_INVALID',
      STAY_MESSAGES.datesRequired,
    );
  });

  it("allows Nairobi's today until its last second, and calls it the past from the next", async () => {
    clock = LAST_SECOND_OF_DEC_1;
    const lastSecond = await book(guest, stay.id, dates('2026-12-01', '2026-12-02'));
    expect(lastSecond.statusCode, lastSecond.body).toBe(201);

    clock = Date.parse('2026-12-01T21:00:00Z');
    await expectRefused(
      await book(guest, stay.id, dates('2026-12-01', '2026-12-03')),
      400,
      'STAY_DATES_INVALID',
      STAY_MESSAGES.checkInPast,
    );
    const today = await book(guest, stay.id, dates('2026-12-02', '2026-12-03'));
    expect(today.statusCode, today.body).toBe(201);
  });

  it.each([
    [
      'a check-out before the check-in',
      dates('2026-12-10', '2026-12-09'),
      STAY_MESSAGES.checkOutBeforeCheckIn,
    ],
    ['31 nights', dates('2026-12-10', '2027-01-10'), STAY_MESSAGES.tooLong],
    ['a check-in beyond the booking horizon', dates('2028-12-10', '2028-12-12'), STAY_MESSAGES.tooFarAhead],
    [
      'a check-in in the past, before any other rule',
      dates('2026-11-01', '2026-10-01'),
      STAY_MESSAGES.checkInPast,
    ],
  ])('refuses %s', async (_case, payload, message) => {
    await expectRefused(await book(guest, stay.id, payload), 400, 'STAY_DATES_INVALID', message);
  });

  it('books 30 nights; a same-day stay is one night', async () => {
    const other = await newGuest();
    const month = await book(other, stay.id, dates('2027-01-01', '2027-01-31'));
    expect(month.statusCode, month.body).toBe(201);
    expect(month.json()).toMatchObject({ nights: 30, amount: 30 * 6500 });
    const sameDay = await book(await newGuest(), stay.id, dates('2027-02-10', '2027-02-10'));
    expect(sameDay.statusCode, sameDay.body).toBe(201);
    expect(sameDay.json()).toMatchObject({ nights: 1, amount: 6500 });
  });

  it.each([
    ['no body at all', undefined],
    ['an empty JSON body', ''],
    ['JSON null', 'null'],
    ['a list', '[]'],
    ['a string', '"2026-12-05"'],
  ])("answers 'Missing booking details.' to %s", async (_case, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/stays/${stay.id}/book`,
      headers: {
        ...bearer(guest.token),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: body }),
    });
    await expectRefused(response, 400, 'VALIDATION_FAILED', STAY_MESSAGES.missingDetails);
  });
});

describe('POST /api/stays/{id}/book', () => {
  beforeEach(() => {
    clock += MINUTE;
  });

  it('holds the nights for the caller for 15 minutes, priced from the database, whatever the body says', async () => {
    const stay = await createStay(t.app, host, { pricePerNight: 6500 });
    const guest = await newGuest();
    const response = await book(guest, stay.id, {
      ...dates('2027-01-05', '2027-01-08'),
      userId: host.id,
      amount: 1,
      pricePerNight: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      stayId: stay.id,
      userId: guest.id,
      startDate: '2027-01-05',
      endDate: '2027-01-08',
      nights: 3,
      pricePerNight: 6500,
      amount: 19_500,
      status: 'held',
      // The 15 minutes, written out: a change to the hold's length is a change to this rule.
      holdExpiresAt: new Date(clock + 15 * MINUTE).toISOString(),
      refund: null,
      createdAt: new Date(clock).toISOString(),
    });
    expect(await rowsOf(stay.id)).toEqual([
      { status: 'held', start_date: '2027-01-05', nights: 3, amount_cents: 1_950_000 },
    ]);
  });

  it('keeps the price a booking was made at when the host changes it; new bookings pay the new one', async () => {
    const stay = await createStay(t.app, host, { pricePerNight: 4000 });
    const guest = await newGuest();
    const before = await bookStay(t.app, guest, stay.id, dates('2027-01-10', '2027-01-12'));
    await t.database.db.execute(sql`update stays set price_per_night_cents = 550000 where id = ${stay.id}`);
    const after = await bookStay(t.app, guest, stay.id, dates('2027-01-20', '2027-01-21'));
    expect([before.amount, after.amount]).toEqual([8000, 5500]);
    const mine = await trips(guest);
    expect(mine.find((trip) => trip.id === before.id)).toMatchObject({ pricePerNight: 4000, amount: 8000 });
  });

  it('tells a visitor to log in, and answers an unknown stay with 404', async () => {
    const guest = await newGuest();
    await expectRefused(
      await book(null, '00000000-0000-4000-8000-000000000000', dates('2027-01-05', '2027-01-06')),
      401,
      'AUTH_REQUIRED',
      STAY_MESSAGES.bookingLoginRequired,
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-stay']) {
      await expectRefused(
        await book(guest, id, dates('2027-01-05', '2027-01-06')),
        404,
        'STAY_NOT_FOUND',
        STAY_MESSAGES.notFound,
      );
    }
  });

  it('does not let a host book their own stay', async () => {
    const stay = await createStay(t.app, host);
    await expectRefused(
      await book(host, stay.id, dates('2027-01-05', '2027-01-06')),
      403,
      'OWN_STAY',
      STAY_MESSAGES.ownStay,
    );
    expect(await rowsOf(stay.id)).toEqual([]);
  });

  describe('nights never overlap: 10 to 14 January is held', () => {
    let stay: Stay;
    let guest: RegisteredUser;
    beforeAll(async () => {
      stay = await createStay(t.app, host);
      await bookStay(t.app, await newGuest(), stay.id, dates('2027-01-10', '2027-01-14'));
      guest = await newGuest();
    });

    it.each([
      ['inside it', '2027-01-11', '2027-01-12'],
      ['straddling its check-in', '2027-01-08', '2027-01-11'],
      ['straddling its check-out', '2027-01-13', '2027-01-16'],
      ['enclosing it', '2027-01-09', '2027-01-15'],
      ['the very same dates', '2027-01-10', '2027-01-14'],
      ['a same-day stay on its first night', '2027-01-10', '2027-01-10'],
    ])('refuses a booking %s', async (_case, startDate, endDate) => {
      await expectRefused(
        await book(guest, stay.id, dates(startDate, endDate)),
        409,
        'DATES_TAKEN',
        STAY_MESSAGES.datesBooked,
      );
    });

    it('lets the next guest check in on its check-out day, and the one before check out on its check-in day', async () => {
      expect((await book(guest, stay.id, dates('2027-01-14', '2027-01-16'))).statusCode).toBe(201);
      expect((await book(guest, stay.id, dates('2027-01-07', '2027-01-10'))).statusCode).toBe(201);
      expect((await rowsOf(stay.id)).map((row) => [row.start_date, row.nights])).toEqual([
        ['2027-01-07', 3],
        ['2027-01-10', 4],
        ['2027-01-14', 2],
      ]);
    });
  });

  it("refuses the host's blocked nights and a confirmed booking's", async () => {
    const stay = await createStay(t.app, host);
    const guest = await newGuest();
    await insertStayBooking(t.database.db, {
      stayId: stay.id,
      guestId: null,
      status: 'blocked',
      ...dates('2027-02-01', '2027-02-05'),
    });
    await insertStayBooking(t.database.db, {
      stayId: stay.id,
      guestId: (await newGuest()).id,
      status: 'confirmed',
      ...dates('2027-02-10', '2027-02-12'),
    });
    for (const range of [dates('2027-02-04', '2027-02-06'), dates('2027-02-11', '2027-02-13')]) {
      await expectRefused(await book(guest, stay.id, range), 409, 'DATES_TAKEN', STAY_MESSAGES.datesBooked);
    }
    expect((await book(guest, stay.id, dates('2027-02-05', '2027-02-10'))).statusCode).toBe(201);
  });

  it('a held booking blocks its nights; once its hold lapses they are free at once, with no job run', async () => {
    const stay = await createStay(t.app, host);
    const first = await newGuest();
    const second = await newGuest();
    const held = await bookStay(t.app, first, stay.id, dates('2027-03-01', '2027-03-04'));
    clock += (PAYMENT_HOLD_MINUTES - 1) * MINUTE;
    await expectRefused(
      await book(second, stay.id, dates('2027-03-02', '2027-03-03')),
      409,
      'DATES_TAKEN',
      STAY_MESSAGES.datesBooked,
    );

    clock += 2 * MINUTE;
    expect((await trips(first)).find((trip) => trip.id === held.id)).toMatchObject({
      status: 'expired',
      holdExpiresAt: null,
    });
    const taken = await book(second, stay.id, dates('2027-03-02', '2027-03-03'));
    expect(taken.statusCode, taken.body).toBe(201);
    // The lapsed hold was marked expired by the booking that took its nights.
    expect((await rowsOf(stay.id)).map((row) => row.status)).toEqual(['expired', 'held']);
  });

  it('lets a guest hold at most 3 unpaid bookings at once, and one more when a hold lapses', async () => {
    const stay = await createStay(t.app, host);
    const guest = await newGuest();
    for (const day of ['01', '03', '05'])
      await bookStay(t.app, guest, stay.id, dates(`2027-04-${day}`, `2027-04-${day}`));
    await expectRefused(
      await book(guest, stay.id, dates('2027-04-07', '2027-04-08')),
      409,
      'TOO_MANY_HELD_BOOKINGS',
      STAY_MESSAGES.tooManyHeld,
    );
    // Another guest is not held back by this one.
    expect((await book(await newGuest(), stay.id, dates('2027-04-07', '2027-04-08'))).statusCode).toBe(201);
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    expect((await book(guest, stay.id, dates('2027-04-10', '2027-04-11'))).statusCode).toBe(201);
  });
});

describe('My Trips and one booking', () => {
  beforeEach(() => {
    clock += MINUTE;
  });

  it('lists the guest’s bookings only: upcoming soonest first, then past ones latest first, with their stay', async () => {
    const karen = await createStay(t.app, host, { title: 'Karen cottage', location: 'Karen, Nairobi' });
    const diani = await createStay(t.app, host, { title: 'Diani beach house', location: 'Diani' });
    const guest = await newGuest();
    const later = await bookStay(t.app, guest, karen.id, dates('2027-06-10', '2027-06-12'));
    const sooner = await bookStay(t.app, guest, diani.id, dates('2027-05-01', '2027-05-03'));
    const pastIds = [];
    for (const range of [dates('2026-10-01', '2026-10-03'), dates('2026-11-10', '2026-11-12')]) {
      pastIds.push(
        await insertStayBooking(t.database.db, {
          stayId: karen.id,
          guestId: guest.id,
          status: 'confirmed',
          ...range,
        }),
      );
    }
    // Checking out today: not over yet.
    const today = new Date(clock + 3 * 60 * MINUTE).toISOString().slice(0, 10);
    const yesterday = new Date(clock + 3 * 60 * MINUTE - 24 * 60 * MINUTE).toISOString().slice(0, 10);
    const leaving = await insertStayBooking(t.database.db, {
      stayId: diani.id,
      guestId: guest.id,
      status: 'confirmed',
      ...dates(yesterday, today),
    });
    await bookStay(t.app, await newGuest(), karen.id, dates('2027-07-01', '2027-07-02'));

    const mine = await trips(guest);
    expect(mine.map((trip) => trip.id)).toEqual([leaving, sooner.id, later.id, pastIds[1], pastIds[0]]);
    expect(mine[1]).toMatchObject({
      stay: { id: diani.id, title: 'Diani beach house', location: 'Diani', image: diani.images[0] },
      host: { name: 'Wanjiru Kamau', email: null },
      status: 'held',
      userId: guest.id,
    });
    expect((await t.app.inject('/api/bookings/mine')).statusCode).toBe(401);
  });

  it("gives the host's e-mail once the booking is confirmed, never before", async () => {
    const stay = await createStay(t.app, host);
    const guest = await newGuest();
    const booking = await bookStay(t.app, guest, stay.id, dates('2027-05-10', '2027-05-12'));
    const one = () => t.app.inject({ url: `/api/bookings/${booking.id}`, headers: bearer(guest.token) });
    expect((await one()).json()).toMatchObject({
      status: 'held',
      host: { name: 'Wanjiru Kamau', email: null },
    });
    await payBooking(t.app, guest, booking);
    expect((await one()).json()).toMatchObject({
      status: 'confirmed',
      holdExpiresAt: null,
      host: { name: 'Wanjiru Kamau', email: host.email },
    });
  });

  it("answers another user's booking like an unknown one, and a visitor with 401", async () => {
    const stay = await createStay(t.app, host);
    const guest = await newGuest();
    const booking = await bookStay(t.app, guest, stay.id, dates('2027-05-20', '2027-05-21'));
    for (const [who, id] of [
      [host, booking.id],
      [await newGuest(), booking.id],
      [guest, '00000000-0000-4000-8000-000000000000'],
      [guest, 'nope'],
    ] as const) {
      const response = await t.app.inject({ url: `/api/bookings/${id}`, headers: bearer(who.token) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'BOOKING_NOT_FOUND',
        message: STAY_MESSAGES.bookingNotFound,
      });
    }
    expect((await t.app.inject(`/api/bookings/${booking.id}`)).statusCode).toBe(401);
    const own = await t.app.inject({ url: `/api/bookings/${booking.id}`, headers: bearer(guest.token) });
    expect(own.json<Trip>()).toMatchObject({ id: booking.id, stayId: stay.id, amount: 6500 });
  });
});

describe('POST /api/bookings/{id}/cancel', () => {
  beforeEach(() => {
    clock += MINUTE;
  });

  const cancel = (guest: RegisteredUser, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: bearer(guest.token) });

  it('cancels an unpaid booking: its nights are free at once', async () => {
    const stay = await createStay(t.app, host);
    const guest = await newGuest();
    const booking = await bookStay(t.app, guest, stay.id, dates('2027-08-01', '2027-08-03'));
    const response = await cancel(guest, booking.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: booking.id, status: 'cancelled', holdExpiresAt: null });
    expect((await cancel(guest, booking.id)).json()).toMatchObject({ status: 'cancelled' });
    expect((await book(await newGuest(), stay.id, dates('2027-08-01', '2027-08-03'))).statusCode).toBe(201);
  });

  it('refuses while a payment of it is under way; allows it once that payment lapsed', async () => {
    const stay = await createStay(t.app, host);
    const guest = await newGuest();
    const paying = await bookStay(t.app, guest, stay.id, dates('2027-08-10', '2027-08-12'));
    await startBookingPayment(t.app, guest, paying);
    await expectRefused(
      await cancel(guest, paying.id),
      409,
      'PAYMENT_IN_PROGRESS',
      STAY_MESSAGES.cancelWhilePaying,
    );

    // A paid one is cancelled under the host's policy (booking-cancellations.routes.test.ts).
    const paid = await bookStay(t.app, guest, stay.id, dates('2027-08-20', '2027-08-22'));
    await payBooking(t.app, guest, paid);

    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    expect((await cancel(guest, paying.id)).json()).toMatchObject({ status: 'cancelled' });
    expect((await rowsOf(stay.id)).map((row) => row.status)).toEqual(['cancelled', 'confirmed']);
  });

  it("answers another user's booking with 404 and cancels nothing", async () => {
    const stay = await createStay(t.app, host);
    const guest = await newGuest();
    const booking = await bookStay(t.app, guest, stay.id, dates('2027-09-01', '2027-09-02'));
    const response = await cancel(await newGuest(), booking.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('BOOKING_NOT_FOUND');
    expect((await rowsOf(stay.id)).map((row) => row.status)).toEqual(['held']);
  });
});
