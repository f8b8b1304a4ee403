import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_MINUTES, PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import type { Event, TicketWithEvent } from '@sokoni/contracts/events';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { HOLD_MESSAGES } from '@sokoni/contracts/holds';
import { createEvent as createEventAs } from '../../../test/event-factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  registerUser,
  runLapseJob,
  uploadImage,
  type RegisteredUser,
} from '../../../test/factories.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let clock = Date.parse('2026-11-20T09:00:00Z');
let t: TestApp;
let organizer: RegisteredUser;
let amina: RegisteredUser;
let brian: RegisteredUser;
let image: string;
let event: Event;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
  organizer = await registerUser(t.app, { name: 'Wanjiru Kamau' });
  amina = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
  brian = await registerUser(t.app, { name: 'Brian' });
  image = await uploadImage(t.app, organizer.token, 'event-image');
});
afterAll(async () => t?.close());

const createEvent = (overrides: Record<string, unknown> = {}) =>
  createEventAs(t.app, organizer, {
    date: new Date(clock + 7 * DAY).toISOString(),
    image,
    ticketsAvailable: 3,
    ...overrides,
  });

beforeEach(async () => {
  clock += 60 * MINUTE;
  event = await createEvent();
});

const available = async (id = event.id) =>
  (await t.app.inject(`/api/events/${id}`)).json<Event>().ticketsAvailable;

const initialize = (
  buyer: RegisteredUser | null,
  quantity: number,
  amount = 2500 * quantity,
  id = event.id,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: buyer ? bearer(buyer.token) : {},
    payload: {
      email: buyer?.email ?? 'visitor@example.co.ke',
      amount,
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      paymentType: 'event',
      eventId: id,
      quantity,
    },
  });

async function startPaying(buyer: RegisteredUser, quantity = 1): Promise<string> {
  const response = await initialize(buyer, quantity);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { reference: string } }>().data.reference;
}

