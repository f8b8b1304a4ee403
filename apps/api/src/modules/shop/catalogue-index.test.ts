import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '@sokoni/contracts/catalog';
import type { ProductFilters } from '@sokoni/contracts/shop';
import { seededRandom } from '../../../test/seeded-random.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { insertUser } from '../accounts/accounts.repository.js';
import { MEMORY_INDEX_MAX_AGE_MS } from '../../lib/memory-index.js';
import { createCatalogueIndex, type IndexedFilters } from './catalogue-index.js';
import { deleteProduct, findProductPage, updateProduct } from './products.repository.js';

const testDb = await createTestDatabase();
const { db } = testDb.database;
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
});

const CATEGORIES = CATEGORY_IDS.slice(0, 4);
const CONDITIONS = ['New', 'Used', 'Refurbished'] as const;
const sellers: string[] = [];
const AT = new Date('2026-11-27T08:00:00Z');

beforeAll(async () => {
  for (let i = 0; i < 3; i += 1) {
    const user = await insertUser(db, {
      name: `Index Seller ${i}`,
      email: `index-seller-${i}@example.com`,
      passwordHash: 'not-a-real-hash',
    });
    sellers.push(user.id);
  }
  // Ties on purpose: 40 prices and 50 instants (a microsecond apart in pairs) over 600 products, so
  // the orders' last key, the id, decides often.
  await db.execute(sql`
    insert into products (title, description, price_cents, category, condition, images, seller_id,
                          seller_contact, is_featured, is_trending, trending_score, created_at)
    select 'Product ' || g, 'For the index', 10000 * (1 + (g * 7) % 40),
      (${`{${CATEGORIES.join(',')}}`}::text[])[1 + g % 4], (array['New', 'Used', 'Refurbished'])[1 + (g / 4) % 3],
      '{}', (${`{${sellers.join(',')}}`}::uuid[])[1 + g % 3], '+254 700 000 000',
      g % 9 = 0, g % 11 = 0, (g % 5) * 10,
      timestamptz '2026-11-01 00:00:00+00' + ((g % 50) || ' minutes')::interval
        + (((g / 50) % 2) || ' microseconds')::interval
    from generate_series(1, 600) as g`);
});

function randomFilters(pick: (below: number) => number): IndexedFilters {
  const filters: IndexedFilters = { limit: 1 + pick(30), offset: pick(4) === 0 ? 0 : pick(400) };
  const categories = CATEGORIES.filter(() => pick(3) === 0);
  if (categories.length > 0) filters.category = categories;
  if (pick(2) === 0) filters.minPrice = 100 * pick(40) + pick(2) * 50;
  if (pick(3) === 0) filters.maxPrice = 100 * pick(45);
  if (pick(3) === 0) filters.condition = CONDITIONS[pick(3)];
  if (pick(4) === 0) filters.featured = pick(2) === 0;
  if (pick(4) === 0) filters.trending = pick(3) > 0;
  // A seller with no products is one of the four.
  if (pick(5) === 0) filters.seller = [...sellers, '0b7d4d0e-6f1c-4a21-9a53-3c1f0e6f4a21'][pick(4)];
  const sort = pick(3);
  if (sort > 0) filters.sort = sort === 1 ? 'price-asc' : 'price-desc';
  return filters;
}

/** What the database answers for the same filters: the ids in order, and the total. */
async function fromDatabase(filters: IndexedFilters) {
  const page = await findProductPage(db, filters as ProductFilters, AT, true);
  const total =
    page.total ?? (await findProductPage(db, { ...filters, offset: 0 } as ProductFilters, AT, true)).total;
  return { ids: page.records.map((record) => record.id), total };
}

describe('the catalogue index', () => {
  it('chooses every page and total exactly as the database does, ties and bounds included', async () => {
    const index = createCatalogueIndex(db, () => AT.getTime());
    const pick = seededRandom(16);
    for (let round = 0; round < 300; round += 1) {
      const filters = randomFilters(pick);
      expect({ filters, ...(await index.page(filters)) }).toEqual({
        filters,
        ...(await fromDatabase(filters)),
      });
    }
  });

  it('reads a product again once told it changed, and drops one that is gone', async () => {
    const index = createCatalogueIndex(db, () => AT.getTime());
    const cheapest = { limit: 3, offset: 0, sort: 'price-asc' } as const;
    const before = await index.page(cheapest);
    const [first, second] = before.ids;

    await updateProduct(db, second!, { priceCents: 1 });
    // Not told yet: the index still has what it read.
    expect(await index.page(cheapest)).toEqual(before);
    index.forget(second);
    expect(await index.page(cheapest)).toEqual(await fromDatabase(cheapest));
    expect((await index.page(cheapest)).ids[0]).toBe(second);

    await deleteProduct(db, first!);
    index.forget(first);
    const after = await index.page(cheapest);
    expect(after.ids).not.toContain(first);
    expect(after).toEqual(await fromDatabase(cheapest));
    expect(after.total).toBe(before.total - 1);
  });

  it('is built afresh when told that anything may have changed, and when it is older than its age', async () => {
    let now = AT.getTime();
    const index = createCatalogueIndex(db, () => now);
    const newest = { limit: 5, offset: 0, category: [CATEGORIES[0]!] } satisfies IndexedFilters;
    await index.page(newest);

    await db.execute(sql`update products set created_at = ${'2026-11-20T00:00:00Z'}
      where id = (select id from products where category = ${CATEGORIES[0]} order by price_cents limit 1)`);
    index.forget();
    await expect.poll(() => index.page(newest)).toEqual(await fromDatabase(newest));

    // A change no one announced (made by hand) is seen once the index has outlived its age.
    await db.execute(sql`update products set created_at = ${'2026-11-21T00:00:00Z'}
      where id = (select id from products where category = ${CATEGORIES[0]} order by price_cents desc limit 1)`);
    const stale = await index.page(newest);
    expect(stale).not.toEqual(await fromDatabase(newest));
    now += MEMORY_INDEX_MAX_AGE_MS + 1;
    await expect.poll(() => index.page(newest)).toEqual(await fromDatabase(newest));
  });
});
