import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CATEGORIES } from '@sokoni/contracts/events-rules';
import type { EventFilters } from '@sokoni/contracts/events';
import { seededRandom } from '../../../test/seeded-random.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { insertUser } from '../accounts/accounts.repository.js';
import { createEventsIndex, type IndexedEventFilters } from './events-index.js';
import { countEvents, findEvents, updateEvent } from './events.repository.js';

const testDb = await createTestDatabase();
const { db } = testDb.database;
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
});

/** The list's moment: some events are past, some to come, and a few start exactly then. */
const AT = new Date('2026-12-01T12:00:00Z');

beforeAll(async () => {
  const organizer = await insertUser(db, {
    name: 'Index Organizer',
    email: 'index-organizer@example.com',
    passwordHash: 'not-a-real-hash',
  });
  // 400 events over 40 instants (a microsecond apart in pairs) either side of AT: ties on purpose.
  await db.execute(sql`
    insert into events (title, description, location, image, category, starts_at, price_cents, capacity, organizer_id)
    select 'Event ' || g, 'For the index', 'Nairobi', '/api/uploads/sample/event.webp',
      (${`{${EVENT_CATEGORIES.join(',')}}`}::text[])[1 + g % 5],
      ${AT.toISOString()}::timestamptz + (((g % 40) - 20) || ' hours')::interval
        + (((g / 40) % 2) || ' microseconds')::interval,
      0, 100, ${organizer.id}
    from generate_series(1, 400) as g`);
});

async function fromDatabase(filters: IndexedEventFilters) {
  const [records, total] = await Promise.all([
    findEvents(db, filters as EventFilters, AT),
    countEvents(db, filters as EventFilters, AT),
  ]);
  return { ids: records.map((record) => record.id), total };
}

describe('the events index', () => {
  it('chooses every page and total exactly as the database does, past events and ties included', async () => {
    const index = createEventsIndex(db, () => AT.getTime());
    const pick = seededRandom(12);
    for (let round = 0; round < 200; round += 1) {
      const filters: IndexedEventFilters = { limit: 1 + pick(30), offset: pick(3) === 0 ? 0 : pick(420) };
      if (pick(2) === 0) filters.category = EVENT_CATEGORIES[pick(5)];
      if (pick(2) === 0) filters.past = pick(3) > 0;
      expect({ filters, ...(await index.page(filters, AT)) }).toEqual({
        filters,
        ...(await fromDatabase(filters)),
      });
    }
  });

  it('reads an event again once told it changed, and lists it where it now belongs', async () => {
    const index = createEventsIndex(db, () => AT.getTime());
    const soonest = { limit: 3, offset: 0, category: 'Workshop' } as const;
    const before = await index.page(soonest, AT);
    const last = (await index.page({ ...soonest, offset: before.total - 1 }, AT)).ids[0]!;

    await updateEvent(db, last, { startsAt: new Date(AT.getTime() + 60_000) });
    expect(await index.page(soonest, AT)).toEqual(before);
    index.forget(last);
    const after = await index.page(soonest, AT);
    expect(after.ids[0]).toBe(last);
    expect(after).toEqual(await fromDatabase(soonest));

    // An event that has started leaves the upcoming list by the clock alone.
    const later = new Date(AT.getTime() + 2 * 60_000);
    expect((await index.page(soonest, later)).ids).not.toContain(last);
  });
});
