import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckInSyncResult, DoorList, Event } from '@sokoni/contracts/events';
import { CHECK_INS_PER_SYNC, DOOR_MESSAGES, EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { createEvent } from '../../../test/event-factories.js';
import { bearer, registerUser, uploadImage, type RegisteredUser } from '../../../test/factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

// #29: the door scanner offline. A door device saves the event's tickets, checks them in offline and
// syncs: a ticket's earliest scan wins, a retried sync is told the same, a ticket refunded since the
// list was saved is refused.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Ahead of the database's own clock, which stamps when tickets are issued: every scan time a test
// sends is after its tickets were issued, as at a real door.
let clock = Date.now() + 24 * HOUR;
let t: TestApp;
let organizer: RegisteredUser;
let amina: RegisteredUser;
let brian: RegisteredUser;
let image: string;
let event: Event;
/** Amina's ticket (2 seats) and Brian's (1 seat) of `event`. */
let aminas: { id: string; shortCode: string };
let brians: { id: string; shortCode: string };
/** Two door devices, new for each test. */
let deviceA: string;
let deviceB: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  organizer = await registerUser(t.app, { name: 'Wanjiru Kamau' });
  amina = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
  brian = await registerUser(t.app, { name: 'Brian Otieno' });
  image = await uploadImage(t.app, organizer.token, 'event-image');
});
afterAll(async () => t?.close());

const freeEvent = () =>
  createEvent(t.app, organizer, {
    date: new Date(clock + 7 * 24 * HOUR).toISOString(),
    image,
    price: 0,
    ticketsAvailable: 10,
  });

const claim = async (holder: RegisteredUser, quantity: number, id = event.id) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/events/${id}/tickets`,
    headers: bearer(holder.token),
    payload: { quantity },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; shortCode: string }>();
};

beforeEach(async () => {
  clock += HOUR;
  deviceA = randomUUID();
  deviceB = randomUUID();
  event = await freeEvent();
  aminas = await claim(amina, 2);
  brians = await claim(brian, 1);
});

const doorList = (id = event.id, caller: RegisteredUser | null = organizer) =>
  t.app.inject({ url: `/api/events/${id}/door-list`, headers: caller ? bearer(caller.token) : {} });

const sync = (payload: object, id = event.id, caller: RegisteredUser | null = organizer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${id}/check-ins`,
    headers: caller ? bearer(caller.token) : {},
    payload,
  });

/** Syncs one device's check-ins (ticket, minutes before now), answering their outcomes. */
/** The organizer's door checks a ticket online (no device): POST /events/tickets/verify. */
const verifyOnline = (ticketId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/events/tickets/verify',
    headers: bearer(organizer.token),
    payload: { ticketId },
  });

