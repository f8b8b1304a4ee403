import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { createProduct } from '../../../test/factories.js';
import { insertUser } from '../accounts/accounts.repository.js';
import { addUnitsSold } from './products.repository.js';
import { createProductsService, TRENDING } from './products.service.js';

let testDb: TestDatabase;
let clock = Date.parse('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
});

describe('trending', () => {
  it('scores views + 5 × units sold over the last 7 days and flags the best', async () => {
    const db = testDb.database.db;
    const products = createProductsService({ db, now: () => clock });
    const seller = await insertUser(db, { name: 'Seller', email: 'trend@example.co.ke', passwordHash: 'x' });
    const viewed = await createProduct(db, seller.id, { title: 'Viewed a lot' });
    const sold = await createProduct(db, seller.id, { title: 'Sold a few' });
    const quiet = await createProduct(db, seller.id, { title: 'Nobody looked' });

    for (let i = 0; i < 6; i += 1) await products.get(viewed);
    await addUnitsSold(db, dayOf(clock), sold, 2);
    await products.flushViews();
    await products.refreshTrending();

    const listed = await products.list({ trending: true, limit: 10, offset: 0 });
    const titles = (JSON.parse(listed.json.raw.toString()) as Array<{ title: string }>).map((p) => p.title);
    expect(titles).toEqual(['Sold a few', 'Viewed a lot']);
    expect((await products.get(quiet)).product.isTrending).toBe(false);

    // A week later, last week's activity no longer counts.
    clock += TRENDING.days * DAY;
    await products.refreshTrending();
    expect((await products.list({ trending: true, limit: 10, offset: 0 })).total).toBe(0);
  });

  it('drops buffered views of a product deleted before the flush', async () => {
    const db = testDb.database.db;
    const products = createProductsService({ db, now: () => clock });
    const seller = await insertUser(db, { name: 'Seller', email: 'gone@example.co.ke', passwordHash: 'x' });
    const id = await createProduct(db, seller.id);
    await products.get(id);
    await db.execute(sql`delete from products where id = ${id}`);
    await expect(products.flushViews()).resolves.toBeUndefined();
  });
});
