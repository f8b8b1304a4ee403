import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_MINUTES, PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { BOOKING_MAIL, HOST_BOOKING_MAIL, RECEIPT_MAIL, REFUND_MAIL } from '@sokoni/contracts/mail';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import type { Stay, Trip } from '@sokoni/contracts/stays';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { startFakePaystack } from '../../../test/fake-paystack.js';
import {
  bearer,
  bookStay,
  payBooking,
  registerUser,
  runLapseJob,
  runRefundJob,
  startBookingPayment,
  type RegisteredUser,
} from '../../../test/factories.js';
import { createStay } from '../../../test/stay-factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

const MINUTE = 60_000;
const LAPSE = (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
let clock = Date.parse('2026-12-01T06:00:00Z');
const FAST = { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } };
const dates = (startDate: string, endDate: string) => ({ startDate, endDate });

/** Each test's stay and people: a host, and guests of their own. */
type Cast = { host: RegisteredUser; stay: Stay; amina: RegisteredUser; brian: RegisteredUser };

async function cast(app: TestApp, title: string): Promise<Cast> {
  const host = await registerUser(app.app, { name: 'Wanjiru Kamau' });
  return {
    host,
    stay: await createStay(app.app, host, { title, location: 'Lake Road, Naivasha', pricePerNight: 6500 }),
    amina: await registerUser(app.app, { name: 'Amina Wanjiku Hassan' }),
    brian: await registerUser(app.app, { name: 'Brian Otieno' }),
  };
}

const initialize = (app: TestApp, guest: RegisteredUser, booking: { id: string }, amount: number) =>
  app.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(guest.token),
    payload: {
      email: guest.email,
      amount,
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      paymentType: 'booking',
      bookingId: booking.id,
    },
  });

const verify = async (app: TestApp, guest: RegisteredUser, reference: string) =>
  (
    await app.app.inject({ url: `/api/payments/verify?reference=${reference}`, headers: bearer(guest.token) })
  ).json<PaymentVerification>();

const tripOf = async (app: TestApp, guest: RegisteredUser, id: string) =>
  (await app.app.inject({ url: `/api/bookings/${id}`, headers: bearer(guest.token) })).json<Trip>();

const mailsTo = (app: TestApp, ...recipients: string[]) =>
  queryRows<{ recipient: string; subject: string; body: string; html: string | null }>(
    app.database.db,
    sql`select recipient, subject, body, html from mail_outbox
        where recipient in (${sql.join(
          recipients.map((recipient) => sql`${recipient}`),
          sql`, `,
        )})`,
  );

const paymentRow = async (app: TestApp, reference: string) =>
  (
    await queryRows<{ status: string; failure_reason: string | null; refund_status: string | null }>(
      app.database.db,
      sql`select status, failure_reason, refund_status from payments where reference = ${reference}`,
    )
  )[0];

