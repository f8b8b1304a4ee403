import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { formatStatementTime } from '@sokoni/contracts/earnings';
import type { Event } from '@sokoni/contracts/events';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { bearer, registerUser, uploadImage, type RegisteredUser } from '../../../test/factories.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let clock = Date.parse('2026-11-20T09:00:00Z');
let t: TestApp;
let organizer: RegisteredUser;
let other: RegisteredUser;
let buyer: RegisteredUser;
let image: string;
let otherImage: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  organizer = await registerUser(t.app, { name: 'Wanjiru Kamau' });
  other = await registerUser(t.app, { name: 'Otieno Ouma' });
  buyer = await registerUser(t.app, { name: 'Amina Hassan' });
  image = await uploadImage(t.app, organizer.token, 'event-image');
  otherImage = await uploadImage(t.app, other.token, 'event-image');
});
afterAll(async () => t?.close());

const inDays = (days: number) => new Date(clock + days * DAY).toISOString();

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Nairobi Jazz Night',
  date: inDays(10),
  location: 'Carnivore Grounds, Nairobi',
  image,
  price: 1500,
  description: 'Live jazz under the stars.',
  category: 'Concert',
  ticketsAvailable: 200,
  ...overrides,
});

const post = (body: object, token: string | null = organizer.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: token ? bearer(token) : {},
    payload: body,
  });

async function createEvent(overrides: Record<string, unknown> = {}, token = organizer.token): Promise<Event> {
  const response = await post(eventBody(overrides), token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

const patch = (id: string, body: object, token: string | null = organizer.token) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/events/${id}`,
    headers: token ? bearer(token) : {},
    payload: body,
  });

const pay = (token: string, email: string, eventId: string, quantity: number, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(token),
    payload: {
      email,
      amount,
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      paymentType: 'event',
      eventId,
      quantity,
    },
  });

async function buy(eventId: string, quantity: number, amount: number, settle?: 'pay' | 'decline') {
  const response = await pay(buyer.token, buyer.email, eventId, quantity, amount);
  expect(response.statusCode, response.body).toBe(200);
  const { reference } = response.json<{ data: { reference: string } }>().data;
  if (settle) await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/${settle}` });
  return reference;
}

