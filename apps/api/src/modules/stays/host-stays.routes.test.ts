import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostListing, Stay, StayBlock } from '@sokoni/contracts/stays';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { bearer, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { createStay, insertStayBooking } from '../../../test/stay-factories.js';

const MINUTE = 60 * 1000;
// 23:30 in Nairobi on 20 November 2026 (20:30 UTC).
let clock = Date.parse('2026-11-20T20:30:00Z');
let t: TestApp;
let host: RegisteredUser;
let other: RegisteredUser;
let guest: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  host = await registerUser(t.app, { name: 'Njeri Mwangi' });
  other = await registerUser(t.app, { name: 'Otieno Ouma' });
  guest = await registerUser(t.app, { name: 'Amina Wanjiru Hassan' });
});
afterAll(async () => t?.close());

type Row = Parameters<typeof insertStayBooking>[1];
/** A booking written by SQL, which no write announces: the clock moves past the stays' pages' cache. */
const book = async (
  stay: Stay,
  status: Row['status'],
  startDate: string,
  endDate: string,
  extra: Partial<Row> = {},
) => {
  const id = await insertStayBooking(t.database.db, {
    stayId: stay.id,
    guestId: guest.id,
    status,
    startDate,
    endDate,
    ...extra,
  });
  clock += 5_001;
  return id;
};

const block = (stayId: string, body: object, token: string | null = host.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/stays/${stayId}/blocks`,
    headers: token ? bearer(token) : {},
    payload: body,
  });

const unblock = (stayId: string, blockId: string, token: string | null = host.token) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/stays/${stayId}/blocks/${blockId}`,
    headers: token ? bearer(token) : {},
  });

const hostListings = (token: string | null = host.token) =>
  t.app.inject({ url: '/api/host/stays', headers: token ? bearer(token) : {} });

const takenNights = async (stay: Stay) => (await t.app.inject(`/api/stays/${stay.id}`)).json<Stay>().bookings;