const decide = (reference: string, decision: 'pay' | 'decline') =>
  t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/${decision}` });

const holdStates = async (reference: string) =>
  (
    await queryRows<{ state: string }>(
      t.database.db,
      sql`select state from seat_holds where reference = ${reference}`,
    )
  ).map((row) => row.state);

const paymentRow = async (reference: string) =>
  (
    await queryRows<{ status: string; failure_reason: string | null }>(
      t.database.db,
      sql`select status, failure_reason from payments where reference = ${reference}`,
    )
  )[0];

const ticketsOf = async (reference: string) =>
  queryRows<{ id: string; quantity: number; user_id: string }>(
    t.database.db,
    sql`select id, quantity, user_id from tickets where payment_reference = ${reference}`,
  );

/** The short code the ticket was issued with (8 characters, no space). */
const shortCodeOf = async (ticketId: string) =>
  (
    await queryRows<{ short_code: string }>(
      t.database.db,
      sql`select short_code from tickets where id = ${ticketId}`,
    )
  )[0]!.short_code;

const myTickets = async (buyer: RegisteredUser) =>
  (await t.app.inject({ url: '/api/tickets/mine', headers: bearer(buyer.token) })).json<TicketWithEvent[]>();

describe('buying tickets: seats are held while the buyer pays', () => {
  it('holds the seats when payment starts: ticketsAvailable drops at once', async () => {
    const reference = await startPaying(amina, 2);
    expect(await available()).toBe(1);
    expect(await holdStates(reference)).toEqual(['held']);
  });

  it('refuses more seats than are left, naming how many, and says sold out when none are', async () => {
    await startPaying(amina, 2);
    const short = await initialize(brian, 2);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'NOT_ENOUGH_SEATS',
      message: EVENT_MESSAGES.notEnoughSeats('Blankets & Wine', 1),
    });
    await startPaying(brian, 1);
    const none = await initialize(await registerUser(t.app, { name: 'Otieno' }), 1);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'SOLD_OUT',
      message: EVENT_MESSAGES.soldOut('Blankets & Wine'),
    });
    expect(await available()).toBe(0);
  });

  it('prices the tickets from the database: another amount is refused with the right one', async () => {
    const response = await initialize(amina, 2, 2500);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'AMOUNT_MISMATCH',
      message: PAYMENT_MESSAGES.amountMismatch('KES 5,000'),
    });
    expect(await available()).toBe(3);
  });

  it('refuses a free event, a past event, an unknown event and a visitor', async () => {
    const free = await createEvent({ price: 0 });
    const paidFree = await initialize(amina, 1, 100, free.id);
    expect(paidFree.statusCode).toBe(400);
    expect(paidFree.json()).toMatchObject({ code: 'FREE_EVENT', message: EVENT_MESSAGES.invalidAmount });

    const unknown = await initialize(amina, 1, 2500, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('EVENT_NOT_FOUND');

    expect((await initialize(null, 1)).statusCode).toBe(401);

    const soon = await createEvent({ date: new Date(clock + 30 * MINUTE).toISOString() });
    clock += 31 * MINUTE;
    const past = await initialize(amina, 1, 2500, soon.id);
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: 'EVENT_PAST', message: EVENT_MESSAGES.eventPast });
  });

  it('lets the organizer buy tickets to their own event', async () => {
    const reference = await startPaying(organizer, 1);
    await decide(reference, 'pay');
    expect(await ticketsOf(reference)).toEqual([
      expect.objectContaining({ user_id: organizer.id, quantity: 1 }),
    ]);
  });

  it('gives the seats back at once when the hold lapses, with nothing run; the lapse job then releases it once', async () => {
    const reference = await startPaying(amina, 3);
    expect(await available()).toBe(0);
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    expect(await available()).toBe(3);
    expect(await holdStates(reference)).toEqual(['held']);

    await runLapseJob(t, 2);
    expect(await paymentRow(reference)).toEqual({ status: 'abandoned', failure_reason: 'hold_expired' });
    expect(await holdStates(reference)).toEqual(['released']);
    expect(await available()).toBe(3);
  });
});

describe('buying tickets: paid, declined, late', () => {
  it('issues exactly one unguessable ticket when the payment succeeds, however often it is settled', async () => {
    const reference = await startPaying(amina, 2);
    await Promise.all([decide(reference, 'pay'), decide(reference, 'pay')]);
    const verified = await t.app.inject({
      url: `/api/payments/verify?reference=${reference}`,
      headers: bearer(amina.token),
    });
    expect(verified.json()).toMatchObject({ status: 'success', paymentType: 'event', subjectId: event.id });

    const issued = await ticketsOf(reference);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.id).toMatch(/^tkt_[a-f0-9]{32}$/);
    expect(await holdStates(reference)).toEqual(['sold']);
    expect(await available()).toBe(1);

    const mine = (await myTickets(amina)).find((ticket) => ticket.id === issued[0]!.id);
    expect(mine).toMatchObject({
      eventId: event.id,
      userId: amina.id,
      quantity: 2,
      status: 'valid',
      checkedInAt: null,
      event: { id: event.id, title: 'Blankets & Wine', ticketsAvailable: 1 },
    });
  });

  it('gives the seats back when the payment is declined, so another buyer can have them', async () => {
    const first = await startPaying(amina, 3);
    await decide(first, 'decline');
    expect(await holdStates(first)).toEqual(['released']);
    expect(await ticketsOf(first)).toEqual([]);
    expect(await available()).toBe(3);
    const second = await startPaying(brian, 3);
    await decide(second, 'pay');
    expect(await ticketsOf(second)).toHaveLength(1);
    expect(await available()).toBe(0);
  });

  it('still issues the ticket to a payer who pays after the hold lapsed, while the seats are free', async () => {
    const reference = await startPaying(amina, 2);
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    await runLapseJob(t);
    await decide(reference, 'pay');
    expect(await paymentRow(reference)).toMatchObject({ status: 'success', failure_reason: null });
    expect(await ticketsOf(reference)).toHaveLength(1);
    expect(await available()).toBe(1);
  });

  it('marks a late payment for refund when its lapsed seats went to another buyer, selling nothing twice', async () => {
    const late = await startPaying(amina, 2);
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    const onTime = await startPaying(brian, 3);
    await decide(onTime, 'pay');
    await decide(late, 'pay');
    expect(await paymentRow(late)).toMatchObject({
      status: 'success',
      failure_reason: 'subject_unavailable',
    });
    expect(await ticketsOf(late)).toEqual([]);
    expect(await available()).toBe(0);
  });
});

describe('free events: tickets are claimed, not paid for', () => {
  const claim = (buyer: RegisteredUser | null, quantity: unknown, id = event.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${id}/tickets`,
      headers: buyer ? bearer(buyer.token) : {},
      payload: { quantity },
    });

  it('issues the ticket at once and counts its seats', async () => {
    const free = await createEvent({ price: '', ticketsAvailable: 20 });
    const response = await claim(amina, 2, free.id);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      eventId: free.id,
      userId: amina.id,
      quantity: 2,
      status: 'valid',
      checkedInAt: null,
    });
    expect(response.json().id).toMatch(/^tkt_[a-f0-9]{32}$/);
    expect(await available(free.id)).toBe(18);
  });

  it('refuses 0 or 11 tickets, more than are left, more than 10 per user, a paid event and a visitor', async () => {
    const free = await createEvent({ price: 0, ticketsAvailable: 12 });
    for (const quantity of [0, 11, 1.5]) {
      const response = await claim(amina, quantity, free.id);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(EVENT_MESSAGES.invalidAmount);
    }
    expect((await claim(amina, 8, free.id)).statusCode).toBe(201);
    const overLimit = await claim(amina, 3, free.id);
    expect(overLimit.statusCode).toBe(409);
    expect(overLimit.json()).toMatchObject({
      code: 'CLAIM_LIMIT',
      message: HOLD_MESSAGES.freeClaimLimit(10, 8, false),
    });
    const short = await claim(brian, 5, free.id);
    expect(short.json()).toMatchObject({
      code: 'NOT_ENOUGH_SEATS',
      message: EVENT_MESSAGES.notEnoughSeats('Blankets & Wine', 4),
    });
    const paid = await claim(amina, 1);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'PAID_EVENT', message: EVENT_MESSAGES.paidEvent });
    expect((await claim(null, 1, free.id)).statusCode).toBe(401);
    expect(await available(free.id)).toBe(4);
  });
});

