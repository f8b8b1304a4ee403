import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_MINUTES } from '@sokoni/contracts/checkout';
import type { Booking, Stay, StayAvailability, Trip } from '@sokoni/contracts/stays';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import {
  bearer,
  bookStay,
  payBooking,
  registerUser,
  startBookingPayment,
  type RegisteredUser,
} from '../../../test/factories.js';
import { createStay } from '../../../test/stay-factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

// #26: a guest's own hold never blocks them. Their unpaid bookings do not grey out the calendar
// they see, booking those nights again ends the earlier booking (its payment superseded), and an
// attempt that ended unpaid can be paid again while its nights are free.

const MINUTE = 60_000;
let clock = Date.parse('2026-12-01T06:00:00Z');
let t: TestApp;
let host: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
  host = await registerUser(t.app, { name: 'Wanjiru Kamau' });
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock += 60 * MINUTE;
});

const dates = (startDate: string, endDate: string) => ({ startDate, endDate });
const newGuest = (name = 'Amina Wanjiku Hassan') => registerUser(t.app, { name });

const book = (guest: RegisteredUser, stayId: string, range: { startDate: string; endDate: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/stays/${stayId}/book`,
    headers: bearer(guest.token),
    payload: range,
  });

const initialize = (guest: RegisteredUser, booking: { id: string; amount: number }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(guest.token),
    payload: {
      email: guest.email,
      amount: booking.amount,
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      paymentType: 'booking',
      bookingId: booking.id,
    },
  });

const decide = (reference: string, decision: 'pay' | 'decline') =>
  t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/${decision}` });