describe("a host's listings", () => {
  let cottage: Stay;
  let loft: Stay;

  beforeAll(async () => {
    cottage = await createStay(t.app, host, { title: 'Garden cottage', pricePerNight: 5000 });
    clock += MINUTE;
    loft = await createStay(t.app, host, { title: 'City loft', pricePerNight: 8000 });
    await createStay(t.app, other, { title: 'Not theirs' });
    await book(cottage, 'confirmed', '2026-11-01', '2026-11-04'); // over: 15,000 earned
    await book(cottage, 'confirmed', '2026-11-18', '2026-11-20'); // checks out today: 10,000 earned
    await book(cottage, 'held', '2026-11-22', '2026-11-24', { holdExpiresAt: new Date(clock + 10 * MINUTE) });
    await book(cottage, 'held', '2026-11-25', '2026-11-26', { holdExpiresAt: new Date(clock - MINUTE) });
    await book(cottage, 'cancelled', '2026-11-27', '2026-11-28');
    await book(cottage, 'confirmed', '2026-12-01', '2026-12-01'); // same day: one night, 5,000
    await book(cottage, 'blocked', '2026-11-05', '2026-11-18', { note: 'Over' });
    await book(cottage, 'blocked', '2026-12-10', '2026-12-12', { note: 'Roof repairs' });
  });

  it('shows each listing, newest first, with its bookings to come, blocks, earnings and calendar feed', async () => {
    const response = await hostListings();
    expect(response.statusCode).toBe(200);
    const listings = response.json<HostListing[]>();
    expect(listings.map((listing) => listing.id)).toEqual([loft.id, cottage.id]);
    const [loftListing, cottageListing] = listings;
    expect(loftListing).toMatchObject({ title: 'City loft', upcomingBookings: [], blocks: [], earnings: 0 });
    expect(cottageListing).toMatchObject({
      title: 'Garden cottage',
      pricePerNight: 5000,
      hostId: host.id,
      earnings: 30_000,
      upcomingBookings: [
        {
          id: expect.any(String),
          startDate: '2026-11-18',
          endDate: '2026-11-20',
          nights: 2,
          amount: 10_000,
          status: 'confirmed',
          guest: { firstName: 'Amina' },
        },
        {
          startDate: '2026-11-22',
          endDate: '2026-11-24',
          nights: 2,
          amount: 10_000,
          status: 'held',
          guest: { firstName: 'Amina' },
        },
        {
          startDate: '2026-12-01',
          endDate: '2026-12-01',
          nights: 1,
          amount: 5_000,
          status: 'confirmed',
          guest: { firstName: 'Amina' },
        },
      ],
      blocks: [
        { id: expect.any(String), startDate: '2026-12-10', endDate: '2026-12-12', note: 'Roof repairs' },
      ],
    });
    expect(cottageListing?.upcomingBookings).toHaveLength(3);
    expect(response.body).not.toContain(guest.email);
    expect(response.body).not.toContain('Hassan');
    for (const listing of listings) {
      expect(listing.calendarUrl).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:3000/api/stays/${listing.id}/calendar\\.ics\\?key=[0-9a-f]{32}$`),
      );
    }
    const keys = listings.map((listing) => new URL(listing.calendarUrl).searchParams.get('key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('shows another user only their own listings, and a visitor nothing', async () => {
    const foreign = await hostListings(other.token);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json<HostListing[]>().map((listing) => listing.title)).toEqual(['Not theirs']);
    expect(foreign.body).not.toContain(cottage.id);
    const nobody = await hostListings((await registerUser(t.app)).token);
    expect(nobody.json()).toEqual([]);
    expect((await hostListings(null)).statusCode).toBe(401);
  });

  it('never puts the calendar key anywhere but the host view', async () => {
    const [{ key } = { key: '' }] = await queryRows<{ key: string }>(
      t.database.db,
      sql`select calendar_token as key from stays where id = ${cottage.id}`,
    );
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    for (const url of [`/api/stays/${cottage.id}`, `/api/stays?host=${host.id}`])
      expect((await t.app.inject(url)).body).not.toContain(key);
  });
});

describe('blocking dates', () => {
  let stay: Stay;

  beforeAll(async () => {
    stay = await createStay(t.app, host, { title: 'Naivasha lake house' });
  });

  it('lets the host close nights, which then show as taken', async () => {
    const response = await block(stay.id, {
      startDate: '2026-12-10',
      endDate: '2026-12-13',
      note: ' Painting ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      startDate: '2026-12-10',
      endDate: '2026-12-13',
      note: 'Painting',
    });
    expect(await takenNights(stay)).toContainEqual({ startDate: '2026-12-10', endDate: '2026-12-13' });
  });

  it('takes today (in Nairobi) as the first night, and a same-day block as one night', async () => {
    const today = await block(stay.id, { startDate: '2026-11-20', endDate: '2026-11-20' });
    expect(today.statusCode, today.body).toBe(201);
    expect(await takenNights(stay)).toContainEqual({ startDate: '2026-11-20', endDate: '2026-11-21' });
  });

  it('refuses nights a booking, a live hold or another block holds, writing nothing', async () => {
    await book(stay, 'confirmed', '2026-12-20', '2026-12-23');
    await book(stay, 'held', '2026-12-26', '2026-12-28', { holdExpiresAt: new Date(clock + 10 * MINUTE) });
    const before = await takenNights(stay);
    for (const [startDate, endDate] of [
      ['2026-12-22', '2026-12-24'], // the confirmed stay's last night
      ['2026-12-15', '2026-12-30'], // around both
      ['2026-12-27', '2026-12-27'], // inside the hold
      ['2026-12-12', '2026-12-12'], // the block's last night
    ]) {
      const response = await block(stay.id, { startDate, endDate });
      expect(response.statusCode, `${startDate}–${endDate}`).toBe(409);
      expect(response.json()).toMatchObject({ code: 'DATES_TAKEN', message: STAY_MESSAGES.datesBooked });
    }
    expect(await takenNights(stay)).toEqual(before);
  });

  it('closes nights that touch a booking: its check-out day is a free night', async () => {
    for (const [startDate, endDate] of [
      ['2026-12-23', '2026-12-24'],
      ['2026-12-24', '2026-12-26'],
      ['2026-12-28', '2026-12-28'],
    ]) {
      expect((await block(stay.id, { startDate, endDate })).statusCode, `${startDate}–${endDate}`).toBe(201);
    }
  });

  it('takes the nights of a hold that lapsed, which it marks expired', async () => {
    const lapsed = await book(stay, 'held', '2027-01-05', '2027-01-08', {
      holdExpiresAt: new Date(clock - MINUTE),
    });
    const response = await block(stay.id, { startDate: '2027-01-06', endDate: '2027-01-07' });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from stay_bookings where id = ${lapsed}`,
    );
    expect(row?.status).toBe('expired');
  });

  it("words each broken date rule: past, backwards, too long, unreadable, and a note that's too long", async () => {
    const cases: Array<[object, string]> = [
      [{ startDate: '2026-11-19', endDate: '2026-11-22' }, STAY_MESSAGES.checkInPast],
      [{ startDate: '2027-02-10', endDate: '2027-02-09' }, STAY_MESSAGES.checkOutBeforeCheckIn],
      [{ startDate: '2027-03-01', endDate: '2028-03-01' }, STAY_MESSAGES.blockTooLong],
      [{ startDate: '2029-01-01', endDate: '2029-01-02' }, STAY_MESSAGES.tooFarAhead],
      [{ startDate: '2027-02-30', endDate: '2027-03-02' }, STAY_MESSAGES.datesRequired],
      [{ startDate: '2027-02-10' }, STAY_MESSAGES.datesRequired],
      [
        { startDate: '2027-02-10', endDate: '2027-02-12', note: 'x'.repeat(201) },
        STAY_MESSAGES.blockNoteTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await block(stay.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    // 365 nights is the most one block closes.
    const year = await block((await createStay(t.app, host)).id, {
      startDate: '2027-03-01',
      endDate: '2028-02-29',
    });
    expect(year.statusCode, year.body).toBe(201);
  });

  it('follows the day in Nairobi: at 00:10 there (21:10 UTC) the 20th is past', async () => {
    const later = await createStay(t.app, host);
    const before = clock;
    clock = Date.parse('2026-11-20T21:10:00Z');
    try {
      const response = await block(later.id, { startDate: '2026-11-20', endDate: '2026-11-21' });
      expect(response.json().message).toBe(STAY_MESSAGES.checkInPast);
      expect((await block(later.id, { startDate: '2026-11-21', endDate: '2026-11-21' })).statusCode).toBe(
        201,
      );
    } finally {
      clock = before;
    }
  });

  it('lets only the host block or open dates: another user gets 403, a visitor 401', async () => {
    const body = { startDate: '2027-04-01', endDate: '2027-04-02' };
    const foreign = await block(stay.id, body, other.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'NOT_HOST', message: STAY_MESSAGES.notHost });
    expect((await block(stay.id, body, null)).statusCode).toBe(401);
    const own = (await block(stay.id, body)).json<StayBlock>();
    const foreignDelete = await unblock(stay.id, own.id, other.token);
    expect(foreignDelete.statusCode).toBe(403);
    expect(foreignDelete.json().code).toBe('NOT_HOST');
    expect((await unblock(stay.id, own.id, null)).statusCode).toBe(401);
    expect(await takenNights(stay)).toContainEqual({ startDate: '2027-04-01', endDate: '2027-04-02' });
  });

  it('opens blocked nights again, once', async () => {
    const own = (await block(stay.id, { startDate: '2027-05-01', endDate: '2027-05-03' })).json<StayBlock>();
    const removed = await unblock(stay.id, own.id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await takenNights(stay)).not.toContainEqual({ startDate: '2027-05-01', endDate: '2027-05-03' });
    const again = await unblock(stay.id, own.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'BLOCK_NOT_FOUND', message: STAY_MESSAGES.blockNotFound });
  });

  it("answers 404 for a booking's id, another stay's block and an unknown stay", async () => {
    const booking = await book(stay, 'confirmed', '2027-06-01', '2027-06-03');
    expect((await unblock(stay.id, booking)).statusCode).toBe(404);
    expect(await takenNights(stay)).toContainEqual({ startDate: '2027-06-01', endDate: '2027-06-03' });
    const second = await createStay(t.app, host);
    const elsewhere = (
      await block(second.id, { startDate: '2027-06-10', endDate: '2027-06-11' })
    ).json<StayBlock>();
    expect((await unblock(stay.id, elsewhere.id)).statusCode).toBe(404);
    expect((await unblock(stay.id, 'not-an-id')).statusCode).toBe(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nowhere']) {
      const response = await block(id, { startDate: '2027-06-10', endDate: '2027-06-11' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'STAY_NOT_FOUND', message: STAY_MESSAGES.notFound });
      expect((await unblock(id, elsewhere.id)).statusCode).toBe(404);
    }
  });
});

type FeedEvent = { uid: string; start: string; end: string; summary: string };

/** The VEVENTs of an iCalendar text, unfolded (RFC 5545 §3.1). */
function feedEvents(text: string): FeedEvent[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: FeedEvent[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push({
        uid: current.UID ?? '',
        start: current.DTSTART ?? '',
        end: current.DTEND ?? '',
        summary: current.SUMMARY ?? '',
      });
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0] ?? '';
      current[name] = `${line.slice(0, colon).includes('VALUE=DATE') ? 'date:' : ''}${line.slice(colon + 1)}`;
    }
  }
  return events;
}