describe('verifying tickets at the door', () => {
  let ticketId: string;

  beforeEach(async () => {
    const reference = await startPaying(amina, 2);
    await decide(reference, 'pay');
    ticketId = (await ticketsOf(reference))[0]!.id;
  });

  const verify = (caller: RegisteredUser | null, id: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/events/tickets/verify',
      headers: caller ? bearer(caller.token) : {},
      payload: { ticketId: id },
    });

  const scans = async (id: string) =>
    queryRows<{ result: string; scanned_by: string }>(
      t.database.db,
      sql`select result, scanned_by from ticket_scans where ticket_id = ${id} order by id`,
    );

  it("checks the ticket in for the event's organizer, naming the holder, the event and the seats", async () => {
    const response = await verify(organizer, ticketId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: EVENT_MESSAGES.verified,
      ticket: {
        user: { firstName: 'Amina', lastName: 'Wanjiku Hassan' },
        event: { title: 'Blankets & Wine' },
        quantity: 2,
      },
    });
    const [mine] = (await myTickets(amina)).filter((ticket) => ticket.id === ticketId);
    expect(mine?.checkedInAt).toBe(new Date(clock).toISOString());
  });

  it('refuses a second scan, saying whose ticket it is and when it was first checked in (Nairobi time)', async () => {
    const firstAt = clock;
    await verify(organizer, ticketId);
    clock += 5 * MINUTE;
    const again = await verify(organizer, ` ${ticketId} `);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_CHECKED_IN',
      message: EVENT_MESSAGES.alreadyCheckedIn('Amina Wanjiku Hassan', new Date(firstAt)),
    });
    // Said in Kenya's time (UTC+3), in words.
    const nairobi = new Date(firstAt + 3 * 60 * MINUTE);
    const day = `${nairobi.getUTCDate()} ${nairobi.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
    expect(again.json().message).toBe(
      `Already checked in: Amina Wanjiku Hassan's ticket, at ${nairobi.toISOString().slice(11, 16)} on ${day}`,
    );
  });

  it('checks a ticket in by its short code typed at the gate: any case, spaces and dashes ignored', async () => {
    const code = await shortCodeOf(ticketId);
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    const typed = `${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase();
    const response = await verify(organizer, typed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: EVENT_MESSAGES.verified,
      ticket: { user: { firstName: 'Amina', lastName: 'Wanjiku Hassan' }, quantity: 2 },
    });
    const again = await verify(organizer, `${code.slice(0, 4)}-${code.slice(4)}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      EVENT_MESSAGES.alreadyCheckedIn('Amina Wanjiku Hassan', new Date(clock)),
    );
    // Logged under the ticket's ID, whichever way it was typed.
    expect((await scans(ticketId)).map((scan) => scan.result)).toEqual(['checked_in', 'already_checked_in']);
    expect((await myTickets(amina)).find((ticket) => ticket.id === ticketId)?.shortCode).toBe(code);
  });

  it("answers a wrong short code, and another organizer's right one, with 'Ticket not found'", async () => {
    const code = await shortCodeOf(ticketId);
    const wrong = code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`;
    for (const [caller, typed] of [
      [organizer, wrong],
      [organizer, 'K7QM 4XP'],
      [brian, code],
    ] as const) {
      const response = await verify(caller, typed);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'TICKET_NOT_FOUND',
        message: EVENT_MESSAGES.ticketNotFound,
      });
    }
    expect((await myTickets(amina)).find((ticket) => ticket.id === ticketId)?.checkedInAt).toBeNull();
  });

  it('answers another user as for an unknown ticket, and a visitor with 401, checking nothing in', async () => {
    const foreign = await verify(brian, ticketId);
    const unknown = await verify(brian, 'tkt_00000000000000000000000000000000');
    // The same answer, so no one learns from the door which ticket IDs exist.
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'TICKET_NOT_FOUND',
      message: EVENT_MESSAGES.ticketNotFound,
    });
    expect((await verify(null, ticketId)).statusCode).toBe(401);
    const [mine] = (await myTickets(amina)).filter((ticket) => ticket.id === ticketId);
    expect(mine?.checkedInAt).toBeNull();
    expect((await verify(organizer, ticketId)).statusCode).toBe(200);
  });

  it("answers 404 'Ticket not found' for an id no ticket has, and asks for one when it is empty", async () => {
    for (const id of ['tkt_00000000000000000000000000000000', 'SOKONI-123', ticketId.toUpperCase()]) {
      const response = await verify(organizer, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'TICKET_NOT_FOUND',
        message: EVENT_MESSAGES.ticketNotFound,
      });
    }
    const empty = await verify(organizer, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(EVENT_MESSAGES.ticketIdRequired);
  });

  it('logs every scan: who, and what came of it', async () => {
    await verify(brian, ticketId);
    await verify(organizer, ticketId);
    await verify(organizer, ticketId);
    await verify(organizer, 'tkt_ffffffffffffffffffffffffffffffff');
    expect(await scans(ticketId)).toEqual([
      { result: 'not_organizer', scanned_by: brian.id },
      { result: 'checked_in', scanned_by: organizer.id },
      { result: 'already_checked_in', scanned_by: organizer.id },
    ]);
    expect(await scans('tkt_ffffffffffffffffffffffffffffffff')).toEqual([
      { result: 'not_found', scanned_by: organizer.id },
    ]);
  });
});

describe('My Tickets', () => {
  it("lists only the caller's tickets, upcoming events first, and refuses a visitor", async () => {
    const later = await createEvent({
      title: 'Koroga Festival',
      date: new Date(clock + 30 * DAY).toISOString(),
    });
    const sooner = await createEvent({
      title: 'Sauti za Busara',
      date: new Date(clock + 2 * DAY).toISOString(),
    });
    const fresh = await registerUser(t.app, { name: 'Zawadi Njoroge' });
    for (const id of [later.id, sooner.id]) {
      const response = await initialize(fresh, 1, 2500, id);
      await decide(response.json<{ data: { reference: string } }>().data.reference, 'pay');
    }
    const mine = await myTickets(fresh);
    expect(mine.map((ticket) => ticket.event.title)).toEqual(['Sauti za Busara', 'Koroga Festival']);
    expect(mine.every((ticket) => ticket.userId === fresh.id)).toBe(true);
    expect((await t.app.inject('/api/tickets/mine')).statusCode).toBe(401);
  });
});

describe('Add to calendar', () => {
  const calendarOf = (id: string, caller: RegisteredUser | null) =>
    t.app.inject({ url: `/api/tickets/${id}/calendar.ics`, headers: caller ? bearer(caller.token) : {} });

  /** The .ics files in the outbox, decoded: what the tickets' e-mails carry. */
  const mailedCalendars = async () =>
    (
      await queryRows<{ attachments: Array<{ contentType: string; content: string }> }>(
        t.database.db,
        sql`select attachments from mail_outbox`,
      )
    ).flatMap((row) =>
      row.attachments
        .filter((attachment) => attachment.contentType.startsWith('text/calendar'))
        .map((attachment) => Buffer.from(attachment.content, 'base64').toString('utf8')),
    );

  it("gives the holder the ticket's event as an .ics file, the very entry their e-mail carries", async () => {
    const reference = await startPaying(amina, 2);
    await decide(reference, 'pay');
    const [ticket] = await ticketsOf(reference);

    const response = await calendarOf(ticket!.id, amina);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="blankets-wine.ics"');
    // Lines longer than 75 octets are folded (CRLF and a space): joined again to be read.
    const calendar = response.body.replace(/\r\n[ \t]/g, '');
    const utc = event.date.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(calendar).toContain(`UID:${ticket!.id}\r\n`);
    expect(calendar).toContain('SUMMARY:Blankets & Wine\r\n');
    expect(calendar).toContain(`DTSTART:${utc}\r\n`);
    expect(calendar).toContain('LOCATION:Ngong Racecourse\\, Nairobi\r\n');
    const code = await shortCodeOf(ticket!.id);
    expect(calendar).toContain(
      `DESCRIPTION:Tickets: 2\\nTicket code: ${code.slice(0, 4)} ${code.slice(4)}\\nTicket ID: ${ticket!.id}\\nEvent page: ${t.config.publicUrl}/tickets/${event.id}\r\n`,
    );
    expect(await mailedCalendars()).toContain(response.body);
  });

  it("answers another user's ticket exactly like an unknown one, 404 'Ticket not found', and a visitor 401", async () => {
    const reference = await startPaying(amina, 1);
    await decide(reference, 'pay');
    const [ticket] = await ticketsOf(reference);
    for (const id of [ticket!.id, `tkt_${'0'.repeat(32)}`, 'not-a-ticket']) {
      const response = await calendarOf(id, brian);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'TICKET_NOT_FOUND',
        message: EVENT_MESSAGES.ticketNotFound,
      });
    }
    const visitor = await calendarOf(ticket!.id, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['content-type']).toMatch(/^application\/json/);
  });
});
