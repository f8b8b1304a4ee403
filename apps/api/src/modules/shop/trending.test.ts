import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows, type TestDatabase } from '../../../test/test-app.js';
import { createProduct } from '../../../test/factories.js';
import { insertUser } from '../accounts/accounts.repository.js';
import { insertOrder, markOrderPaid } from '../orders/orders.repository.js';
import { createProductsService, networkOf, TRENDING } from './products.service.js';
import { createClock } from '../../lib/clock.js';

let testDb: TestDatabase;
let clock = Date.parse('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let people = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
});

const db = () => testDb.database.db;
const service = () =>
  createProductsService({
    db: db(),
    uploads: { claim: async () => true },
    viewerKeySecret: 'k',
    clock: createClock(() => clock),
  });
const person = async (name: string) => {
  people += 1;
  return (await insertUser(db(), { name, email: `trend-${people}@example.co.ke`, passwordHash: 'x' })).id;
};
const statsOf = async (productId: string) =>
  (
    await queryRows<{ views: number; units: number }>(
      db(),
      sql`select coalesce(sum(views), 0)::int as views, coalesce(sum(units_sold), 0)::int as units
          from product_daily_stats where product_id = ${productId}`,
    )
  )[0];

/**
 * A paid order as the payment engine leaves it, and the sale counted as fulfilment counts it;
 * `beforeCommit` runs inside the paying transaction, after the sale is counted.
 */
async function buy(
  products: ReturnType<typeof service>,
  buyerId: string,
  productId: string,
  quantity: number,
  beforeCommit: () => Promise<void> = async () => {},
) {
  const order = await insertOrder(db(), { userId: buyerId, totalCents: 100_000 * quantity }, [
    { productId, productName: 'x', productImage: null, unitPriceCents: 100_000, quantity },
  ]);
  await db().transaction(async (tx) => {
    await markOrderPaid(tx, order.id);
    await products.recordSale(tx, { orderId: order.id, buyerId });
    await beforeCommit();
  });
}

describe('trending', () => {
  it('scores views + 5 × units sold over the last 7 days and flags the best', async () => {
    const products = service();
    const seller = await person('Seller');
    const viewed = await createProduct(db(), seller, { title: 'Viewed a lot' });
    const sold = await createProduct(db(), seller, { title: 'Sold a few' });
    const quiet = await createProduct(db(), seller, { title: 'Nobody looked' });

    for (let i = 0; i < 6; i += 1) await products.recordView(viewed, { ip: `196.201.214.${i}` });
    await buy(products, await person('Buyer'), sold, 2);
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

  it('counts a viewer once a day, however often they look, and from whichever server process', async () => {
    const [one, two] = [service(), service()];
    const product = await createProduct(db(), await person('Seller'));
    const shopper = await person('Shopper');
    for (let i = 0; i < 450; i += 1) await one.recordView(product, { ip: '41.90.64.7' });
    for (let i = 0; i < 50; i += 1) await two.recordView(product, { ip: '41.90.64.7' });
    // A phone picks any address of its /64: one network, one viewer.
    await one.recordView(product, { ip: '2c0f:fe38:2101:3f00::1' });
    await two.recordView(product, { ip: '2c0f:fe38:2101:3f00:8a2:11ff:fe03:77' });
    // A signed-in shopper is themself, wherever they connect from.
    await one.recordView(product, { ip: '41.90.64.7', userId: shopper });
    await two.recordView(product, { ip: '105.163.1.1', userId: shopper });
    await one.flushViews();
    await two.flushViews();
    await one.flushViews();
    expect((await statsOf(product))?.views).toBe(3);

    clock += DAY;
    await one.recordView(product, { ip: '41.90.64.7' });
    await one.flushViews();
    expect((await statsOf(product))?.views).toBe(4);
  });

  it("never counts a seller's own views or purchases", async () => {
    const products = service();
    const seller = await person('Seller');
    const product = await createProduct(db(), seller);
    for (let i = 0; i < 20; i += 1) await products.recordView(product, { ip: `10.0.0.${i}`, userId: seller });
    await products.flushViews();
    await buy(products, seller, product, 40);
    expect(await statsOf(product)).toEqual({ views: 0, units: 0 });
  });

  it("counts at most 3 of one buyer's units of a product a day", async () => {
    const products = service();
    const product = await createProduct(db(), await person('Seller'));
    const buyer = await person('Buyer');
    await buy(products, buyer, product, 10);
    await buy(products, buyer, product, 2);
    expect((await statsOf(product))?.units).toBe(TRENDING.unitsPerBuyerPerDay);
    await buy(products, await person('Another buyer'), product, 1);
    expect((await statsOf(product))?.units).toBe(TRENDING.unitsPerBuyerPerDay + 1);
  });

  it("holds the cap when two of a buyer's orders are paid at the same moment", async () => {
    const products = service();
    const product = await createProduct(db(), await person('Seller'));
    const buyer = await person('Buyer');
    // The second payment is counted while the first one's transaction is still open.
    let counted = () => {};
    const firstCounted = new Promise<void>((resolve) => (counted = resolve));
    const first = buy(products, buyer, product, 3, async () => {
      counted();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await firstCounted;
    await Promise.all([first, buy(products, buyer, product, 3)]);
    expect((await statsOf(product))?.units).toBe(TRENDING.unitsPerBuyerPerDay);
  });

  it('drops buffered views of a product deleted before the flush', async () => {
    const products = service();
    const id = await createProduct(db(), await person('Seller'));
    await products.recordView(id, { ip: '10.1.1.1' });
    await db().execute(sql`delete from products where id = ${id}`);
    await expect(products.flushViews()).resolves.toBeUndefined();
  });
});

describe('networkOf', () => {
  it.each([
    ['196.201.214.10', '196.201.214.10'],
    ['::ffff:196.201.214.10', '196.201.214.10'],
    ['2c0f:fe38:2101:3f00:8a2:11ff:fe03:77', '2c0f:fe38:2101:3f00::/64'],
    ['2c0f:fe38:2101:3f00::1', '2c0f:fe38:2101:3f00::/64'],
    ['2c0f:0fe38::1', '2c0f:fe38:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s is the network %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});
