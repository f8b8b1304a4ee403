import { sql } from 'drizzle-orm';
import { CATEGORY_IDS } from '@sokoni/contracts/catalog';
import type { Db } from '../src/db/client.js';
import { hashPassword } from '../src/modules/accounts/passwords.js';
import { insertUser } from '../src/modules/accounts/accounts.repository.js';
import { textArray } from './text-array.js';

const BRANDS = [
  'Samsung',
  'Tecno',
  'Infinix',
  'Oppo',
  'Hisense',
  'Ramtons',
  'Mika',
  'Von',
  'Bruhm',
  'Nokia',
  'Jua Kali',
  'Maasai',
  'Kisii',
  'Mwea',
  'Kericho',
];
const NOUNS = [
  'Phone',
  'Speaker',
  'Dress',
  'Sofa',
  'Table',
  'Blender',
  'Kettle',
  'Jacket',
  'Sandals',
  'Basket',
  'Carving',
  'Rice 5kg',
  'Tea 500g',
  'Tent',
  'Guitar',
  'Bicycle',
  'Printer',
  'Lamp',
  'Bag',
  'Watch',
];
const TOWNS = [
  'Nairobi CBD',
  'Westlands',
  'Mombasa',
  'Kisumu',
  'Nakuru',
  'Eldoret',
  'Thika',
  'Nyeri',
  'Machakos',
  'Kitengela',
];

/** `count` products generated inside the database in one statement: seconds, not minutes. */
export async function seedCatalogue(db: Db, count: number): Promise<void> {
  const sellers: string[] = [];
  const passwordHash = await hashPassword('bench-only-password');
  for (let i = 0; i < 20; i += 1) {
    sellers.push(
      (
        await insertUser(db, {
          name: `Bench Seller ${i}`,
          email: `seller${i}@bench.sokoni.co.ke`,
          passwordHash,
        })
      ).id,
    );
  }
  await db.execute(sql`
    with arrays as (
      select ${textArray(BRANDS)}::text[] as brands, ${textArray(NOUNS)}::text[] as nouns,
             ${textArray(TOWNS)}::text[] as towns, ${textArray(CATEGORY_IDS)}::text[] as categories,
             ${`{${sellers.join(',')}}`}::uuid[] as sellers
    )
    insert into products (title, description, price_cents, original_price_cents, category, condition, images,
                          seller_id, seller_contact, shop_location, rating_sum, review_count, is_featured, created_at)
    select
      a.brands[1 + (g * 7) % array_length(a.brands, 1)] || ' ' || a.nouns[1 + (g * 13) % array_length(a.nouns, 1)] || ' ' || g,
      'Bench listing number ' || g,
      price,
      case when g % 3 = 0 then price + price / 5 end,
      a.categories[1 + (g * 31) % array_length(a.categories, 1)],
      (array['New', 'Used', 'Refurbished'])[1 + g % 3],
      array['/api/uploads/sample/bench.webp'],
      a.sellers[1 + g % array_length(a.sellers, 1)],
      '+254 700 000 000',
      a.towns[1 + g % array_length(a.towns, 1)],
      (g % 6) * 4, case when g % 6 = 0 then 0 else 4 end,
      g % 50 = 0,
      now() - (g || ' minutes')::interval
    from arrays a, generate_series(1, ${count}) as g,
         lateral (select (20000 + (g * 7919) % 9980000)::bigint as price) p`);
  // The state autovacuum leaves a table in soon after a bulk insert: statistics, and a visibility map
  // that lets counts be answered from an index alone.
  await db.execute(sql`vacuum analyze products`);
}