describe('creating an event', () => {
  it('tells a visitor to log in to create an event', async () => {
    const response = await post(eventBody(), null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'AUTH_REQUIRED', message: EVENT_MESSAGES.loginRequired });
  });

  it('creates the event for the caller, whatever organizerId the body names', async () => {
    const response = await post(eventBody({ organizerId: other.id }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Nairobi Jazz Night',
      location: 'Carnivore Grounds, Nairobi',
      image,
      price: 1500,
      category: 'Concert',
      organizerId: organizer.id,
      organizer: { id: organizer.id, name: 'Wanjiru Kamau' },
      ticketsAvailable: 200,
      capacity: 200,
    });
    const created = response.json<Event>();
    expect(created.date).toBe(eventBody().date);
    expect((await t.app.inject(`/api/events/${created.id}`)).json()).toEqual(created);
  });

  it("refuses an event without an image with the spec's message", async () => {
    for (const body of [eventBody({ image: undefined }), eventBody({ image: '' })]) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(EVENT_MESSAGES.imageRequired);
    }
  });

  it("refuses an image that is not the organizer's own upload", async () => {
    const foreign = await post(eventBody({ image: otherImage }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'FOREIGN_IMAGE', message: EVENT_MESSAGES.foreignImage });
    const outside = await post(eventBody({ image: 'https://example.com/poster.jpg' }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(EVENT_MESSAGES.foreignImage);
  });

  it('refuses a date that is not in the future', async () => {
    for (const date of [new Date(clock - HOUR).toISOString(), new Date(clock).toISOString()]) {
      const response = await post(eventBody({ date }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'EVENT_DATE_PAST', message: EVENT_MESSAGES.datePast });
    }
    const missing = await post(eventBody({ date: 'next friday' }));
    expect(missing.json().message).toBe(EVENT_MESSAGES.dateRequired);
  });

  it('makes an empty price or number of tickets 0: a free event, with no seats', async () => {
    const blank = await createEvent({ price: '', ticketsAvailable: '' });
    expect(blank).toMatchObject({ price: 0, ticketsAvailable: 0, capacity: 0 });
    const nulls = await createEvent({ price: null, ticketsAvailable: null });
    expect(nulls).toMatchObject({ price: 0, ticketsAvailable: 0 });
    const left = await createEvent({ price: undefined, ticketsAvailable: undefined });
    expect(left).toMatchObject({ price: 0, ticketsAvailable: 0 });
  });

  it('refuses a negative or fractional price or number of tickets', async () => {
    for (const [field, value, message] of [
      ['price', -1, EVENT_MESSAGES.price],
      ['price', 10.005, EVENT_MESSAGES.price],
      ['ticketsAvailable', -5, EVENT_MESSAGES.tickets],
      ['ticketsAvailable', 2.5, EVENT_MESSAGES.tickets],
    ] as const) {
      const response = await post(eventBody({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const category = await post(eventBody({ category: 'Party' }));
    expect(category.json().message).toBe(EVENT_MESSAGES.category);
  });
});

describe('editing an event', () => {
  it('lets the organizer change it', async () => {
    const event = await createEvent();
    const response = await patch(event.id, { title: 'Nairobi Jazz Night II', price: 2000, date: inDays(20) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Nairobi Jazz Night II', price: 2000, date: inDays(20) });
  });

  it('refuses another user with 403 and a visitor with 401, changing nothing', async () => {
    const event = await createEvent();
    const foreign = await patch(event.id, { title: 'Mine now' }, other.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'NOT_OWNER', message: EVENT_MESSAGES.notOwner });
    const visitor = await patch(event.id, { title: 'Mine now' }, null);
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject(`/api/events/${event.id}`)).json()).toMatchObject({ title: event.title });
  });

  it('answers 404 for an event that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await patch(id, { title: 'Ghost' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'EVENT_NOT_FOUND', message: EVENT_MESSAGES.notFound });
      expect((await t.app.inject(`/api/events/${id}`)).statusCode).toBe(404);
    }
  });

  it('refuses moving the event into the past', async () => {
    const event = await createEvent();
    const response = await patch(event.id, { date: new Date(clock - DAY).toISOString() });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('EVENT_DATE_PAST');
  });

  it('moves an edited event in the list at once: its new date and category', async () => {
    const moved = await createEvent({ date: inDays(10), category: 'Concert' });
    const other = await createEvent({ date: inDays(12), category: 'Concert' });
    const listed = async (query = '') =>
      (await t.app.inject(`/api/events?limit=100${query}`)).json<Event[]>().map((event) => event.id);
    const before = await listed();
    expect(before.indexOf(moved.id)).toBeLessThan(before.indexOf(other.id));
    expect((await patch(moved.id, { date: inDays(14), category: 'Workshop' })).statusCode).toBe(200);
    const after = await listed();
    expect(after.indexOf(moved.id)).toBeGreaterThan(after.indexOf(other.id));
    expect(await listed('&category=Workshop')).toContain(moved.id);
    expect(await listed('&category=Concert')).not.toContain(moved.id);
  });

  it('changes the price only while no ticket is sold, saying how many are', async () => {
    const event = await createEvent({ price: 500, ticketsAvailable: 5 });
    expect((await patch(event.id, { price: 600 })).json()).toMatchObject({ price: 600 });
    await buy(event.id, 2, 1200, 'pay');
    const refused = await patch(event.id, { price: 700, title: 'Renamed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PRICE_LOCKED', message: EVENT_MESSAGES.priceLocked(2) });
    expect((await t.app.inject(`/api/events/${event.id}`)).json()).toMatchObject({
      price: 600,
      title: event.title,
    });
    // The edit form sends every field: the price as it stands passes with the other changes.
    const same = await patch(event.id, { price: 600, title: 'Renamed' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ price: 600, title: 'Renamed' });
  });

  it('raises the capacity, and never lowers it below the seats sold and held', async () => {
    const event = await createEvent({ price: 500, ticketsAvailable: 5 });
    await buy(event.id, 2, 1000, 'pay');
    await buy(event.id, 1, 500);
    const below = await patch(event.id, { capacity: 2 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'CAPACITY_BELOW_TAKEN',
      message: EVENT_MESSAGES.capacityBelowTaken(2, 1),
    });
    expect((await patch(event.id, { capacity: 3 })).json()).toMatchObject({
      capacity: 3,
      ticketsAvailable: 0,
    });
    expect((await patch(event.id, { capacity: 10 })).json()).toMatchObject({
      capacity: 10,
      ticketsAvailable: 7,
    });
  });
});

describe('a capacity cut while buyers claim the last seats at once', () => {
  it('never leaves more seats sold than the event has: the cut and the sales take the row in turn', async () => {
    const event = await createEvent({ price: 0, ticketsAvailable: 8 });
    const claimers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => registerUser(t.app, { name: `Claimer ${i}` })),
    );
    const claim = (claimer: RegisteredUser) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/tickets`,
        headers: bearer(claimer.token),
        payload: { quantity: 1 },
      });
    // The cut is sent amid the claims: on PostgreSQL they race; on PGlite they run one after another.
    const answers = await Promise.all([
      ...claimers.slice(0, 3).map(claim),
      patch(event.id, { capacity: 3 }),
      ...claimers.slice(3).map(claim),
    ]);
    const [cut] = answers.splice(3, 1);
    const claims = answers;

    const [row] = await queryRows<{ sold: number; capacity: number }>(
      t.database.db,
      sql`select sold, capacity from events where id = ${event.id}`,
    );
    const issued = claims.filter((claimed) => claimed.statusCode === 201);
    expect(row!.sold).toBe(issued.length);
    expect(row!.sold).toBeLessThanOrEqual(row!.capacity);
    for (const refused of claims.filter((claimed) => claimed.statusCode !== 201))
      expect(['SOLD_OUT', 'NOT_ENOUGH_SEATS']).toContain(refused.json().code);
    if (cut!.statusCode === 200) {
      expect(row!.capacity).toBe(3);
      expect(issued).toHaveLength(3);
    } else {
      // The cut came after more than 3 seats were sold: refused, the capacity as it was.
      expect(cut!.json().code).toBe('CAPACITY_BELOW_TAKEN');
      expect(row!.capacity).toBe(8);
      expect(issued).toHaveLength(6);
    }
  });
});

describe("an event's attendees", () => {
  const attendees = (id: string, token: string | null = organizer.token, query = '') =>
    t.app.inject({ url: `/api/events/${id}/attendees${query}`, headers: token ? bearer(token) : {} });
  const attendeesCsv = (id: string, token: string | null = organizer.token) =>
    t.app.inject({ url: `/api/events/${id}/attendees.csv`, headers: token ? bearer(token) : {} });
  const claim = (claimer: RegisteredUser, eventId: string, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/tickets`,
      headers: bearer(claimer.token),
      payload: { quantity },
    });

  it('lists each ticket holder with seats and check-in time to the organizer, paged and as a CSV file', async () => {
    const event = await createEvent({ title: 'Blankets & Wine', price: 0, ticketsAvailable: 20 });
    const formula = await registerUser(t.app, { name: '=HYPERLINK("http://evil.example")' });
    const quoted = await registerUser(t.app, { name: 'Otieno, "Baba" Brian' });
    expect((await claim(formula, event.id, 2)).statusCode).toBe(201);
    expect((await claim(quoted, event.id, 1)).statusCode).toBe(201);
    const ticket = (await claim(buyer, event.id, 3)).json<{ id: string }>();
    const checkedInAt = new Date(clock);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/events/tickets/verify',
      headers: bearer(organizer.token),
      payload: { ticketId: ticket.id },
    });
    expect(verified.statusCode).toBe(200);

    const list = await attendees(event.id);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.json()).toHaveLength(3);
    expect(list.json()).toEqual(
      expect.arrayContaining([
        { name: '=HYPERLINK("http://evil.example")', quantity: 2, checkedInAt: null },
        { name: 'Amina Hassan', quantity: 3, checkedInAt: checkedInAt.toISOString() },
        { name: 'Otieno, "Baba" Brian', quantity: 1, checkedInAt: null },
      ]),
    );
    const page = await attendees(event.id, organizer.token, '?limit=2&offset=2');
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('3');

    const file = await attendeesCsv(event.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="blankets-wine-attendees.csv"');
    const [header, ...rows] = file.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Name,Tickets,Checked in at (EAT)');
    expect(rows.sort()).toEqual(
      [
        '',
        // A name that a spreadsheet would run as a formula is kept as text; quotes and commas are escaped.
        `"'=HYPERLINK(""http://evil.example"")",2,`,
        `Amina Hassan,3,${formatStatementTime(checkedInAt)}`,
        `"Otieno, ""Baba"" Brian",1,`,
      ].sort(),
    );
  });

  it('shows them to the organizer only: 403 to another user, 401 to a visitor, 404 for no event', async () => {
    const event = await createEvent({ price: 0 });
    for (const call of [attendees, attendeesCsv]) {
      const foreign = await call(event.id, other.token);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'NOT_OWNER', message: EVENT_MESSAGES.notOwner });
      expect((await call(event.id, null)).statusCode).toBe(401);
      const unknown = await call('00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'EVENT_NOT_FOUND', message: EVENT_MESSAGES.notFound });
    }
  });
});

