import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseBody, lessonBody } from '../test/course-factories.js';
import { createProduct } from '../test/factories.js';
import { accountsIn, call, serverProcessesOnTestDatabase } from '../test/server-processes.js';
import { SAMPLE_STAY_IMAGE, stayBody } from '../test/stay-factories.js';
import { queryRows } from '../test/test-app.js';
import { addDays, nairobiToday } from '@sokoni/contracts/stays-rules';

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const { testDb, servers } = await serverProcessesOnTestDatabase();

/** What "at once" means across processes: well inside the caches' 5 s time to live. */
const COHERENT_MS = 1000;

/** Asks `url` for `path` until `seen` holds of the answer; how long that took, or fails after COHERENT_MS. */
async function msUntil(url: string, path: string, seen: (body: unknown) => boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${url}${path}`);
    if (seen(await response.json())) return performance.now() - started;
    if (performance.now() - started > COHERENT_MS)
      throw new Error(`${path} on ${url} still stale after ${COHERENT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const titles = (body: unknown) => (body as Array<{ title: string }>).map((item) => item.title);

// Each process keeps pages in memory for seconds; a write through one must not leave the other
// serving the old answer for that long.
describe.runIf(usesPostgres)('caches across server processes (PostgreSQL)', () => {
  let reader: string;
  let writer: string;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    [reader, writer] = await Promise.all([servers.start().url, servers.start().url]);
    const email = `seller-${process.pid}-${Date.now()}@example.co.ke`;
    const { body } = await call(writer, '/api/auth/register', {
      method: 'POST',
      body: { name: 'Baraka Mwangi', email, password: 'Passw0rd!' },
    });
    token = body.access_token as string;
    const [user] = await queryRows<{ id: string }>(
      testDb.database.db,
      sql`select id from users where email = ${email}`,
    );
    userId = user!.id;
  });

  it('shows a price changed through one process on the other’s filtered page and product page within a second', async () => {
    const productId = await createProduct(testDb.database.db, userId, {
      title: 'Used Tecno Camon 20',
      priceCents: 1_800_000,
    });
    const page = `/api/products?minPrice=17000&seller=${userId}`;
    const priceOnPage = (body: unknown) => (body as Array<{ price: number }>)[0]?.price;
    // The reader has both answers cached now.
    expect(priceOnPage((await call(reader, page)).body as unknown)).toBe(18_000);
    expect((await call(reader, `/api/products/${productId}`)).body.price).toBe(18_000);

    const updated = await call(writer, `/api/products/${productId}`, {
      method: 'PUT',
      token,
      body: { price: 17_500 },
    });
    expect(updated.status).toBe(200);

    expect(await msUntil(reader, page, (body) => priceOnPage(body) === 17_500)).toBeLessThan(COHERENT_MS);
    expect(
      await msUntil(
        reader,
        `/api/products/${productId}`,
        (body) => (body as { price: number }).price === 17_500,
      ),
    ).toBeLessThan(COHERENT_MS);
  });

  it('lists an event and a stay created through one process on the other’s lists within a second', async () => {
    const eventTitle = `Kisumu Jazz Night ${Date.now()}`;
    const stayTitle = `Lakeside cottage ${Date.now()}`;
    const eventsPage = '/api/events?category=Concert';
    const staysPage = '/api/stays?q=Kisumu';
    expect(titles((await call(reader, eventsPage)).body)).not.toContain(eventTitle);
    expect(titles((await call(reader, staysPage)).body)).not.toContain(stayTitle);

    const event = await call(writer, '/api/events', {
      method: 'POST',
      token,
      body: {
        title: eventTitle,
        date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        location: 'Kisumu Impala Park',
        image: SAMPLE_STAY_IMAGE,
        price: 1500,
        description: 'Live jazz by the lake.',
        category: 'Concert',
        ticketsAvailable: 200,
      },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    const stay = await call(writer, '/api/stays', {
      method: 'POST',
      token,
      body: stayBody({ title: stayTitle, location: 'Dunga, Kisumu' }),
    });
    expect(stay.status, JSON.stringify(stay.body)).toBe(201);

    expect(await msUntil(reader, eventsPage, (body) => titles(body).includes(eventTitle))).toBeLessThan(
      COHERENT_MS,
    );
    expect(await msUntil(reader, staysPage, (body) => titles(body).includes(stayTitle))).toBeLessThan(
      COHERENT_MS,
    );
  });

  it('takes a stay off the other’s list for nights its host blocks through one process, within a second', async () => {
    const stay = await call(writer, '/api/stays', {
      method: 'POST',
      token,
      body: stayBody({ title: `Nanyuki cabin ${Date.now()}`, location: 'Nanyuki, Laikipia' }),
    });
    expect(stay.status, JSON.stringify(stay.body)).toBe(201);
    const stayId = (stay.body as { id: string }).id;
    const from = nairobiToday(Date.now() + 60 * 86_400_000);
    const to = addDays(from, 3);
    // The host's stays free for those nights: chosen by the reader's index, not by a search.
    const freePage = `/api/stays?host=${userId}&from=${from}&to=${to}`;
    const ids = (body: unknown) => (body as Array<{ id: string }>).map((item) => item.id);
    expect(ids((await call(reader, freePage)).body)).toContain(stayId);

    const block = await call(writer, `/api/stays/${stayId}/blocks`, {
      method: 'POST',
      token,
      body: { startDate: addDays(from, 1), endDate: addDays(from, 2), note: 'Roof repairs' },
    });
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    expect(await msUntil(reader, freePage, (body) => !ids(body).includes(stayId))).toBeLessThan(COHERENT_MS);
  });

  it('shows a stay edited and then booked through one process on the other’s page within a second', async () => {
    const stay = await call(writer, '/api/stays', {
      method: 'POST',
      token,
      body: stayBody({ title: `Diani beach house ${Date.now()}`, location: 'Diani, Kwale' }),
    });
    expect(stay.status, JSON.stringify(stay.body)).toBe(201);
    const page = `/api/stays/${(stay.body as { id: string }).id}`;
    // The reader keeps the page now.
    expect((await call(reader, page)).body.pricePerNight).toBe(6500);

    expect((await call(writer, page, { method: 'PUT', token, body: { pricePerNight: 7000 } })).status).toBe(
      200,
    );
    expect(
      await msUntil(reader, page, (body) => (body as { pricePerNight: number }).pricePerNight === 7000),
    ).toBeLessThan(COHERENT_MS);

    const [guest] = await accountsIn(testDb, 1, `stay-guest-${Date.now()}`);
    const startDate = nairobiToday(Date.now() + 40 * 86_400_000);
    const endDate = addDays(startDate, 2);
    const booked = await call(writer, `${page}/book`, {
      method: 'POST',
      token: guest!.token,
      body: { startDate, endDate },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const nights = (body: unknown) => JSON.stringify((body as { bookings: unknown }).bookings);
    expect(
      await msUntil(reader, page, (body) => nights(body) === JSON.stringify([{ startDate, endDate }])),
    ).toBeLessThan(COHERENT_MS);
  });

  it('shows seats claimed through one process on the other’s event page, and a learner enrolled on its course page, within a second', async () => {
    const event = await call(writer, '/api/events', {
      method: 'POST',
      token,
      body: {
        title: `Open mic night ${Date.now()}`,
        date: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        location: 'Alliance Française, Nairobi',
        image: SAMPLE_STAY_IMAGE,
        price: 0,
        description: 'Poetry and song.',
        category: 'Concert',
        ticketsAvailable: 40,
      },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    const eventPage = `/api/events/${(event.body as { id: string }).id}`;
    const course = await call(writer, '/api/courses', { method: 'POST', token, body: courseBody() });
    expect(course.status, JSON.stringify(course.body)).toBe(201);
    const coursePage = `/api/courses/${(course.body as { id: string }).id}`;
    expect(
      (await call(writer, `${coursePage}/lessons`, { method: 'POST', token, body: lessonBody() })).status,
    ).toBe(201);
    expect((await call(writer, `${coursePage}/publish`, { method: 'POST', token })).status).toBe(200);
    // The reader keeps both pages now.
    expect((await call(reader, eventPage)).body.ticketsAvailable).toBe(40);
    expect((await call(reader, coursePage)).body.enrolledCount).toBe(0);

    const [guest] = await accountsIn(testDb, 1, `claimer-${Date.now()}`);
    const claimed = await call(writer, `${eventPage}/tickets`, {
      method: 'POST',
      token: guest!.token,
      body: { quantity: 2 },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    expect(
      await msUntil(
        reader,
        eventPage,
        (body) => (body as { ticketsAvailable: number }).ticketsAvailable === 38,
      ),
    ).toBeLessThan(COHERENT_MS);
    const enrolled = await call(writer, `${coursePage}/enroll`, { method: 'POST', token: guest!.token });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    expect(
      await msUntil(reader, coursePage, (body) => (body as { enrolledCount: number }).enrolledCount === 1),
    ).toBeLessThan(COHERENT_MS);
  });

  it('takes a product an admin hides through one process off the other’s catalogue and page within a second, and back on restore', async () => {
    const listed = await call(writer, '/api/products', {
      method: 'POST',
      token,
      body: {
        title: 'Suspiciously cheap TV',
        description: 'A 55-inch TV for a tenth of its price.',
        price: 4500,
        category: 'electronics',
        condition: 'New',
        sellerContact: '0712 345 678',
        shopLocation: 'Nairobi',
        image: [SAMPLE_STAY_IMAGE],
        stock: 3,
      },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const productId = (listed.body as { id: string }).id;
    const page = `/api/products?seller=${userId}&limit=100`;
    const has = (body: unknown) => titles(body).includes('Suspiciously cheap TV');
    expect(has((await call(reader, page)).body)).toBe(true);
    expect((await call(reader, `/api/products/${productId}`)).status).toBe(200);
    const sellerPage = `/api/sellers/${userId}`;
    const listings = (await call(reader, sellerPage)).body.listingCount as number;
    const countsListings = (count: number) => (body: unknown) =>
      (body as { listingCount: number }).listingCount === count;
    // A reporter opens the case; an admin (made so in the database, then signed in) decides it.
    const signUp = async (name: string) => {
      const email = `${name}-${process.pid}-${Date.now()}@example.co.ke`;
      await call(writer, '/api/auth/register', {
        method: 'POST',
        body: { name, email, password: 'Passw0rd!' },
      });
      return email;
    };
    const reporter = await call(writer, '/api/auth/login', {
      method: 'POST',
      body: { email: await signUp('reporter'), password: 'Passw0rd!' },
    });
    const reported = await call(writer, '/api/reports', {
      method: 'POST',
      token: reporter.body.access_token as string,
      body: { subject: 'product', subjectId: productId, reason: 'scam' },
    });
    expect(reported.status).toBe(201);
    const adminEmail = await signUp('admin');
    await testDb.database.db.execute(sql`update users set role = 'admin' where email = ${adminEmail}`);
    const admin = await call(writer, '/api/auth/login', {
      method: 'POST',
      body: { email: adminEmail, password: 'Passw0rd!' },
    });
    const [found] = await queryRows<{ id: string }>(
      testDb.database.db,
      sql`select id from moderation_cases where subject_id = ${productId}`,
    );
    const decide = (action: 'hide' | 'restore') =>
      call(writer, `/api/admin/reports/${found!.id}/resolve`, {
        method: 'POST',
        token: admin.body.access_token as string,
        body: { action, reason: action === 'hide' ? 'Counterfeit goods' : '' },
      });

    expect((await decide('hide')).status).toBe(200);
    expect(await msUntil(reader, page, (body) => !has(body))).toBeLessThan(COHERENT_MS);
    expect((await call(reader, `/api/products/${productId}`)).status).toBe(404);
    expect(await msUntil(reader, sellerPage, countsListings(listings - 1))).toBeLessThan(COHERENT_MS);
    expect((await decide('restore')).status).toBe(200);
    expect(await msUntil(reader, page, has)).toBeLessThan(COHERENT_MS);
    expect((await call(reader, `/api/products/${productId}`)).status).toBe(200);
  });
});