describe('paying for a booking in the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, FAST);
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    clock += 60 * MINUTE;
  });

  const decide = (reference: string, decision: 'pay' | 'decline') =>
    t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/${decision}` });

  it('confirms the booking once however often it is settled, mailing the guest and the host once each', async () => {
    const { host, stay, amina } = await cast(t, 'Lakeside Cottage');
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-01-05', '2027-01-08'));
    const reference = await startBookingPayment(t.app, amina, booking);
    const page = await t.app.inject(`/api/payments/sandbox/${reference}`);
    expect(page.body).toContain('3 nights at Lakeside Cottage');
    expect(page.body).toContain('KES 19,500');

    await Promise.all([decide(reference, 'pay'), decide(reference, 'pay'), verify(t, amina, reference)]);
    expect(await verify(t, amina, reference)).toMatchObject({
      status: 'success',
      paymentType: 'booking',
      subjectId: booking.id,
      amount: 19_500,
      refund: null,
    });
    expect(await tripOf(t, amina, booking.id)).toMatchObject({ status: 'confirmed', holdExpiresAt: null });

    const mails = await mailsTo(t, amina.email, host.email);
    expect(mails.map((mail) => [mail.recipient, mail.subject]).sort()).toEqual(
      [
        [amina.email, BOOKING_MAIL.subject('Lakeside Cottage')],
        [
          amina.email,
          RECEIPT_MAIL.subject('3 nights at Lakeside Cottage, Tue, 5 Jan 2027 to Fri, 8 Jan 2027'),
        ],
        [host.email, HOST_BOOKING_MAIL.subject('Lakeside Cottage')],
      ].sort(),
    );
    const guestMail = mails.find((mail) => mail.subject === BOOKING_MAIL.subject('Lakeside Cottage'))!;
    for (const line of [
      BOOKING_MAIL.greeting('Amina Wanjiku Hassan'),
      BOOKING_MAIL.checkIn('Tue, 5 Jan 2027'),
      BOOKING_MAIL.checkOut('Fri, 8 Jan 2027'),
      BOOKING_MAIL.nights('3 nights'),
      BOOKING_MAIL.paid('KES 19,500'),
      BOOKING_MAIL.address('Lake Road, Naivasha'),
      BOOKING_MAIL.host('Wanjiru Kamau', host.email),
      BOOKING_MAIL.myTrips(`${t.config.publicUrl}/trips`),
    ]) {
      expect(guestMail.body).toContain(line);
    }
    expect(guestMail.html).toContain('Lakeside Cottage');
    const hostMail = mails.find((mail) => mail.recipient === host.email)!;
    for (const line of [
      HOST_BOOKING_MAIL.booked('Amina', 'Lakeside Cottage'),
      HOST_BOOKING_MAIL.checkIn('Tue, 5 Jan 2027'),
      HOST_BOOKING_MAIL.amount('KES 19,500'),
      HOST_BOOKING_MAIL.listings(`${t.config.publicUrl}/host/stays`),
    ]) {
      expect(hostMail.body).toContain(line);
    }
    // The host learns the guest's first name only, and never their e-mail.
    expect(hostMail.body).not.toContain('Wanjiku Hassan');
    expect(hostMail.body).not.toContain(amina.email);
  });

  it("prices the payment from the booking: another amount is refused with the booking's own", async () => {
    const { stay, amina } = await cast(t, 'Karen cottage');
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-01-05', '2027-01-08'));
    await t.database.db.execute(sql`update stays set price_per_night_cents = 100 where id = ${stay.id}`);
    for (const amount of [3, 19_499, 19_501]) {
      const response = await initialize(t, amina, booking, amount);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'AMOUNT_MISMATCH',
        message: PAYMENT_MESSAGES.amountMismatch('KES 19,500'),
      });
    }
    expect((await initialize(t, amina, booking, 19_500)).statusCode).toBe(200);
  });

  it('lets only the guest pay, once, and not for a cancelled booking', async () => {
    const { host, stay, amina, brian } = await cast(t, 'Nanyuki cabin');
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-02-01', '2027-02-02'));
    for (const stranger of [brian, host]) {
      const response = await initialize(t, stranger, booking, 6500);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'BOOKING_NOT_FOUND',
        message: STAY_MESSAGES.bookingNotFound,
      });
    }
    const unknown = await initialize(t, amina, { id: '00000000-0000-4000-8000-000000000000' }, 6500);
    expect(unknown.json().code).toBe('BOOKING_NOT_FOUND');

    await payBooking(t.app, amina, booking);
    const again = await initialize(t, amina, booking, 6500);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'BOOKING_CONFIRMED',
      message: STAY_MESSAGES.bookingAlreadyConfirmed,
    });

    const dropped = await bookStay(t.app, amina, stay.id, dates('2027-02-05', '2027-02-06'));
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${dropped.id}/cancel`,
      headers: bearer(amina.token),
    });
    const cancelled = await initialize(t, amina, dropped, 6500);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      code: 'BOOKING_NOT_HELD',
      message: STAY_MESSAGES.bookingNotHeld,
    });
  });

  it('lets the nights go when the payment is declined; paying again holds them again and confirms', async () => {
    const { stay, amina, brian } = await cast(t, 'Diani beach house');
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-03-01', '2027-03-04'));
    const declined = await startBookingPayment(t.app, amina, booking);
    await decide(declined, 'decline');
    expect(await tripOf(t, amina, booking.id)).toMatchObject({ status: 'expired' });
    // Free for anyone, at once.
    const probe = await t.app.inject({
      method: 'POST',
      url: `/api/stays/${stay.id}/book`,
      headers: bearer(brian.token),
      payload: dates('2027-03-03', '2027-03-04'),
    });
    expect(probe.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${probe.json().id}/cancel`,
      headers: bearer(brian.token),
    });

    const reference = await payBooking(t.app, amina, booking);
    expect((await verify(t, amina, reference)).status).toBe('success');
    expect(await tripOf(t, amina, booking.id)).toMatchObject({ status: 'confirmed' });
  });

  it('refuses to pay again after a decline once the nights went to someone else', async () => {
    const { stay, amina, brian } = await cast(t, 'Kisumu loft');
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-03-10', '2027-03-12'));
    await decide(await startBookingPayment(t.app, amina, booking), 'decline');
    await bookStay(t.app, brian, stay.id, dates('2027-03-11', '2027-03-13'));
    const again = await initialize(t, amina, booking, 13_000);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DATES_TAKEN', message: STAY_MESSAGES.datesBooked });
    expect(await tripOf(t, amina, booking.id)).toMatchObject({ status: 'expired' });
  });

  it('answers the open payment when the guest pays again on the same terms, and replaces it near its end', async () => {
    const { stay, amina } = await cast(t, 'Lamu Old Town house');
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-04-05', '2027-04-06'));
    const first = await startBookingPayment(t.app, amina, booking);
    clock += 5 * MINUTE;
    expect(await startBookingPayment(t.app, amina, booking)).toBe(first);
    // Less than two minutes of its hold left: a new payment, holding the nights afresh.
    clock += 9 * MINUTE;
    const second = await startBookingPayment(t.app, amina, booking);
    expect(second).not.toBe(first);
    expect(await paymentRow(t, first)).toMatchObject({ status: 'abandoned', failure_reason: 'superseded' });
    expect(await tripOf(t, amina, booking.id)).toMatchObject({
      status: 'held',
      holdExpiresAt: new Date(clock + PAYMENT_HOLD_MINUTES * MINUTE).toISOString(),
    });
  });

  it('replaces an open payment when the guest pays again on other terms: the earlier one is abandoned, the nights held once', async () => {
    const { stay, amina } = await cast(t, 'Lamu house');
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-04-01', '2027-04-02'));
    const first = await startBookingPayment(t.app, amina, booking);
    clock += 5 * MINUTE;
    const second = await startBookingPayment(t.app, { ...amina, email: 'amina.h@example.co.ke' }, booking);
    expect(await paymentRow(t, first)).toMatchObject({ status: 'abandoned', failure_reason: 'superseded' });
    expect(await tripOf(t, amina, booking.id)).toMatchObject({
      status: 'held',
      holdExpiresAt: new Date(clock + PAYMENT_HOLD_MINUTES * MINUTE).toISOString(),
    });
    await decide(second, 'pay');
    expect(await tripOf(t, amina, booking.id)).toMatchObject({ status: 'confirmed' });
  });

  it('still confirms a payment made after its hold lapsed while nobody took the nights, job run or not', async () => {
    const { stay, amina } = await cast(t, 'Watamu villa');
    const unnoticed = await bookStay(t.app, amina, stay.id, dates('2027-05-01', '2027-05-03'));
    const released = await bookStay(t.app, amina, stay.id, dates('2027-05-10', '2027-05-12'));
    const late = await startBookingPayment(t.app, amina, unnoticed);
    const later = await startBookingPayment(t.app, amina, released);
    clock += LAPSE;
    await decide(late, 'pay');
    await runLapseJob(t);
    expect(await paymentRow(t, later)).toMatchObject({ status: 'abandoned', failure_reason: 'hold_expired' });
    expect(await tripOf(t, amina, released.id)).toMatchObject({ status: 'expired' });
    await decide(later, 'pay');
    for (const [booking, reference] of [
      [unnoticed, late],
      [released, later],
    ] as const) {
      expect(await paymentRow(t, reference)).toMatchObject({ status: 'success', refund_status: null });
      expect(await tripOf(t, amina, booking.id)).toMatchObject({ status: 'confirmed' });
    }
  });

  it('refunds a payment that came after its lapsed nights went to another guest, and tells the payer', async () => {
    const { host, stay, amina, brian } = await cast(t, 'Naivasha lodge');
    const late = await bookStay(t.app, amina, stay.id, dates('2027-06-01', '2027-06-03'));
    const lateReference = await startBookingPayment(t.app, amina, late);
    clock += LAPSE;
    const onTime = await bookStay(t.app, brian, stay.id, dates('2027-06-02', '2027-06-04'));
    await payBooking(t.app, brian, onTime);
    await decide(lateReference, 'pay');

    await expect
      .poll(async () => verify(t, amina, lateReference), { timeout: 10_000 })
      .toMatchObject({ status: 'success', refund: 'refunded' });
    expect(await paymentRow(t, lateReference)).toMatchObject({ failure_reason: 'subject_unavailable' });
    expect(await tripOf(t, amina, late.id)).toMatchObject({ status: 'expired', refund: 'refunded' });
    expect(await tripOf(t, brian, onTime.id)).toMatchObject({ status: 'confirmed', refund: null });

    const mails = await mailsTo(t, amina.email, brian.email, host.email);
    expect(mails.map((mail) => [mail.recipient, mail.subject]).sort()).toEqual(
      [
        [amina.email, REFUND_MAIL.subject],
        [brian.email, BOOKING_MAIL.subject('Naivasha lodge')],
        [brian.email, RECEIPT_MAIL.subject('2 nights at Naivasha lodge, Wed, 2 Jun 2027 to Fri, 4 Jun 2027')],
        [host.email, HOST_BOOKING_MAIL.subject('Naivasha lodge')],
      ].sort(),
    );
    const refund = mails.find((mail) => mail.recipient === amina.email)!;
    expect(refund.body).toContain(STAY_MESSAGES.refundNotice('KES 13,000'));
    expect(refund.body).toContain(REFUND_MAIL.reference(lateReference));
  });
});

describe('paying for a booking with Paystack', () => {
  const SECRET = 'sk_test_b00k1ng5b00k1ng5';
  let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
  let t: TestApp;
  beforeAll(async () => {
    paystack = await startFakePaystack(SECRET);
    t = await createTestApp(
      { paymentsProvider: 'paystack', paystackSecretKey: SECRET, paystackBaseUrl: paystack.baseUrl },
      FAST,
    );
  });
  afterAll(async () => {
    await t?.close();
    await paystack?.close();
  });
  beforeEach(() => {
    clock += 60 * MINUTE;
  });

  const webhook = (event: object) => {
    const body = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', SECRET).update(body).digest('hex'),
      },
    });
  };
  const chargeSuccess = (reference: string, amount: number) =>
    webhook({ event: 'charge.success', data: { reference, status: 'success', amount, currency: 'KES' } });
  const refundRequests = (reference: string) =>
    paystack.requests.filter(
      (request) =>
        request.url === '/refund' && (request.body as { transaction: string }).transaction === reference,
    );

  /** A guest's payment that succeeds after its lapsed nights went to another guest. */
  async function latePayment(title: string) {
    const { stay, amina, brian } = await cast(t, title);
    const late = await bookStay(t.app, amina, stay.id, dates('2027-07-01', '2027-07-03'));
    const reference = await startBookingPayment(t.app, amina, late);
    clock += LAPSE;
    const onTime = await bookStay(t.app, brian, stay.id, dates('2027-07-01', '2027-07-02'));
    const onTimeReference = await startBookingPayment(t.app, brian, onTime);
    await chargeSuccess(onTimeReference, 650_000);
    return { amina, late, reference };
  }

  it('confirms once when the webhook and a verify both report the charge: one pair of e-mails and one receipt', async () => {
    const { host, stay, amina } = await cast(t, 'Malindi flat');
    const booking = await bookStay(t.app, amina, stay.id, dates('2027-07-10', '2027-07-12'));
    const reference = await startBookingPayment(t.app, amina, booking);
    paystack.setCharge(reference, { status: 'success' });
    await Promise.all([
      chargeSuccess(reference, 1_300_000),
      verify(t, amina, reference),
      chargeSuccess(reference, 1_300_000),
    ]);
    expect(await tripOf(t, amina, booking.id)).toMatchObject({ status: 'confirmed' });
    expect((await mailsTo(t, amina.email, host.email)).map((mail) => mail.recipient).sort()).toEqual(
      [amina.email, amina.email, host.email].sort(),
    );
  });

  it('asks Paystack once to refund a late payment; its refund.processed event marks it refunded', async () => {
    const { amina, late, reference } = await latePayment('Kericho tea cottage');
    await chargeSuccess(reference, 1_300_000);
    await expect.poll(() => refundRequests(reference).length, { timeout: 10_000 }).toBe(1);
    expect(refundRequests(reference)[0]?.body).toEqual({ transaction: reference, amount: 1_300_000 });
    expect(refundRequests(reference)[0]?.authorization).toBe(`Bearer ${SECRET}`);
    // Paystack queued it: pending, and not asked for again while it works on it.
    await runRefundJob(t);
    expect(refundRequests(reference)).toHaveLength(1);
    expect(await verify(t, amina, reference)).toMatchObject({ status: 'success', refund: 'pending' });
    expect(await tripOf(t, amina, late.id)).toMatchObject({ status: 'expired', refund: 'pending' });

    const processed = await webhook({
      event: 'refund.processed',
      data: { status: 'processed', transaction_reference: reference, amount: '1300000', currency: 'KES' },
    });
    expect(processed.statusCode).toBe(200);
    expect(await verify(t, amina, reference)).toMatchObject({ refund: 'refunded' });
    expect(await tripOf(t, amina, late.id)).toMatchObject({ status: 'expired', refund: 'refunded' });
  });

  it('marks the refund done at once when Paystack answers that it processed it', async () => {
    const { amina, reference } = await latePayment('Nyeri cabin');
    paystack.answerRefundsWith('processed');
    try {
      await chargeSuccess(reference, 1_300_000);
      await expect
        .poll(async () => (await verify(t, amina, reference)).refund, { timeout: 10_000 })
        .toBe('refunded');
      expect(refundRequests(reference)).toHaveLength(1);
    } finally {
      paystack.answerRefundsWith('pending');
    }
  });

  it("asks again later when Paystack refuses, and counts its 'fully reversed' answer as refunded", async () => {
    const { amina, reference } = await latePayment('Eldoret farmhouse');
    paystack.failNextWith(503, { status: false, message: 'Service unavailable' });
    await chargeSuccess(reference, 1_300_000);
    await expect.poll(() => refundRequests(reference).length, { timeout: 10_000 }).toBe(1);
    await runRefundJob(t);
    expect(refundRequests(reference)).toHaveLength(1);
    expect((await paymentRow(t, reference))?.refund_status).toBe('pending');

    clock += 11 * MINUTE;
    await runRefundJob(t);
    expect(refundRequests(reference)).toHaveLength(2);
    expect((await verify(t, amina, reference)).refund).toBe('pending');

    // Processed without a webhook reaching us: asked again hours later, Paystack says it is done.
    clock += 7 * 60 * MINUTE;
    await runRefundJob(t);
    expect(refundRequests(reference)).toHaveLength(3);
    expect((await verify(t, amina, reference)).refund).toBe('refunded');
    await runRefundJob(t);
    expect(refundRequests(reference)).toHaveLength(3);
  });
});
