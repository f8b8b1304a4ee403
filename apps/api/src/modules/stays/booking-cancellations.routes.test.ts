import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CANCEL_MESSAGES,
  CANCELLATION_MAIL,
  type BookingCancellation,
  type CancellationPolicy,
} from '@sokoni/contracts/cancellations';
import type { CancelledTrip, Stay } from '@sokoni/contracts/stays';
import { STAY_MESSAGES, formatStayDay } from '@sokoni/contracts/stays-rules';
import { bearer, bookStay, payBooking, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { balancesOf, entriesOf, expectLedgerSound, refundsOf } from '../../../test/ledger-checks.js';
import { createStay } from '../../../test/stay-factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

// #27: a guest cancels a confirmed stay under the policy its host chose — flexible, moderate or
// strict — what it gives back refunded through the ledger out of the host's earning, the nights free
// again, both sides e-mailed.
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 09:00 in Nairobi: a check-in (14:00) `n` days ahead is n days and 5 hours away. */
const FIRST_DAY = Date.parse('2027-03-01T09:00:00+03:00');
let day = 0;
let clock = FIRST_DAY;
let t: TestApp;
/** Each test's host and guest, signed in on its day (a session lasts 7 days of the moving clock). */
let host: RegisteredUser;
let guest: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  day += 1;
  clock = FIRST_DAY + day * DAY;
  host = await registerUser(t.app, { name: 'Wanjiru Kamau' });
  guest = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
});

const stayWith = (cancellationPolicy: CancellationPolicy) =>
  createStay(t.app, host, {
    title: `Naivasha cottage (${cancellationPolicy})`,
    pricePerNight: 6500,
    cancellationPolicy,
  });

/** Nairobi's calendar day `days` after the clock's. */
const daysAhead = (days: number) => new Date(clock + days * DAY + 3 * HOUR).toISOString().slice(0, 10);

/** Two nights from `days` ahead (check-in `days` days and 5 hours away), booked and paid by the guest. */
async function paidStay(stay: Stay, days: number) {
  const dates = { startDate: daysAhead(days), endDate: daysAhead(days + 2) };
  const booking = await bookStay(t.app, guest, stay.id, dates);
  const reference = await payBooking(t.app, guest, booking);
  return { booking, reference, dates };
}

const cancel = (user: RegisteredUser, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: bearer(user.token) });
const preview = (user: RegisteredUser, id: string) =>
  t.app.inject({ url: `/api/bookings/${id}/cancellation`, headers: bearer(user.token) });
const mailsTo = (recipient: string, subject: string) =>
  queryRows<{ body: string }>(
    t.database.db,
    sql`select body from mail_outbox where recipient = ${recipient} and subject = ${subject} order by created_at`,
  );
const refundedAll = (reference: string) =>
  expect
    .poll(async () => (await refundsOf(t.database.db, reference)).map((refund) => refund.status), {
      timeout: 10_000,
    })
    .not.toContain('pending');

