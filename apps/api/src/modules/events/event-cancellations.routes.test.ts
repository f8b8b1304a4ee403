import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_MESSAGES, CANCELLATION_MAIL } from '@sokoni/contracts/cancellations';
import type { Event, TicketWithEvent } from '@sokoni/contracts/events';
import { EVENT_MESSAGES, formatNairobiTime } from '@sokoni/contracts/events-rules';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import { createEvent } from '../../../test/event-factories.js';
import { bearer, registerUser, uploadImage, type RegisteredUser } from '../../../test/factories.js';
import { balancesOf, expectLedgerSound, refundsOf } from '../../../test/ledger-checks.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

// #27: an organizer cancels their event: every ticket refunded through the ledger out of their
// earning of each payment, every holder and the organizer e-mailed, and from then on nothing of it is
// sold or claimed and the door refuses its tickets.
const HOUR = 60 * 60 * 1000;
let clock = Date.parse('2026-11-20T09:00:00Z');
let t: TestApp;
let organizer: RegisteredUser;
let amina: RegisteredUser;
let brian: RegisteredUser;
let image: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
  organizer = await registerUser(t.app, { name: 'Wanjiru Kamau' });
  amina = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
  brian = await registerUser(t.app, { name: 'Brian Otieno' });
  image = await uploadImage(t.app, organizer.token, 'event-image');
});
afterAll(async () => t?.close());

const eventIn = (hours: number, overrides: Record<string, unknown> = {}) =>
  createEvent(t.app, organizer, {
    date: new Date(clock + hours * HOUR).toISOString(),
    image,
    ticketsAvailable: 10,
    ...overrides,
  });

const initialize = (buyer: RegisteredUser, event: Event, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(buyer.token),
    payload: {
      email: buyer.email,
      amount: event.price * quantity,
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      paymentType: 'event',
      eventId: event.id,
      quantity,
    },
  });

async function startPaying(buyer: RegisteredUser, event: Event, quantity: number): Promise<string> {
  const response = await initialize(buyer, event, quantity);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { reference: string } }>().data.reference;
}

const pay = (reference: string) =>
  t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });
const buy = async (buyer: RegisteredUser, event: Event, quantity: number) => {
  const reference = await startPaying(buyer, event, quantity);
  await pay(reference);
  return reference;
};
const cancelEvent = (user: RegisteredUser, id: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/events/${id}/cancel`, headers: bearer(user.token), payload });
const myTicketsOf = async (buyer: RegisteredUser, eventId: string) =>
  (await t.app.inject({ url: '/api/tickets/mine', headers: bearer(buyer.token) }))
    .json<TicketWithEvent[]>()
    .filter((ticket) => ticket.eventId === eventId);
const mailsTo = (recipient: string, subject: string) =>
  queryRows<{ body: string }>(
    t.database.db,
    sql`select body from mail_outbox where recipient = ${recipient} and subject = ${subject} order by created_at`,
  );

describe('POST /api/events/{id}/cancel', () => {
  it('refunds every paid ticket through the ledger, tells each holder and the organizer, and sells and admits no one after', async () => {
    const event = await eventIn(72, { title: 'Blankets & Wine', price: 2500 });
    const before = await balancesOf(t.database.db, organizer.id);
    const paid = [await buy(amina, event, 2), await buy(brian, event, 1), await buy(amina, event, 1)];
    // Another buyer is still paying when the event is cancelled.
    const kevin = await registerUser(t.app, { name: 'Kevin Mutua' });
    const late = await startPaying(kevin, event, 1);
    // KES 10,000 less Sokoni's 5%, pending for the organizer until the day after the event.
    expect((await balancesOf(t.database.db, organizer.id)).pending).toBe(before.pending + 950_000);

    const response = await cancelEvent(organizer, event.id, { reason: 'The venue flooded.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: CANCEL_MESSAGES.eventCancelled, refund: 10_000 });
    expect((await balancesOf(t.database.db, organizer.id)).pending).toBe(before.pending);
    await expect
      .poll(async () => Promise.all(paid.map(async (reference) => refundsOf(t.database.db, reference))), {
        timeout: 10_000,
      })
      .toEqual([
        [expect.objectContaining({ amount_cents: 500_000, status: 'refunded', reason: 'event_cancelled' })],
        [expect.objectContaining({ amount_cents: 250_000, status: 'refunded', reason: 'event_cancelled' })],
        [expect.objectContaining({ amount_cents: 250_000, status: 'refunded', reason: 'event_cancelled' })],
      ]);

    expect((await t.app.inject(`/api/events/${event.id}`)).json()).toMatchObject({
      cancelled: true,
      ticketsAvailable: 0,
    });
    const tickets = await myTicketsOf(amina, event.id);
    expect(tickets.map((ticket) => [ticket.quantity, ticket.status, ticket.event.cancelled])).toEqual([
      [2, 'refunded', true],
      [1, 'refunded', true],
    ]);

    const [toAmina, ...more] = await mailsTo(amina.email, CANCELLATION_MAIL.event.holderSubject(event.title));
    expect(more).toEqual([]);
    expect(toAmina?.body).toContain(
      CANCELLATION_MAIL.event.holderCancelled(event.title, formatNairobiTime(event.date)),
    );
    expect(toAmina?.body).toContain(CANCELLATION_MAIL.event.reason('The venue flooded.'));
    expect(toAmina?.body).toContain(CANCELLATION_MAIL.refund('KES 7,500'));
    const [toBrian] = await mailsTo(brian.email, CANCELLATION_MAIL.event.holderSubject(event.title));
    expect(toBrian?.body).toContain(CANCELLATION_MAIL.refund('KES 2,500'));
    const [toOrganizer] = await mailsTo(
      organizer.email,
      CANCELLATION_MAIL.event.organizerSubject(event.title),
    );
    expect(toOrganizer?.body).toContain(CANCELLATION_MAIL.event.organizerCancelled(event.title, 4));
    expect(toOrganizer?.body).toContain(CANCELLATION_MAIL.event.holdersRefunded('KES 10,000'));

    // The door refuses its tickets; no one starts paying; a payment under way is given back whole.
    const door = await t.app.inject({
      method: 'POST',
      url: '/api/events/tickets/verify',
      headers: bearer(organizer.token),
      payload: { ticketId: tickets[0]!.id },
    });
    expect(door.statusCode).toBe(409);
    expect(door.json()).toMatchObject({ code: 'EVENT_CANCELLED', message: CANCEL_MESSAGES.checkInCancelled });
    const refused = await initialize(brian, event, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'EVENT_CANCELLED', message: CANCEL_MESSAGES.eventClosed });
    await pay(late);
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              url: `/api/payments/verify?reference=${late}`,
              headers: bearer(kevin.token),
            })
          ).json<PaymentVerification>().refund,
        { timeout: 10_000 },
      )
      .toBe('refunded');
    expect(await myTicketsOf(kevin, event.id)).toEqual([]);
    await expectLedgerSound(t.database.db);
  });

  it('refunds nothing of free tickets but tells their holders; refuses twice, a past event and anyone but the organizer', async () => {
    const free = await eventIn(48, { title: 'Nairobi Tech Meetup', price: 0 });
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/events/${free.id}/tickets`,
      headers: bearer(amina.token),
      payload: { quantity: 2 },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const stranger = await cancelEvent(brian, free.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'NOT_OWNER', message: EVENT_MESSAGES.notOwner });
    const long = await cancelEvent(organizer, free.id, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Keep the reason under 500 characters.',
    });

    const response = await cancelEvent(organizer, free.id);
    expect(response.json()).toEqual({ message: CANCEL_MESSAGES.eventCancelled, refund: 0 });
    expect((await myTicketsOf(amina, free.id)).map((ticket) => ticket.status)).toEqual(['refunded']);
    const [toAmina] = await mailsTo(amina.email, CANCELLATION_MAIL.event.holderSubject(free.title));
    expect(toAmina?.body).toContain(CANCELLATION_MAIL.event.freeTickets);
    const twice = await cancelEvent(organizer, free.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'ALREADY_CANCELLED',
      message: CANCEL_MESSAGES.alreadyCancelled,
    });
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/events/${free.id}/tickets`,
      headers: bearer(brian.token),
      payload: { quantity: 1 },
    });
    expect(claim.json()).toMatchObject({ code: 'EVENT_CANCELLED', message: CANCEL_MESSAGES.eventClosed });

    const soon = await eventIn(1, { title: 'Sunrise run' });
    clock += 2 * HOUR;
    const past = await cancelEvent(organizer, soon.id);
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: 'EVENT_PAST', message: CANCEL_MESSAGES.eventPast });
    expect((await t.app.inject(`/api/events/${soon.id}`)).json()).toMatchObject({ cancelled: false });
    expect((await cancelEvent(organizer, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });
});
