import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  queryRows,
  type TestApp,
  type TestDatabase,
} from '../../../test/test-app.js';
import { createProduct } from '../../../test/factories.js';
import { insertUser } from '../accounts/accounts.repository.js';
import { insertOrder, markOrderPaid } from '../orders/orders.repository.js';
import { createProductsService, TRENDING, type Viewer } from './products.service.js';
import { refreshTrending } from './products.repository.js';
import { createClock } from '../../lib/clock.js';
import { TRENDING_QUEUE } from './trending-job.js';
import { networkOf } from '../../lib/standing.js';

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
/** A visitor without an account, at this address. */
const visitor = (ip: string): Viewer => ({ network: networkOf(ip) });
/** A signed-in viewer at this address, whose account is established unless `young`. */
const member = (id: string, ip: string, young = false): Viewer => ({
  network: networkOf(ip),
  account: { id, young },
});
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

    for (let i = 0; i < 6; i += 1) await products.recordView(viewed, visitor(`196.201.${i}.14`));
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

  it('answers the products whose score or flag moved, and none when nothing did (the index reads those again)', async () => {
    const products = service();
    const seller = await person('Seller');
    const [viewed, bystander] = [
      await createProduct(db(), seller, { title: 'Kikoi beach wrap' }),
      await createProduct(db(), seller, { title: 'Sisal basket' }),
    ];
    // Whatever earlier tests left moving settles first.
    await products.refreshTrending();
    const options = {
      sinceDay: new Date(clock - (TRENDING.days - 1) * DAY).toISOString().slice(0, 10),
      unitWeight: TRENDING.unitWeight,
      limit: TRENDING.limit,
    };
    expect(await refreshTrending(db(), options)).toEqual([]);

    await products.recordView(viewed, visitor('196.201.77.14'));
    await products.flushViews();
    expect(await refreshTrending(db(), options)).toEqual([viewed]);
    expect(await refreshTrending(db(), options)).toEqual([]);
    expect((await products.get(bystander)).product.isTrending).toBe(false);
  });

  it('counts a viewer once a day, however often they look, and from whichever server process', async () => {
    const [one, two] = [service(), service()];
    const product = await createProduct(db(), await person('Seller'));
    const shopper = await person('Shopper');
    for (let i = 0; i < 450; i += 1) await one.recordView(product, visitor('41.90.64.7'));
    for (let i = 0; i < 50; i += 1) await two.recordView(product, visitor('41.90.64.7'));
    // A phone picks any address of its /64, inside its home's /56: one network, one viewer.
    await one.recordView(product, visitor('2c0f:fe38:2101:3f00::1'));
    await two.recordView(product, visitor('2c0f:fe38:2101:3f12:8a2:11ff:fe03:77'));
    // A signed-in shopper is themself, wherever they connect from.
    await one.recordView(product, member(shopper, '41.90.64.7'));
    await two.recordView(product, member(shopper, '105.163.1.1'));
    await one.flushViews();
    await two.flushViews();
    await one.flushViews();
    expect((await statsOf(product))?.views).toBe(3);

    clock += DAY;
    await one.recordView(product, visitor('41.90.64.7'));
    await one.flushViews();
    expect((await statsOf(product))?.views).toBe(4);
  });

  it("never counts a seller's own views or purchases", async () => {
    const products = service();
    const seller = await person('Seller');
    const product = await createProduct(db(), seller);
    for (let i = 0; i < 20; i += 1) await products.recordView(product, member(seller, `10.0.${i}.1`));
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
    await products.recordView(id, visitor('10.1.1.1'));
    await db().execute(sql`delete from products where id = ${id}`);
    await expect(products.flushViews()).resolves.toBeUndefined();
  });
});