describe('POST /api/bookings/{id}/cancel (a confirmed stay)', () => {
  it('gives all back under moderate until 5 days before check-in, frees the nights and tells guest and host', async () => {
    const stay = await stayWith('moderate');
    const { booking, reference, dates } = await paidStay(stay, 5);
    // KES 13,000 less Sokoni's 10%, pending for the host until 24 h after check-in.
    expect(await balancesOf(t.database.db, host.id)).toMatchObject({ pending: 1_170_000 });
    expect((await preview(guest, booking.id)).json()).toEqual({
      policy: 'moderate',
      refundPercent: 100,
      refund: 13_000,
      canCancel: true,
    } satisfies BookingCancellation);

    const response = await cancel(guest, booking.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CancelledTrip>()).toMatchObject({
      id: booking.id,
      status: 'cancelled',
      cancelledAt: new Date(clock).toISOString(),
      refundAmount: 13_000,
      canCancel: false,
      message: CANCEL_MESSAGES.bookingCancelled('KES 13,000'),
    });
    expect(await balancesOf(t.database.db, host.id)).toMatchObject({ pending: 0, available: 0 });
    await refundedAll(reference);
    expect(
      (await refundsOf(t.database.db, reference)).map((refund) => [refund.amount_cents, refund.reason]),
    ).toEqual([[1_300_000, 'stay_cancelled']]);
    expect(await entriesOf(t.database.db, reference)).toEqual(['sale', 'refund', 'refund_paid']);
    await expectLedgerSound(t.database.db);

    // The nights are anyone's again.
    const other = await registerUser(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/stays/${stay.id}/book`,
      headers: bearer(other.token),
      payload: dates,
    });
    expect(again.statusCode, again.body).toBe(201);

    const checkIn = formatStayDay(dates.startDate);
    const [toGuest] = await mailsTo(guest.email, CANCELLATION_MAIL.stay.guestSubject(stay.title));
    expect(toGuest?.body).toContain(CANCELLATION_MAIL.stay.guestCancelled(stay.title, checkIn));
    expect(toGuest?.body).toContain(CANCELLATION_MAIL.refund('KES 13,000'));
    const [toHost] = await mailsTo(host.email, CANCELLATION_MAIL.stay.hostSubject(stay.title));
    expect(toHost?.body).toContain(CANCELLATION_MAIL.stay.hostCancelled('Amina', stay.title, checkIn));
    expect(toHost?.body).toContain(CANCELLATION_MAIL.stay.guestRefunded('KES 13,000'));
  });

  it.each([
    ['moderate', 4, 50, 6500],
    ['flexible', 1, 100, 13_000],
    ['flexible', 0, 0, 0],
    ['strict', 7, 50, 6500],
    ['strict', 6, 0, 0],
  ] as const)(
    'gives back under %s %i days (and 5 hours) before check-in: %i percent of the price',
    async (policy, days, percent, refund) => {
      const stay = await stayWith(policy);
      const { booking, reference } = await paidStay(stay, days);
      expect((await preview(guest, booking.id)).json()).toMatchObject({
        policy,
        refundPercent: percent,
        refund,
      });
      const response = await cancel(guest, booking.id);
      expect(response.statusCode, response.body).toBe(200);
      const kes = `KES ${refund.toLocaleString('en-KE')}`;
      expect(response.json()).toMatchObject({
        status: 'cancelled',
        refundAmount: refund,
        message: refund ? CANCEL_MESSAGES.bookingCancelled(kes) : CANCEL_MESSAGES.bookingCancelledNoRefund,
      });
      await refundedAll(reference);
      // Nothing due: no refund asked of the provider, and the host keeps their earning.
      expect((await refundsOf(t.database.db, reference)).map((row) => row.amount_cents)).toEqual(
        refund ? [refund * 100] : [],
      );
      expect((await balancesOf(t.database.db, host.id)).pending).toBe(1_170_000 - (refund * 100 * 9) / 10);
      const [toGuest] = await mailsTo(guest.email, CANCELLATION_MAIL.stay.guestSubject(stay.title));
      expect(toGuest?.body).toContain(
        refund ? CANCELLATION_MAIL.refund(kes) : CANCELLATION_MAIL.stay.noRefund,
      );
      await expectLedgerSound(t.database.db);
    },
  );

  it("refuses once check-in has come, twice, and someone else's booking; previews only a confirmed stay", async () => {
    const stay = await stayWith('flexible');
    const started = await paidStay(stay, 0);
    const { booking } = await paidStay(stay, 3);
    // Check-in (14:00) of the first has come.
    clock += 6 * HOUR;
    const refused = await cancel(guest, started.booking.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'BOOKING_STARTED',
      message: CANCEL_MESSAGES.bookingStarted,
    });
    expect((await preview(guest, started.booking.id)).json()).toMatchObject({
      refundPercent: 0,
      canCancel: false,
    });

    const stranger = await registerUser(t.app);
    const snooped = await cancel(stranger, booking.id);
    expect(snooped.statusCode).toBe(404);
    expect(snooped.json()).toMatchObject({
      code: 'BOOKING_NOT_FOUND',
      message: STAY_MESSAGES.bookingNotFound,
    });
    expect((await preview(stranger, booking.id)).statusCode).toBe(404);
    expect((await cancel(guest, booking.id)).statusCode).toBe(200);
    const twice = await cancel(guest, booking.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'ALREADY_CANCELLED',
      message: CANCEL_MESSAGES.alreadyCancelled,
    });
    const cancelled = await preview(guest, booking.id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      code: 'BOOKING_NOT_CONFIRMED',
      message: CANCEL_MESSAGES.bookingNotConfirmed,
    });
    // The stay that began is still the guest's, and the host's earning of it stands.
    const trips = await t.app.inject({
      url: `/api/bookings/${started.booking.id}`,
      headers: bearer(guest.token),
    });
    expect(trips.json()).toMatchObject({ status: 'confirmed', cancelledAt: null, canCancel: false });
  });
});

describe("a listing's cancellation policy", () => {
  it('is the host’s choice (moderate unless they choose), shown with the stay; another is refused', async () => {
    const stay = await createStay(t.app, host);
    expect(stay.cancellationPolicy).toBe('moderate');
    const change = (cancellationPolicy: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/stays/${stay.id}`,
        headers: bearer(host.token),
        payload: { cancellationPolicy },
      });
    expect((await change('strict')).statusCode).toBe(200);
    expect((await t.app.inject(`/api/stays/${stay.id}`)).json()).toMatchObject({
      cancellationPolicy: 'strict',
    });
    const wrong = await change('lenient');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: STAY_MESSAGES.cancellationPolicy,
    });
    expect((await t.app.inject(`/api/stays/${stay.id}`)).json()).toMatchObject({
      cancellationPolicy: 'strict',
    });
  });
});