describe('the list of events', () => {
  let tag: string;
  let soon: Event;
  let later: Event;
  let workshop: Event;
  let gone: Event;

  beforeAll(async () => {
    tag = `zq${Math.floor(clock / 1000) % 100_000}`;
    gone = await createEvent({ title: `Morning run ${tag}`, category: 'Sports', date: inDays(1) });
    soon = await createEvent({ title: `Safari Sevens ${tag}`, category: 'Sports', date: inDays(3) });
    later = await createEvent({
      title: 'Coast Expo',
      location: `Mombasa ${tag}`,
      category: 'Exhibition',
      date: inDays(30),
    });
    workshop = await createEvent({
      title: 'Pottery for beginners',
      description: `Bring an apron. ${tag}`,
      category: 'Workshop',
      date: inDays(7),
    });
    // The morning run is over.
    clock += 2 * DAY;
  });

  const list = (query: string) => t.app.inject(`/api/events?q=${tag}${query}`);

  it('lists upcoming events soonest first and hides past ones unless asked', async () => {
    const upcoming = await list('');
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json<Event[]>().map((event) => event.id)).toEqual([soon.id, workshop.id, later.id]);
    expect(upcoming.headers['x-total-count']).toBe('3');
    const all = await list('&past=true');
    expect(all.json<Event[]>().map((event) => event.id)).toEqual([soon.id, workshop.id, later.id, gone.id]);
    expect(all.headers['x-total-count']).toBe('4');
  });

  it('searches title, location and description, and filters by category', async () => {
    const byLocation = await t.app.inject(`/api/events?q=${encodeURIComponent(`MOMBASA ${tag}`)}`);
    expect(byLocation.json<Event[]>().map((event) => event.id)).toEqual([later.id]);
    const byDescription = await t.app.inject(`/api/events?q=${encodeURIComponent(`apron. ${tag}`)}`);
    expect(byDescription.json<Event[]>().map((event) => event.id)).toEqual([workshop.id]);
    const sports = await list('&category=Sports&past=true');
    expect(sports.json<Event[]>().map((event) => event.id)).toEqual([soon.id, gone.id]);
    const unknown = await list('&category=Party');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(EVENT_MESSAGES.category);
  });

  it('pages with limit and offset, X-Total-Count carrying the total', async () => {
    const page = await list('&limit=2&offset=1');
    expect(page.json<Event[]>().map((event) => event.id)).toEqual([workshop.id, later.id]);
    expect(page.headers['x-total-count']).toBe('3');
    expect((await list('&limit=0')).statusCode).toBe(400);
  });
});