const availability = async (guest: RegisteredUser, stayId: string) => {
  const response = await t.app.inject({
    url: `/api/stays/${stayId}/availability`,
    headers: bearer(guest.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StayAvailability>().bookings;
};

const publicNights = async (stayId: string) =>
  (await t.app.inject({ url: `/api/stays/${stayId}` })).json<Stay>().bookings;

const trips = async (guest: RegisteredUser) => {
  const response = await t.app.inject({ url: '/api/bookings/mine', headers: bearer(guest.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Trip[]>();
};

const tripOf = async (guest: RegisteredUser, id: string) =>
  (await t.app.inject({ url: `/api/bookings/${id}`, headers: bearer(guest.token) })).json<Trip>();

const rowsOf = (stayId: string) =>
  queryRows<{ id: string; status: string; start_date: string }>(
    t.database.db,
    sql`select id, status, start_date::text from stay_bookings
        where stay_id = ${stayId} order by created_at, id`,
  );

const paymentRow = async (reference: string) =>
  (
    await queryRows<{ status: string; failure_reason: string | null; refund_status: string | null }>(
      t.database.db,
      sql`select status, failure_reason, refund_status from payments where reference = ${reference}`,
    )
  )[0];

describe('the calendar a guest sees: GET /api/stays/{id}/availability', () => {
  it("leaves out the caller's own held nights, which everyone else still sees taken", async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const brian = await newGuest('Brian Otieno');
    await bookStay(t.app, amina, stay.id, dates('2027-01-05', '2027-01-08'));
    await bookStay(t.app, brian, stay.id, dates('2027-01-10', '2027-01-12'));
    const aminas = dates('2027-01-05', '2027-01-08');
    const brians = dates('2027-01-10', '2027-01-12');

    expect(await availability(amina, stay.id)).toEqual([brians]);
    expect(await availability(brian, stay.id)).toEqual([aminas]);
    expect(await publicNights(stay.id)).toEqual([aminas, brians]);

    // Paid for, the nights are taken for their guest too.
    const held = (await trips(amina))[0]!;
    await payBooking(t.app, amina, held);
    expect(await availability(amina, stay.id)).toEqual([aminas, brians]);
  });

  it('is for signed-in callers, and answers an unknown stay with 404', async () => {
    const stay = await createStay(t.app, host);
    const visitor = await t.app.inject({ url: `/api/stays/${stay.id}/availability` });
    expect(visitor.statusCode).toBe(401);
    const unknown = await t.app.inject({
      url: '/api/stays/00000000-0000-4000-8000-000000000000/availability',
      headers: bearer((await newGuest()).token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'STAY_NOT_FOUND', message: STAY_MESSAGES.notFound });
  });
});

describe('booking nights the guest already holds', () => {
  it('books them again: the earlier booking ends, its open payment superseded, and only the new one holds', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const first = await bookStay(t.app, amina, stay.id, dates('2027-02-01', '2027-02-04'));
    const reference = await startBookingPayment(t.app, amina, first);

    clock += MINUTE;
    const again = await book(amina, stay.id, dates('2027-02-01', '2027-02-04'));
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json<Booking>();
    expect(second).toMatchObject({ status: 'held', amount: 19_500 });
    expect(await paymentRow(reference)).toMatchObject({ status: 'abandoned', failure_reason: 'superseded' });
    expect((await rowsOf(stay.id)).map((row) => [row.id, row.status])).toEqual([
      [first.id, 'expired'],
      [second.id, 'held'],
    ]);
    // The new booking is paid for as any other.
    await payBooking(t.app, amina, second);
    expect(await tripOf(amina, second.id)).toMatchObject({ status: 'confirmed' });
  });

  it('ends the holds the new nights overlap, and no other', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const overlapped = await bookStay(t.app, amina, stay.id, dates('2027-02-10', '2027-02-13'));
    const apart = await bookStay(t.app, amina, stay.id, dates('2027-02-20', '2027-02-21'));
    const elsewhere = await bookStay(
      t.app,
      amina,
      (await createStay(t.app, host, { title: 'Another stay' })).id,
      dates('2027-02-10', '2027-02-13'),
    );

    const moved = await book(amina, stay.id, dates('2027-02-12', '2027-02-15'));
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await tripOf(amina, overlapped.id)).toMatchObject({ status: 'expired' });
    expect(await tripOf(amina, apart.id)).toMatchObject({ status: 'held' });
    expect(await tripOf(amina, elsewhere.id)).toMatchObject({ status: 'held' });
  });

  it("still refuses nights another guest holds, and ends none of the guest's own holds for it", async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const brian = await newGuest('Brian Otieno');
    const own = await bookStay(t.app, amina, stay.id, dates('2027-03-01', '2027-03-03'));
    await bookStay(t.app, brian, stay.id, dates('2027-03-03', '2027-03-05'));
    const refused = await book(amina, stay.id, dates('2027-03-02', '2027-03-04'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DATES_TAKEN', message: STAY_MESSAGES.datesBooked });
    // The refusal rolled back: the guest's own hold is as it was.
    expect(await tripOf(amina, own.id)).toMatchObject({ status: 'held' });
  });

  it('a payment of the superseded booking that still succeeds is refunded; the new booking keeps the nights', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const first = await bookStay(t.app, amina, stay.id, dates('2027-03-10', '2027-03-12'));
    const late = await startBookingPayment(t.app, amina, first);
    const second = await bookStay(t.app, amina, stay.id, dates('2027-03-10', '2027-03-12'));
    await decide(late, 'pay');
    expect(await paymentRow(late)).toMatchObject({ status: 'success', refund_status: expect.any(String) });
    expect(await tripOf(amina, first.id)).toMatchObject({ status: 'expired' });
    expect(await tripOf(amina, second.id)).toMatchObject({ status: 'held' });
  });

  it('bookings of the same nights by one guest at once: each answered, exactly one holds', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const answers = await Promise.all(
      ['01', '02', '03', '02', '01'].map((day) =>
        book(amina, stay.id, dates(`2027-04-${day}`, '2027-04-05')),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const rows = await rowsOf(stay.id);
    expect(rows.map((row) => row.status).sort()).toEqual([
      'expired',
      'expired',
      'expired',
      'expired',
      'held',
    ]);
  });

  it('a rebooking racing the earlier booking being paid: either the payment confirms it and the rebooking is refused, or the rebooking holds and the payment is refunded', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const first = await bookStay(t.app, amina, stay.id, dates('2027-04-10', '2027-04-12'));
    const reference = await startBookingPayment(t.app, amina, first);
    const [, rebooked] = await Promise.all([
      decide(reference, 'pay'),
      book(amina, stay.id, dates('2027-04-10', '2027-04-12')),
    ]);
    const live = (await rowsOf(stay.id)).filter((row) => row.status === 'held' || row.status === 'confirmed');
    expect(live).toHaveLength(1);
    if (rebooked.statusCode === 201) {
      expect(live[0]!.id).toBe(rebooked.json<Booking>().id);
      expect(await paymentRow(reference)).toMatchObject({
        status: 'success',
        refund_status: expect.any(String),
      });
    } else {
      expect(rebooked.json()).toMatchObject({ code: 'DATES_TAKEN' });
      expect(live[0]).toMatchObject({ id: first.id, status: 'confirmed' });
      expect(await paymentRow(reference)).toMatchObject({ status: 'success', refund_status: null });
    }
  });
});

describe('paying again for a booking that ended unpaid', () => {
  it('holds the same booking again while its nights are free: one booking for the attempt, confirmed once paid', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-05-01', '2027-05-03'));
    await decide(await startBookingPayment(t.app, amina, booking), 'decline');
    expect(await tripOf(amina, booking.id)).toMatchObject({ status: 'expired', canPayAgain: true });

    await payBooking(t.app, amina, booking);
    expect(await tripOf(amina, booking.id)).toMatchObject({ status: 'confirmed', canPayAgain: false });
    expect(await rowsOf(stay.id)).toEqual([expect.objectContaining({ id: booking.id, status: 'confirmed' })]);
  });

  it("supersedes the guest's own newer hold of those nights", async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const declined = await bookStay(t.app, amina, stay.id, dates('2027-05-10', '2027-05-12'));
    await decide(await startBookingPayment(t.app, amina, declined), 'decline');
    const newer = await bookStay(t.app, amina, stay.id, dates('2027-05-11', '2027-05-13'));
    const newerPayment = await startBookingPayment(t.app, amina, newer);

    const again = await initialize(amina, declined);
    expect(again.statusCode, again.body).toBe(200);
    expect(await paymentRow(newerPayment)).toMatchObject({
      status: 'abandoned',
      failure_reason: 'superseded',
    });
    expect(await tripOf(amina, newer.id)).toMatchObject({ status: 'expired' });
    expect(await tripOf(amina, declined.id)).toMatchObject({ status: 'held' });
  });

  it('is refused once the check-in day has passed', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const booking = await bookStay(t.app, amina, stay.id, dates('2026-12-03', '2026-12-05'));
    await decide(await startBookingPayment(t.app, amina, booking), 'decline');
    clock = Date.parse('2026-12-03T21:00:00Z'); // 4 December in Nairobi
    expect(await tripOf(amina, booking.id)).toMatchObject({ status: 'expired', canPayAgain: false });
    const late = await initialize(amina, booking);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'STAY_DATES_INVALID', message: STAY_MESSAGES.checkInPast });
    clock = Date.parse('2026-12-05T06:00:00Z');
  });
});

