import { sql } from 'drizzle-orm';
import { STAY_AMENITIES } from '@sokoni/contracts/stays-rules';
import type { Db } from '../src/db/client.js';
import { textArray } from './text-array.js';

const KINDS = [
  'Apartment',
  'Studio',
  'Cottage',
  'Villa',
  'Bungalow',
  'Guest House',
  'Farmhouse',
  'Tented Camp',
];
const PLACES = [
  'Kilimani, Nairobi',
  'Westlands, Nairobi',
  'Karen, Nairobi',
  'Lavington, Nairobi',
  'Naivasha',
  'Diani, Kwale',
  'Nanyuki, Laikipia',
  'Milimani, Kisumu',
  'Lamu Old Town, Lamu',
  'Watamu, Kilifi',
  'Nakuru',
  'Kericho',
  'Malindi, Kilifi',
  'Talek, Maasai Mara',
  'Nyali, Mombasa',
];
/** Percent of stays offering each amenity, in STAY_AMENITIES' order: Wi-Fi common, a beach rare. */
const AMENITY_SHARE = [80, 85, 60, 15, 25, 30, 45, 20, 8];
/** Each stay's bookings take one 18-day slot each, from tomorrow: 20 slots fill 360 days. */
const SLOT_DAYS = 18;

/**
 * `count` stays and `bookingsPerStay` bookings each (at most 20), generated inside the database in
 * two statements, hosted and booked by the users already there (the catalogue's sellers). Each
 * stay's bookings follow one another over the next 360 days, a slot each, so none overlaps; the mix
 * of states is what the availability filter meets: 65% confirmed, 10% blocked by the host, 5% held
 * and still live, 10% held but lapsed (free again), 5% expired and 5% cancelled. The live holds run
 * a day rather than 15 minutes so that they are still live at the end of the run. The stays carry a
 * rating (sum and count) for the rating sort; there are no review rows.
 */
export async function seedStays(
  db: Db,
  count: number,
  bookingsPerStay: number,
  today: string,
): Promise<void> {
  await db.execute(sql`
    with arrays as (
      select ${textArray(KINDS)}::text[] as kinds, ${textArray(PLACES)}::text[] as places,
             ${textArray(STAY_AMENITIES)}::text[] as amenities, ${`{${AMENITY_SHARE.join(',')}}`}::int[] as shares,
             (select array_agg(id order by email) from users) as hosts
    )
    insert into stays (title, description, location, price_per_night_cents, bedrooms, bathrooms, guests,
                       images, amenities, host_id, rating_sum, review_count, calendar_token, created_at)
    select
      a.kinds[1 + g % array_length(a.kinds, 1)] || ' in ' || place || ' ' || g,
      'Bench stay number ' || g || ': a quiet place to rest in ' || place || ', close to shops and transport.',
      'Plot ' || (g % 300) || ', ' || place,
      -- KES 2,500 to 18,000 a night; one stay in twenty above the price filter's KES 20,000.
      (case when g % 20 = 0 then 20000 + (g * 31) % 15000 else 2500 + (g * 7919) % 156 * 100 end) * 100,
      bedrooms,
      1 + (bedrooms - 1) / 2,
      bedrooms * 2,
      array['/api/uploads/sample/00000000000000000000000000000000.webp'],
      array(select amenity from unnest(a.amenities) with ordinality as x(amenity, i)
            where abs(hashtext(g || ':' || amenity)) % 100 < a.shares[i] order by i),
      a.hosts[1 + g % array_length(a.hosts, 1)],
      reviews * (3 + g % 3),
      reviews,
      md5(g || ':' || random()),
      now() - interval '400 days' + (g || ' minutes')::interval
    from arrays a, generate_series(1, ${count}) as g,
         lateral (select a.places[1 + (g * 7) % array_length(a.places, 1)] as place,
                         1 + (g * 13) % 5 as bedrooms, (g * 17) % 40 as reviews) v`);
  await db.execute(sql`
    with people as (select array_agg(id order by email) as ids from users)
    insert into stay_bookings (stay_id, guest_id, status, start_date, end_date, nights, price_per_night_cents,
                               amount_cents, hold_expires_at, confirmed_at, note, created_at)
    select s.id,
           case when status <> 'blocked'
                -- Anyone but the host: a step of 1 to n - 1 places on from the host.
                then p.ids[1 + (array_position(p.ids, s.host_id) + k % (cardinality(p.ids) - 1))
                               % cardinality(p.ids)] end,
           status, start_date, start_date + nights, nights,
           case when status = 'blocked' then 0 else s.price_per_night_cents end,
           case when status = 'blocked' then 0 else nights * s.price_per_night_cents end,
           case when kind = 13 then now() + interval '1 day'
                when status <> 'blocked' then now() - interval '1 hour' end,
           case when status = 'confirmed' then now() - interval '2 hours' end,
           case when status = 'blocked' then 'Bench block' else '' end,
           now() - interval '2 hours'
    from people p, stays s, generate_series(0, ${bookingsPerStay - 1}) as k,
         lateral (select abs(hashtext(s.id::text)) as v) h,
         lateral (select (v + k) % 20 as kind,
                         ${today}::date + 1 + k * ${SLOT_DAYS} + (v + k * 7) % 6 as start_date,
                         1 + (v + k * 13) % 12 as nights) b,
         lateral (select case when kind <= 12 then 'confirmed'
                              when kind <= 15 then 'held'
                              when kind <= 17 then 'blocked'
                              when kind = 18 then 'cancelled'
                              else 'expired' end as status) st`);
  await db.execute(sql`vacuum analyze stays, stay_bookings`);
}