describe("a listing's calendar feed", () => {
  let stay: Stay;
  let feedUrl: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stay = await createStay(t.app, host, { title: 'Diani beach villa' });
    ids.longAgo = await book(stay, 'confirmed', '2026-08-01', '2026-08-05'); // out of the feed's 90 days
    ids.recent = await book(stay, 'confirmed', '2026-09-01', '2026-09-04');
    ids.confirmed = await book(stay, 'confirmed', '2026-12-01', '2026-12-04');
    ids.held = await book(stay, 'held', '2026-12-05', '2026-12-07', {
      holdExpiresAt: new Date(clock + 10 * MINUTE),
    });
    ids.lapsed = await book(stay, 'held', '2026-12-08', '2026-12-09', {
      holdExpiresAt: new Date(clock - MINUTE),
    });
    ids.cancelled = await book(stay, 'cancelled', '2026-12-10', '2026-12-12');
    ids.expired = await book(stay, 'expired', '2026-12-13', '2026-12-14', {
      holdExpiresAt: new Date(clock - MINUTE),
    });
    ids.sameDay = await book(stay, 'confirmed', '2026-12-20', '2026-12-20');
    ids.blocked = (
      await block(stay.id, { startDate: '2027-01-02', endDate: '2027-01-09', note: 'Family visit' })
    ).json<StayBlock>().id;
    const neighbour = await createStay(t.app, host);
    await book(neighbour, 'confirmed', '2026-12-01', '2026-12-04');
    const listing = (await hostListings()).json<HostListing[]>().find((item) => item.id === stay.id);
    feedUrl = new URL(listing!.calendarUrl).pathname + new URL(listing!.calendarUrl).search;
  });

  it('lists exactly the nights booked and blocked, all day from check-in to check-out, and nothing about who', async () => {
    const response = await t.app.inject(feedUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(feedEvents(response.body)).toEqual([
      { uid: `${ids.recent}@sokoni`, start: 'date:20260901', end: 'date:20260904', summary: 'Booked' },
      { uid: `${ids.confirmed}@sokoni`, start: 'date:20261201', end: 'date:20261204', summary: 'Booked' },
      { uid: `${ids.held}@sokoni`, start: 'date:20261205', end: 'date:20261207', summary: 'Booked' },
      { uid: `${ids.sameDay}@sokoni`, start: 'date:20261220', end: 'date:20261221', summary: 'Booked' },
      {
        uid: `${ids.blocked}@sokoni`,
        start: 'date:20270102',
        end: 'date:20270109',
        summary: 'Blocked: Family visit',
      },
    ]);
    for (const secret of [guest.name, 'Amina', guest.email, guest.id])
      expect(response.body).not.toContain(secret);
  });

  it('keeps each entry’s UID from one poll to the next, and follows blocks as they come and go', async () => {
    const extra = (
      await block(stay.id, { startDate: '2027-02-01', endDate: '2027-02-02' })
    ).json<StayBlock>();
    const uids = async () => feedEvents((await t.app.inject(feedUrl)).body).map((event) => event.uid);
    expect(await uids()).toContain(`${extra.id}@sokoni`);
    expect((await unblock(stay.id, extra.id)).statusCode).toBe(204);
    expect(await uids()).toEqual(
      [ids.recent, ids.confirmed, ids.held, ids.sameDay, ids.blocked].map((id) => `${id}@sokoni`),
    );
  });

  it('answers a wrong, missing or borrowed key like an unknown stay', async () => {
    const key = new URL(feedUrl, 'http://x').searchParams.get('key')!;
    const otherListing = (await hostListings()).json<HostListing[]>().find((item) => item.id !== stay.id)!;
    const otherKey = new URL(otherListing.calendarUrl).searchParams.get('key')!;
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    for (const url of [
      `/api/stays/${stay.id}/calendar.ics`,
      `/api/stays/${stay.id}/calendar.ics?key=`,
      `/api/stays/${stay.id}/calendar.ics?key=${wrongKey}`,
      `/api/stays/${stay.id}/calendar.ics?key=${otherKey}`,
      `/api/stays/${stay.id}/calendar.ics?key=${key.toUpperCase()}`,
      `/api/stays/${stay.id}/calendar.ics?key=${encodeURIComponent('é'.repeat(16))}`,
      `/api/stays/not-an-id/calendar.ics?key=${key}`,
      `/api/stays/00000000-0000-4000-8000-000000000000/calendar.ics?key=${key}`,
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'STAY_NOT_FOUND', message: STAY_MESSAGES.notFound });
    }
  });
});