async function syncFrom(deviceId: string, checkIns: Array<[ticketId: string, minutesAgo: number]>) {
  const response = await sync({
    deviceId,
    checkIns: checkIns.map(([ticketId, minutesAgo]) => ({
      ticketId,
      scannedAt: new Date(clock - minutesAgo * MINUTE).toISOString(),
    })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CheckInSyncResult>().outcomes;
}

const ago = (minutes: number) => new Date(clock - minutes * MINUTE).toISOString();
const checkedIn = (ticketId: string, minutesAgo: number) => ({
  ticketId,
  outcome: 'checked_in',
  checkedInAt: ago(minutesAgo),
  message: EVENT_MESSAGES.verified,
});
const elsewhere = (ticketId: string, minutesAgo: number) => ({
  ticketId,
  outcome: 'already_checked_in',
  checkedInAt: ago(minutesAgo),
  message: DOOR_MESSAGES.elsewhere(ago(minutesAgo)),
});

/** The ticket as the door list has it now. */
const onTheList = async (ticketId: string) =>
  (await doorList()).json<DoorList>().tickets.find((ticket) => ticket.id === ticketId);

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const scansOf = (deviceId: string) =>
  queryRows<{ ticket_id: string; result: string; scanned_by: string; scanned_at: string }>(
    t.database.db,
    sql`select ticket_id, result, scanned_by, ${iso('scanned_at')} as scanned_at
        from ticket_scans where device = ${deviceId} order by id`,
  );

describe('GET /api/events/{id}/door-list', () => {
  it('gives the organizer every ticket with its code, holder, seats and check-in, refunded ones too', async () => {
    const verified = await verifyOnline(aminas.id);
    expect(verified.statusCode).toBe(200);

    const response = await doorList();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      event: {
        id: event.id,
        title: 'Blankets & Wine',
        date: event.date,
        location: 'Ngong Racecourse, Nairobi',
        cancelled: false,
      },
      // In the order they were issued.
      tickets: [
        {
          id: aminas.id,
          shortCode: aminas.shortCode,
          holderName: 'Amina Wanjiku Hassan',
          quantity: 2,
          status: 'valid',
          checkedInAt: new Date(clock).toISOString(),
          checkedInDevice: null,
        },
        {
          id: brians.id,
          shortCode: brians.shortCode,
          holderName: 'Brian Otieno',
          quantity: 1,
          status: 'valid',
          checkedInAt: null,
          checkedInDevice: null,
        },
      ],
      savedAt: new Date(clock).toISOString(),
    });
    expect(aminas.shortCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel`,
      headers: bearer(organizer.token),
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (await doorList()).json<DoorList>();
    expect(after.event.cancelled).toBe(true);
    expect(after.tickets.map((ticket) => [ticket.id, ticket.status])).toEqual([
      [aminas.id, 'refunded'],
      [brians.id, 'refunded'],
    ]);
  });

  it('shows it to the organizer only: 403 to another user, 401 to a visitor, 404 for no event', async () => {
    const foreign = await doorList(event.id, amina);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'NOT_OWNER', message: EVENT_MESSAGES.notOwner });
    expect((await doorList(event.id, null)).statusCode).toBe(401);
    const unknown = await doorList('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'EVENT_NOT_FOUND', message: EVENT_MESSAGES.notFound });
  });
});

describe('POST /api/events/{id}/check-ins', () => {
  it('checks tickets in at their scan times, by ID or typed code, tells a retried sync the same, and logs each scan with its device', async () => {
    const typed = `${aminas.shortCode.slice(0, 4)} ${aminas.shortCode.slice(4)}`.toLowerCase();
    const batch: Array<[string, number]> = [
      [brians.id, 20],
      [typed, 10],
      // The same ticket again in one batch: the first scan counts.
      [brians.id, 5],
    ];
    const first = await syncFrom(deviceA, batch);
    const told = [checkedIn(brians.id, 20), checkedIn(typed, 10), checkedIn(brians.id, 20)];
    expect(first).toEqual(told);
    expect(await onTheList(brians.id)).toMatchObject({ checkedInAt: ago(20), checkedInDevice: deviceA });
    expect(await onTheList(aminas.id)).toMatchObject({ checkedInAt: ago(10), checkedInDevice: deviceA });

    clock += 2 * MINUTE;
    const again = await syncFrom(
      deviceA,
      batch.map(([id, minutes]) => [id, minutes + 2]),
    );
    expect(again).toEqual(told);
    expect(await onTheList(brians.id)).toMatchObject({ checkedInAt: ago(22), checkedInDevice: deviceA });

    const logged = { result: 'checked_in', scanned_by: organizer.id };
    expect(await scansOf(deviceA)).toEqual([
      { ...logged, ticket_id: brians.id, scanned_at: ago(22) },
      { ...logged, ticket_id: aminas.id, scanned_at: ago(12) },
      { ...logged, ticket_id: brians.id, scanned_at: ago(7) },
      { ...logged, ticket_id: brians.id, scanned_at: ago(22) },
      { ...logged, ticket_id: aminas.id, scanned_at: ago(12) },
      { ...logged, ticket_id: brians.id, scanned_at: ago(7) },
    ]);
  });

  it('lets the earliest scan win: a later one is told when and that it was on another device, an earlier one takes the check-in', async () => {
    expect(await syncFrom(deviceA, [[aminas.id, 10]])).toEqual([checkedIn(aminas.id, 10)]);
    // Device B scanned it later: refused, told when device A let it in.
    expect(await syncFrom(deviceB, [[aminas.id, 5]])).toEqual([elsewhere(aminas.id, 10)]);
    expect(DOOR_MESSAGES.elsewhere(ago(10))).toMatch(/^Already checked in at \d\d:\d\d on another device$/);
    // Device B also scanned it earlier (the same person let in twice at two doors): that scan wins.
    expect(await syncFrom(deviceB, [[aminas.id, 15]])).toEqual([checkedIn(aminas.id, 15)]);
    expect(await onTheList(aminas.id)).toMatchObject({ checkedInAt: ago(15), checkedInDevice: deviceB });
    // Device A sends its check-in again: now it is told of device B's earlier one.
    expect(await syncFrom(deviceA, [[aminas.id, 10]])).toEqual([elsewhere(aminas.id, 15)]);

    // Checked in online at the door (no device), then found scanned earlier offline: the offline scan wins.
    const online = await verifyOnline(brians.id);
    expect(online.statusCode).toBe(200);
    expect(await onTheList(brians.id)).toMatchObject({
      checkedInAt: new Date(clock).toISOString(),
      checkedInDevice: null,
    });
    expect(await syncFrom(deviceA, [[brians.id, 1]])).toEqual([checkedIn(brians.id, 1)]);
    expect(await onTheList(brians.id)).toMatchObject({ checkedInAt: ago(1), checkedInDevice: deviceA });
    expect(await scansOf(deviceB)).toEqual([
      expect.objectContaining({ result: 'already_checked_in', scanned_at: ago(5) }),
      expect.objectContaining({ result: 'checked_in', scanned_at: ago(15) }),
    ]);
  });

  it("refuses a ticket refunded after the list was saved, naming its holder, and another event's or an unknown ticket as not found", async () => {
    const other = await freeEvent();
    const elsewhereTicket = await claim(amina, 1, other.id);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel`,
      headers: bearer(organizer.token),
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const unknown = 'tkt_00000000000000000000000000000000';
    const outcomes = await syncFrom(deviceA, [
      [aminas.id, 3],
      [elsewhereTicket.id, 2],
      [elsewhereTicket.shortCode, 2],
      [unknown, 1],
    ]);
    const notFound = { outcome: 'not_found', checkedInAt: null, message: EVENT_MESSAGES.ticketNotFound };
    expect(outcomes).toEqual([
      {
        ticketId: aminas.id,
        outcome: 'refunded',
        checkedInAt: null,
        message: DOOR_MESSAGES.refundedSince('Amina Wanjiku Hassan'),
      },
      { ticketId: elsewhereTicket.id, ...notFound },
      { ticketId: elsewhereTicket.shortCode, ...notFound },
      { ticketId: unknown, ...notFound },
    ]);
    expect(await onTheList(aminas.id)).toMatchObject({ status: 'refunded', checkedInAt: null });
    const otherList = await doorList(other.id);
    expect(otherList.json<DoorList>().tickets[0]).toMatchObject({ checkedInAt: null });
    expect((await scansOf(deviceA)).map((scan) => [scan.ticket_id, scan.result])).toEqual([
      [aminas.id, 'refunded'],
      [elsewhereTicket.id, 'not_found'],
      [elsewhereTicket.shortCode, 'not_found'],
      [unknown, 'not_found'],
    ]);
  });

  it('takes a scan time in the future as now, and one before the ticket (or for an unknown one, the event) existed as then', async () => {
    const unknown = 'tkt_00000000000000000000000000000000';
    const response = await sync({
      deviceId: deviceA,
      checkIns: [
        { ticketId: aminas.id, scannedAt: ago(-60) },
        { ticketId: brians.id, scannedAt: '2001-01-01T00:00:00+03:00' },
        // Year 0, which the database has no such day of.
        { ticketId: unknown, scannedAt: '0000-01-01T00:00:00Z' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [issued] = await queryRows<{ ticket: string; event: string }>(
      t.database.db,
      sql`select ${iso('t.created_at')} as ticket, ${iso('e.created_at')} as event
          from tickets t join events e on e.id = t.event_id where t.id = ${brians.id}`,
    );
    expect(response.json<CheckInSyncResult>().outcomes.map((outcome) => outcome.checkedInAt)).toEqual([
      new Date(clock).toISOString(),
      issued!.ticket,
      null,
    ]);
    expect(await onTheList(aminas.id)).toMatchObject({ checkedInAt: new Date(clock).toISOString() });
    expect((await scansOf(deviceA)).map((scan) => scan.scanned_at)).toEqual([
      new Date(clock).toISOString(),
      issued!.ticket,
      issued!.event,
    ]);
  });

  it('refuses bad input with its message, writing nothing, and anyone but the organizer', async () => {
    const checkIn = { ticketId: aminas.id, scannedAt: ago(1) };
    const refusals: Array<[object, string]> = [
      [{ deviceId: deviceA, checkIns: [] }, DOOR_MESSAGES.checkInsRequired],
      [
        { deviceId: deviceA, checkIns: Array.from({ length: CHECK_INS_PER_SYNC + 1 }, () => checkIn) },
        DOOR_MESSAGES.tooManyCheckIns,
      ],
      [{ deviceId: 'front-door', checkIns: [checkIn] }, DOOR_MESSAGES.deviceRequired],
      [{ checkIns: [checkIn] }, DOOR_MESSAGES.deviceRequired],
      [
        { deviceId: deviceA, checkIns: [{ ticketId: aminas.id, scannedAt: 'at 19:02' }] },
        DOOR_MESSAGES.scannedAtInvalid,
      ],
    ];
    for (const [payload, message] of refusals) {
      const response = await sync(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const payload = { deviceId: deviceA, checkIns: [checkIn] };
    const foreign = await sync(payload, event.id, amina);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'NOT_OWNER', message: EVENT_MESSAGES.notOwner });
    expect((await sync(payload, event.id, null)).statusCode).toBe(401);
    const unknown = await sync(payload, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'EVENT_NOT_FOUND', message: EVENT_MESSAGES.notFound });

    expect(await onTheList(aminas.id)).toMatchObject({ checkedInAt: null, checkedInDevice: null });
    expect(await scansOf(deviceA)).toEqual([]);
  });
});