describe('My Trips: what can be paid again', () => {
  it('says which bookings Pay again is offered for: awaiting payment, or ended unpaid with the nights free', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const brian = await newGuest('Brian Otieno');
    const held = await bookStay(t.app, amina, stay.id, dates('2027-06-01', '2027-06-02'));
    const paid = await bookStay(t.app, amina, stay.id, dates('2027-06-05', '2027-06-06'));
    await payBooking(t.app, amina, paid);
    const declined = await bookStay(t.app, amina, stay.id, dates('2027-06-10', '2027-06-12'));
    await decide(await startBookingPayment(t.app, amina, declined), 'decline');
    const takenSince = await bookStay(t.app, amina, stay.id, dates('2027-06-20', '2027-06-22'));
    await decide(await startBookingPayment(t.app, amina, takenSince), 'decline');
    await bookStay(t.app, brian, stay.id, dates('2027-06-21', '2027-06-23'));
    const cancelled = await bookStay(t.app, amina, stay.id, dates('2027-06-25', '2027-06-26'));
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${cancelled.id}/cancel`,
      headers: bearer(amina.token),
    });

    const byId = new Map((await trips(amina)).map((trip) => [trip.id, trip]));
    expect(
      [held, paid, declined, takenSince, cancelled].map((booking) => {
        const trip = byId.get(booking.id)!;
        return [trip.status, trip.canPayAgain];
      }),
    ).toEqual([
      ['held', true],
      ['confirmed', false],
      ['expired', true],
      ['expired', false],
      ['cancelled', false],
    ]);

    // The other guest's hold lapses: those nights are free to pay for again.
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    expect(await tripOf(amina, takenSince.id)).toMatchObject({ canPayAgain: true });
  });

  it('leaves out an attempt the guest has booked again since: the later booking stands for it', async () => {
    const stay = await createStay(t.app, host);
    const amina = await newGuest();
    const declined = await bookStay(t.app, amina, stay.id, dates('2027-07-01', '2027-07-03'));
    await decide(await startBookingPayment(t.app, amina, declined), 'decline');
    const cancelled = await bookStay(t.app, amina, stay.id, dates('2027-07-10', '2027-07-11'));
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${cancelled.id}/cancel`,
      headers: bearer(amina.token),
    });
    expect((await trips(amina)).map((trip) => trip.id).sort()).toEqual([declined.id, cancelled.id].sort());

    clock += MINUTE;
    const rebooked = await bookStay(t.app, amina, stay.id, dates('2027-07-02', '2027-07-04'));
    const rebookedLater = await bookStay(t.app, amina, stay.id, dates('2027-07-10', '2027-07-11'));
    await decide(await startBookingPayment(t.app, amina, rebookedLater), 'decline');
    expect((await trips(amina)).map((trip) => trip.id)).toEqual([rebooked.id, rebookedLater.id]);
    // Still answered by its id: the payment page may ask for it.
    expect(await tripOf(amina, declined.id)).toMatchObject({ status: 'expired' });
  });
});
