import { sql } from 'drizzle-orm';
import { EVENT_CATEGORIES } from '@sokoni/contracts/events-rules';
import type { Db } from '../src/db/client.js';
import { textArray } from './text-array.js';

/** Four kinds of event per category, in EVENT_CATEGORIES' order. */
const KINDS = [
  ['Jazz Night', 'Gospel Concert', 'Benga Live', 'Afro-pop Festival'],
  ['Tech Summit', 'Agri Forum', 'Health Conference', 'Startup Pitch Day'],
  ['Pottery Workshop', 'Coding Bootcamp', 'Beadwork Class', 'Photography Walk'],
  ['Half Marathon', 'Cycling Challenge', 'Rugby Sevens', 'Football Cup'],
  ['Art Fair', 'Book Fair', 'Motor Show', 'Craft Expo'],
].flat();
const TOWNS = [
  'Nairobi',
  'Mombasa',
  'Kisumu',
  'Nakuru',
  'Eldoret',
  'Naivasha',
  'Diani',
  'Lamu',
  'Thika',
  'Nyeri',
  'Machakos',
  'Kericho',
];

/**
 * `count` events generated inside the database in one statement, organized by the users already there
 * (the catalogue's sellers): a year of them from two months back, so about one in six is past; a
 * quarter free; some seats sold.
 */
export async function seedEvents(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    with arrays as (
      select ${textArray(KINDS)}::text[] as kinds, ${textArray(TOWNS)}::text[] as towns,
             ${textArray(EVENT_CATEGORIES)}::text[] as categories,
             (select array_agg(id order by email) from users) as organizers
    )
    insert into events (title, description, location, image, category, starts_at, price_cents, capacity, sold,
                        organizer_id, created_at)
    select
      a.kinds[1 + c * 4 + (g / 5) % 4] || ' ' || town || ' ' || g,
      'Bench event number ' || g || ', with music, food and friends in ' || town || '.',
      'Grounds ' || (g % 40) || ', ' || town,
      '/api/uploads/sample/00000000000000000000000000000000.webp',
      a.categories[1 + c],
      now() - interval '60 days' + ((g * 7919) % (365 * 24)) * interval '1 hour',
      case when g % 4 = 0 then 0 else (500 + (g * 37) % 100 * 100) * 100 end,
      capacity,
      (g * 17) % (capacity + 1),
      a.organizers[1 + g % array_length(a.organizers, 1)],
      now() - interval '90 days'
    from arrays a, generate_series(1, ${count}) as g,
         lateral (select g % 5 as c, a.towns[1 + (g * 7) % array_length(a.towns, 1)] as town,
                         50 + (g * 13) % 2000 as capacity) v`);
  // As for the catalogue: the state autovacuum leaves the table in soon after a bulk insert.
  await db.execute(sql`vacuum analyze events`);
}
