import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAY_AMENITIES, addDays, nairobiToday, occupiedNights } from '@sokoni/contracts/stays-rules';
import type { StayFilters } from '@sokoni/contracts/stays';
import { seedStays } from '../../../bench/seed-stays.js';
import { seededRandom } from '../../../test/seeded-random.js';
import { createTestDatabase, queryRows } from '../../../test/test-app.js';
import { insertUser } from '../accounts/accounts.repository.js';
import { createStaysIndex, type IndexedStayFilters } from './stays-index.js';
import { countStays, findStays } from './stays.repository.js';

const testDb = await createTestDatabase();
const { db } = testDb.database;
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
});

const today = nairobiToday(Date.now());
const hosts: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 4; i += 1) {
    const user = await insertUser(db, {
      name: `Index Host ${i}`,
      email: `index-host-${i}@example.com`,
      passwordHash: 'not-a-real-hash',
    });
    hosts.push(user.id);
  }
  // 300 stays with 20 claims each on their nights: confirmed, blocked, held (live for a day, or
  // lapsed an hour ago), expired and cancelled; prices and mean ratings tie often.
  await seedStays(db, 300, 20, today);
});

function randomFilters(pick: (below: number) => number): IndexedStayFilters {
  const filters: IndexedStayFilters = { limit: 1 + pick(30), offset: pick(3) === 0 ? 0 : pick(200) };
  const amenities = STAY_AMENITIES.filter(() => pick(4) === 0);
  if (amenities.length > 0) filters.amenities = amenities;
  if (pick(3) === 0) filters.minPrice = 2500 + 100 * pick(160);
  if (pick(3) === 0) filters.maxPrice = 2500 + 100 * pick(200);
  if (pick(4) === 0) filters.guests = 1 + pick(10);
  if (pick(6) === 0) filters.host = hosts[pick(4)];
  if (pick(3) > 0) {
    filters.from = addDays(today, pick(370));
    filters.to = addDays(filters.from, 1 + pick(30));
  }
  const sort = pick(4);
  if (sort > 0) filters.sort = (['priceLowHigh', 'priceHighLow', 'rating'] as const)[sort - 1];
  return filters;
}

const nightsOf = (filters: IndexedStayFilters) =>
  filters.from && filters.to ? occupiedNights({ startDate: filters.from, endDate: filters.to }) : undefined;

async function fromDatabase(filters: IndexedStayFilters, at: Date) {
  const [records, total] = await Promise.all([
    findStays(db, filters as StayFilters, nightsOf(filters), at),
    countStays(db, filters as StayFilters, nightsOf(filters), at),
  ]);
  return { ids: records.map((record) => record.id), total };
}

describe('the stays index', () => {
  it('chooses every page and total exactly as the database does: nights, amenities, prices, sorts', async () => {
    const at = new Date();
    const index = createStaysIndex(db, () => at.getTime());
    const pick = seededRandom(13);
    for (let round = 0; round < 200; round += 1) {
      const filters = randomFilters(pick);
      expect({ filters, ...(await index.page(filters, nightsOf(filters), at)) }).toEqual({
        filters,
        ...(await fromDatabase(filters, at)),
      });
    }
  });

  it('frees the nights of a hold once its time is past, by the clock alone', async () => {
    const index = createStaysIndex(db, () => Date.now());
    const { rows } = (await db.execute(sql`select stay_id, start_date, end_date from stay_bookings
      where status = 'held' and hold_expires_at > now() order by id limit 1`)) as unknown as {
      rows: Array<{ stay_id: string; start_date: string; end_date: string }>;
    };
    const held = rows[0]!;
    const filters = { limit: 300, offset: 0, from: held.start_date, to: held.end_date };
    const now = new Date();
    const later = new Date(now.getTime() + 2 * 24 * 60 * 60 * 1000);
    expect((await index.page(filters, nightsOf(filters), now)).ids).not.toContain(held.stay_id);
    expect((await index.page(filters, nightsOf(filters), later)).ids).toContain(held.stay_id);
    expect(await index.page(filters, nightsOf(filters), later)).toEqual(await fromDatabase(filters, later));
  });

  it('reads a stay again once told its nights changed', async () => {
    const at = new Date();
    const index = createStaysIndex(db, () => at.getTime());
    const filters = { limit: 300, offset: 0, from: addDays(today, 2), to: addDays(today, 3) };
    const before = await index.page(filters, nightsOf(filters), at);
    // A free stay whose nights hold no row at all: a lapsed hold frees them for a search, but its
    // row stays (and keeps out an overlapping one) until the lapse job expires it.
    const listed = sql.join(
      before.ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const [free] = await queryRows<{ id: string }>(
      db,
      sql`select s.id from stays s where s.id in (${listed}) and not exists (
        select 1 from stay_bookings b where b.stay_id = s.id and b.status in ('held', 'confirmed', 'blocked')
          and daterange(b.start_date, b.start_date + b.nights, '[)') && daterange(${filters.from}::date, ${filters.to}::date, '[)'))
        limit 1`,
    );
    const stayId = free!.id;
    await db.execute(sql`insert into stay_bookings (stay_id, status, start_date, end_date, nights,
        price_per_night_cents, amount_cents, note)
      values (${stayId}, 'blocked', ${filters.from}, ${filters.to}, 1, 0, 0, 'Closed')`);
    expect(await index.page(filters, nightsOf(filters), at)).toEqual(before);
    index.forget(stayId);
    const after = await index.page(filters, nightsOf(filters), at);
    expect(after.ids).not.toContain(stayId);
    expect(after).toEqual(await fromDatabase(filters, at));
  });
});