describe('the events list and an event’s page, served from memory for a few seconds', () => {
  it('shows a change made through this server at once, and one made by another process within 5 s', async () => {
    const tag = `cache${Date.now()}`;
    const event = await createEvent({ title: `Gengetone Live ${tag}`, ticketsAvailable: 200 });
    const seatsListed = async () =>
      (await t.app.inject(`/api/events?q=${tag}`)).json<Event[]>().map((listed) => listed.ticketsAvailable);
    const seatsOnPage = async () =>
      (await t.app.inject(`/api/events/${event.id}`)).json<Event>().ticketsAvailable;
    // A page is kept from its second asking.
    expect(await seatsListed()).toEqual([200]);
    expect(await seatsListed()).toEqual([200]);
    expect(await seatsOnPage()).toBe(200);

    // Another server process on the same database raises the capacity.
    await queryRows(t.database.db, sql`update events set capacity = 150 where id = ${event.id}`);
    expect(await seatsListed()).toEqual([200]);
    expect(await seatsOnPage()).toBe(200);
    clock += 5_001;
    expect(await seatsListed()).toEqual([150]);
    expect(await seatsOnPage()).toBe(150);

    expect((await patch(event.id, { capacity: 180 })).statusCode).toBe(200);
    expect(await seatsListed()).toEqual([180]);
    expect(await seatsOnPage()).toBe(180);
    // Seats held for a buyer paying, and given back when the payment is declined, show at once.
    const reference = await buy(event.id, 3, 4500);
    expect(await seatsOnPage()).toBe(177);
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/decline` });
    expect(await seatsOnPage()).toBe(180);
  });

  it('answers 304 to a phone asking again for the event it holds, until its organizer changes it', async () => {
    const event = await createEvent();
    const first = await t.app.inject(`/api/events/${event.id}`);
    const ask = () =>
      t.app.inject({
        url: `/api/events/${event.id}`,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
    const again = await ask();
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await patch(event.id, { title: 'Nairobi Jazz Night: the encore' })).statusCode).toBe(200);
    const changed = await ask();
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Event>().title).toBe('Nairobi Jazz Night: the encore');
  });
});

describe("an organizer's events", () => {
  it('shows tickets sold, revenue and checked in to the organizer only', async () => {
    const host = await registerUser(t.app, { name: 'Njeri Mwangi' });
    const poster = await uploadImage(t.app, host.token, 'event-image');
    const event = await createEvent({ image: poster, price: 750, ticketsAvailable: 50 }, host.token);
    await buy(event.id, 3, 2250, 'pay');
    await buy(event.id, 1, 750);
    const [ticket] = (await t.app.inject({ url: '/api/tickets/mine', headers: bearer(buyer.token) }))
      .json<Array<{ id: string; eventId: string }>>()
      .filter((held) => held.eventId === event.id);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/events/tickets/verify',
      headers: bearer(host.token),
      payload: { ticketId: ticket!.id },
    });
    expect(verified.statusCode).toBe(200);

    const own = await t.app.inject({ url: `/api/events/organizer/${host.id}`, headers: bearer(host.token) });
    expect(own.json()).toEqual([
      expect.objectContaining({
        id: event.id,
        ticketsAvailable: 46,
        capacity: 50,
        ticketsSold: 3,
        revenue: 2250,
        checkedIn: 3,
      }),
    ]);
    for (const headers of [bearer(other.token), {}]) {
      const seen = await t.app.inject({ url: `/api/events/organizer/${host.id}`, headers });
      expect(seen.statusCode).toBe(200);
      const [listed] = seen.json<Array<Record<string, unknown>>>();
      expect(listed).toMatchObject({ id: event.id, ticketsAvailable: 46 });
      expect(listed).not.toHaveProperty('ticketsSold');
      expect(listed).not.toHaveProperty('revenue');
      expect(listed).not.toHaveProperty('checkedIn');
    }
  });

  it('answers 404 for an organizer who does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      const response = await t.app.inject(`/api/events/organizer/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: AUTH_MESSAGES.userNotFound });
    }
  });
});