describe('views weigh by who looks', () => {
  const titlesOfTrending = async (products: ReturnType<typeof service>) => {
    const listed = await products.list({ trending: true, limit: TRENDING.limit, offset: 0 });
    return (JSON.parse(listed.json.raw.toString()) as Array<{ title: string }>).map((p) => p.title);
  };

  it('450 new accounts from one network viewing a new product leave it below a product with five established viewers', async () => {
    clock += 30 * DAY;
    const products = service();
    const seller = await person('Seller');
    const bought = await createProduct(db(), seller, { title: 'Bought with throwaway accounts' });
    const aged = await createProduct(db(), seller, { title: 'Bought with week-old accounts' });
    const liked = await createProduct(db(), seller, { title: 'Liked by five shoppers' });

    // One address registered 450 accounts in seconds; each looks once, and the script looks as a visitor too.
    for (let i = 0; i < 450; i += 1) {
      await products.recordView(bought, member(randomUUID(), '41.90.64.7', true));
      await products.recordView(bought, visitor('41.90.64.7'));
      // The same accounts kept for a week first, and spread over the addresses of their network.
      await products.recordView(aged, member(randomUUID(), `41.90.65.${i % 250}`));
    }
    for (let i = 0; i < 5; i += 1) await products.recordView(liked, member(randomUUID(), `105.16${i}.1.1`));
    await products.flushViews();
    await products.refreshTrending();

    expect([
      (await statsOf(bought))?.views,
      (await statsOf(aged))?.views,
      (await statsOf(liked))?.views,
    ]).toEqual([TRENDING.viewsPerNetworkPerDay, TRENDING.viewsPerNetworkPerDay, 5]);
    const titles = await titlesOfTrending(products);
    expect(titles[0]).toBe('Liked by five shoppers');
    expect(titles.indexOf('Bought with throwaway accounts')).toBeGreaterThan(0);
  });

  it("weighs a new account's view a tenth of an established one's: ten new accounts on ten networks count one view", async () => {
    const products = service();
    const product = await createProduct(db(), await person('Seller'));
    for (let i = 0; i < 10; i += 1)
      await products.recordView(product, member(randomUUID(), `102.${i}.1.1`, true));
    await products.flushViews();
    expect((await statsOf(product))?.views).toBe(1);
    // Counted again from the day's viewers at each flush, never double.
    await products.recordView(product, member(randomUUID(), '102.200.1.1'));
    await products.flushViews();
    expect((await statsOf(product))?.views).toBe(2);
  });
});

describe('views through the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { jobs: { pollingIntervalSeconds: 0.5 } });
  });
  afterAll(async () => app?.close());

  /** An account registered from `address`; `ageDays` old. */
  async function accountFrom(address: string, ageDays = 0): Promise<string> {
    people += 1;
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Otieno', email: `viewer-${people}@example.co.ke`, password: 'Passw0rd!' },
      remoteAddress: address,
    });
    const token = response.json<{ access_token: string }>().access_token;
    if (ageDays > 0) {
      await app.database.db.execute(sql`
        update users set created_at = now() - ${`${ageDays} days`}::interval
        where email = ${`viewer-${people}@example.co.ke`}`);
    }
    return token;
  }
  const look = (productId: string, remoteAddress: string, token?: string) =>
    app.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/views`,
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const viewsOf = async (productId: string) =>
    (
      await queryRows<{ views: number }>(
        app.database.db,
        sql`select coalesce(sum(views), 0)::int as views from product_daily_stats where product_id = ${productId}`,
      )
    )[0]?.views;

  it("weighs each view by the viewer's account and network: new accounts a tenth, one network at most 3, visitors of a network once", async () => {
    const seller = (
      await insertUser(app.database.db, {
        name: 'Seller',
        email: 'api-seller@example.co.ke',
        passwordHash: 'x',
      })
    ).id;
    const [young, established, visited] = [
      await createProduct(app.database.db, seller),
      await createProduct(app.database.db, seller),
      await createProduct(app.database.db, seller),
    ];
    for (let i = 1; i <= 20; i += 1) {
      const address = `41.90.64.${i}`;
      expect((await look(young, address, await accountFrom(address))).statusCode).toBe(204);
    }
    for (let i = 1; i <= 5; i += 1) {
      const address = `41.90.65.${i}`;
      await look(established, address, await accountFrom(address, 30));
    }
    for (let i = 1; i <= 30; i += 1) await look(visited, `41.90.66.${i}`);

    await app.app.jobs.send(TRENDING_QUEUE, {});
    await expect
      .poll(async () => [await viewsOf(young), await viewsOf(established), await viewsOf(visited)], {
        timeout: 15_000,
      })
      .toEqual([2, TRENDING.viewsPerNetworkPerDay, 1]);
  });
});
