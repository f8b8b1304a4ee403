import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, ORDER_PAGE_SIZE, ORDER_QUANTITY_MAX } from '@sokoni/contracts/checkout';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  placeOrder,
  registerUser,
  SAMPLE_DELIVERY,
  type RegisteredUser,
} from '../../../test/factories.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { countOrdersByUser } from './orders.repository.js';

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let basket: string;
let lamp: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app);
  buyer = await registerUser(t.app);
  basket = await createProduct(t.database.db, seller.id, {
    title: 'Kiondo basket',
    priceCents: 190_000,
    images: ['/api/uploads/sample/basket.webp'],
  });
  lamp = await createProduct(t.database.db, seller.id, { title: 'Solar lamp', priceCents: 680_050 });
});
afterAll(async () => t?.close());

const order = (payload: object, token: string | null = buyer.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { delivery: SAMPLE_DELIVERY, ...payload },
    headers: token ? bearer(token) : {},
  });

describe('POST /api/orders', () => {
  it('prices every line from the database and answers the pending order, for the caller', async () => {
    const response = await order({
      userId: seller.id,
      items: [
        { productId: basket, quantity: 2, price: 1900 },
        { productId: lamp, quantity: 1, price: 6800.5 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      userId: buyer.id,
      status: 'pending',
      totalAmount: 10_600.5,
      paidAt: null,
    });
    expect(created.items).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          productId: basket,
          sellerId: seller.id,
          quantity: 2,
          price: 1900,
          product: { name: 'Kiondo basket', image: '/api/uploads/sample/basket.webp' },
          // Nothing of a pending order is cancelled: it is not paid.
          cancelledAt: null,
          cancelledBy: null,
          canCancel: false,
        },
      ]),
    );
  });

  it('refuses a price that is not the current one with 409 naming the product and its price, writing nothing', async () => {
    const other = await registerUser(t.app);
    const response = await order({ items: [{ productId: basket, quantity: 1, price: 19 }] }, other.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The price of Kiondo basket is now KES 1,900.');
    expect(await countOrdersByUser(t.database.db, other.id)).toBe(0);
  });

  it.each([
    ['an empty cart', () => ({ items: [] }), ORDER_MESSAGES.emptyCart],
    [
      'quantity 0',
      () => ({ items: [{ productId: basket, quantity: 0, price: 1900 }] }),
      ORDER_MESSAGES.quantityRange,
    ],
    [
      'quantity 100',
      () => ({ items: [{ productId: basket, quantity: 100, price: 1900 }] }),
      ORDER_MESSAGES.quantityRange,
    ],
    [
      'an unknown product',
      () => ({ items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1, price: 5 }] }),
      ORDER_MESSAGES.productUnavailable,
    ],
    [
      'the same product twice',
      () => ({
        items: [
          { productId: basket, quantity: 1, price: 1900 },
          { productId: basket, quantity: 1, price: 1900 },
        ],
      }),
      ORDER_MESSAGES.duplicateProduct,
    ],
  ])('refuses %s with 400', async (_case, payload, message) => {
    const response = await order(payload());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('has the database hold a line to 1..ORDER_QUANTITY_MAX units, the bound the API checks', async () => {
    const placed = await placeOrder(t.app, buyer.token, [{ productId: basket }]);
    const line = (quantity: number) =>
      t.database.db
        .insert(orderItems)
        .values({ orderId: placed.id, productName: 'Kiondo basket', unitPriceCents: 190_000, quantity })
        .then(
          () => 'stored',
          (error: Error & { cause?: Error }) => (error.cause ?? error).message,
        );
    expect(await line(ORDER_QUANTITY_MAX)).toBe('stored');
    expect(await line(ORDER_QUANTITY_MAX + 1)).toMatch(/check constraint "order_items_quantity_range"/);
    expect(await line(0)).toMatch(/check constraint "order_items_quantity_range"/);
  });

  it('refuses a visitor with 401', async () => {
    expect((await order({ items: [{ productId: basket, quantity: 1, price: 1900 }] }, null)).statusCode).toBe(
      401,
    );
  });

  it('refuses a product that has been deleted', async () => {
    const gone = await createProduct(t.database.db, seller.id, { title: 'Gone soon', priceCents: 10_000 });
    await t.app.inject({ method: 'DELETE', url: `/api/products/${gone}`, headers: bearer(seller.token) });
    const response = await order({ items: [{ productId: gone, quantity: 1, price: 100 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ORDER_MESSAGES.productUnavailable);
  });
});

describe('reading orders', () => {
  it("lists the caller's orders only, newest first", async () => {
    const shopper = await registerUser(t.app);
    const first = await placeOrder(t.app, shopper.token, [{ productId: basket }]);
    const second = await placeOrder(t.app, shopper.token, [{ productId: lamp }]);
    const listed = (await t.app.inject({ url: '/api/orders', headers: bearer(shopper.token) })).json();
    expect(listed.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(listed.every((o: { userId: string }) => o.userId === shopper.id)).toBe(true);
  });

  /** `count` orders of `userId`, a minute apart and the last one newest; their ids, newest first. */
  async function ordersOf(userId: string, count: number): Promise<string[]> {
    const start = Date.parse('2025-03-01T08:00:00Z');
    const rows = await t.database.db
      .insert(orders)
      .values(
        Array.from({ length: count }, (_, index) => ({
          userId,
          totalCents: 10_000 + index,
          createdAt: new Date(start + index * 60_000),
        })),
      )
      .returning({ id: orders.id });
    return rows.map((row) => row.id).reverse();
  }
  const listOrders = async (token: string, query = '') => {
    const response = await t.app.inject({ url: `/api/orders${query}`, headers: bearer(token) });
    const ids = response.statusCode === 200 ? response.json<Array<{ id: string }>>().map((o) => o.id) : [];
    return { response, ids, total: response.headers['x-total-count'] };
  };

  it("pages the orders newest first with limit and offset, X-Total-Count counting the caller's orders only", async () => {
    const shopper = await registerUser(t.app);
    const neighbour = await registerUser(t.app);
    const newestFirst = await ordersOf(shopper.id, 5);
    await ordersOf(neighbour.id, 3);

    const first = await listOrders(shopper.token, '?limit=2');
    expect(first.response.statusCode).toBe(200);
    expect(first.ids).toEqual(newestFirst.slice(0, 2));
    expect(first.total).toBe('5');
    expect((await listOrders(shopper.token, '?limit=2&offset=2')).ids).toEqual(newestFirst.slice(2, 4));
    const last = await listOrders(shopper.token, '?limit=2&offset=4');
    expect(last.ids).toEqual(newestFirst.slice(4));
    expect(last.total).toBe('5');
    const beyond = await listOrders(shopper.token, '?offset=10');
    expect(beyond.ids).toEqual([]);
    expect(beyond.total).toBe('5');

    const theirs = await listOrders(neighbour.token);
    expect(theirs.total).toBe('3');
    expect(theirs.ids.some((id) => newestFirst.includes(id))).toBe(false);
    expect((await listOrders((await registerUser(t.app)).token)).total).toBe('0');
  });

  it('answers 20 orders a page unless the caller asks for more', async () => {
    const regular = await registerUser(t.app);
    const newestFirst = await ordersOf(regular.id, ORDER_PAGE_SIZE + 1);
    const page = await listOrders(regular.token);
    expect(ORDER_PAGE_SIZE).toBe(20);
    expect(page.ids).toEqual(newestFirst.slice(0, 20));
    expect(page.total).toBe('21');
    expect((await listOrders(regular.token, '?limit=100')).ids).toEqual(newestFirst);
  });

  it.each([
    ['?limit=0', 'limit must be between 1 and 100.'],
    ['?limit=101', 'limit must be between 1 and 100.'],
    ['?limit=two', undefined],
    ['?offset=-1', 'offset cannot be negative.'],
  ])('refuses the page %s with 400', async (query, message) => {
    const { response } = await listOrders(buyer.token, query);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });

  it("answers another user's order with 404, as if it did not exist", async () => {
    const placed = await placeOrder(t.app, buyer.token, [{ productId: basket }]);
    const snoop = await registerUser(t.app);
    expect(
      (await t.app.inject({ url: `/api/orders/${placed.id}`, headers: bearer(snoop.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/orders/${placed.id}`, headers: bearer(buyer.token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/orders/${placed.id}` })).statusCode).toBe(401);
  });

  it("keeps a past order's name, image and price after the seller deletes the product", async () => {
    const doomed = await createProduct(t.database.db, seller.id, {
      title: 'Maasai shuka',
      priceCents: 120_000,
      images: ['/api/uploads/sample/shuka.webp'],
    });
    const placed = await placeOrder(t.app, buyer.token, [{ productId: doomed, quantity: 3 }]);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/products/${doomed}`,
          headers: bearer(seller.token),
        })
      ).statusCode,
    ).toBe(204);
    const kept = (
      await t.app.inject({ url: `/api/orders/${placed.id}`, headers: bearer(buyer.token) })
    ).json();
    expect(kept).toMatchObject({ totalAmount: 3600 });
    expect(kept.items).toEqual([
      {
        id: expect.any(String),
        productId: null,
        sellerId: seller.id,
        quantity: 3,
        price: 1200,
        product: { name: 'Maasai shuka', image: '/api/uploads/sample/shuka.webp' },
        cancelledAt: null,
        cancelledBy: null,
        canCancel: false,
      },
    ]);
  });
});
