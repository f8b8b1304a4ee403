import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  initializeOrderPayment,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';

let t: TestApp;
let seller: RegisteredUser;
let amina: RegisteredUser;
let brian: RegisteredUser;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { name: 'Baraka Mwangi' });
  amina = await registerUser(t.app, { name: 'Amina Wanjiru' });
  brian = await registerUser(t.app, { name: 'Brian Otieno' });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  productId = await createProduct(t.database.db, seller.id, {
    title: 'Used iPhone 12',
    priceCents: 4_500_000,
    stock: 1,
  });
});

type PlacedOrder = { id: string; totalAmount: number };

const initialize = (buyer: RegisteredUser, order: { id: string; totalAmount: number }) =>
  initializeOrderPayment(t.app, buyer, order);

async function startPaying(buyer: RegisteredUser, order: PlacedOrder): Promise<string> {
  const response = await initialize(buyer, order);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { reference: string } }>().data.reference;
}

const decide = (reference: string, decision: 'pay' | 'decline') =>
  t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/${decision}` });

async function buyTheLastUnit(buyer: RegisteredUser) {
  const order = await placeOrder(t.app, buyer.token, [{ productId }]);
  await decide(await startPaying(buyer, order), 'pay');
}

const available = async () =>
  (await t.app.inject(`/api/products/${productId}`)).json<{ stock: number; available: number }>();

const orderStatus = async (buyer: RegisteredUser, order: PlacedOrder) =>
  (await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(buyer.token) })).json<{
    status: string;
  }>().status;

/** The order's payments, oldest first: status, why it ended, and its stock holds' states. */
const paymentsOf = (order: PlacedOrder) =>
  queryRows<{ status: string; failure_reason: string | null; holds: string[] }>(
    t.database.db,
    sql`select p.status, p.failure_reason,
          coalesce((select array_agg(h.state order by h.state) from stock_holds h where h.reference = p.reference), '{}') as holds
        from payments p where p.subject_id = ${order.id} order by p.created_at, p.id`,
  );

describe('paying again for a pending order', () => {
  it('holds the units again after a decline, and the second payment pays the order', async () => {
    const order = await placeOrder(t.app, amina.token, [{ productId }]);
    await decide(await startPaying(amina, order), 'decline');
    expect(await available()).toMatchObject({ stock: 1, available: 1 });

    const again = await startPaying(amina, order);
    expect(await available()).toMatchObject({ stock: 1, available: 0 });
    expect(await paymentsOf(order)).toEqual([
      { status: 'failed', failure_reason: null, holds: ['released'] },
      { status: 'pending', failure_reason: null, holds: ['held'] },
    ]);

    await decide(again, 'pay');
    expect(await orderStatus(amina, order)).toBe('paid');
    expect(await available()).toMatchObject({ stock: 0, available: 0 });
  });

  it('answers the payment a buyer left unfinished when they pay again on the same terms: one payment, one hold', async () => {
    const order = await placeOrder(t.app, amina.token, [{ productId }]);
    const first = await initialize(amina, order);
    const again = await initialize(amina, order);
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(order)).toEqual([{ status: 'pending', failure_reason: null, holds: ['held'] }]);
  });

  it('abandons a payment the buyer left unfinished when they pay again on other terms, holding the units once', async () => {
    const order = await placeOrder(t.app, amina.token, [{ productId }]);
    await startPaying(amina, order);
    await startPaying({ ...amina, email: 'amina.wanjiru@example.co.ke' }, order);
    expect(await paymentsOf(order)).toEqual([
      { status: 'abandoned', failure_reason: 'superseded', holds: ['released'] },
      { status: 'pending', failure_reason: null, holds: ['held'] },
    ]);
    expect(await available()).toMatchObject({ available: 0 });
  });

  it('refuses with 409 when the product sold out meanwhile, naming it and holding nothing', async () => {
    const order = await placeOrder(t.app, amina.token, [{ productId }]);
    await decide(await startPaying(amina, order), 'decline');
    await buyTheLastUnit(brian);
    const before = await paymentsOf(order);

    const response = await initialize(amina, order);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SOLD_OUT',
      message: 'Sold out: Used iPhone 12 has no units left.',
    });
    expect(await paymentsOf(order)).toEqual(before);
    expect(await orderStatus(amina, order)).toBe('pending');
    expect(await available()).toMatchObject({ stock: 0, available: 0 });
  });

  it('refuses with 409 when fewer units are left than the order holds, saying how many', async () => {
    await t.database.db.execute(sql`update products set stock = 3 where id = ${productId}`);
    const order = await placeOrder(t.app, amina.token, [{ productId, quantity: 3 }]);
    await decide(await startPaying(amina, order), 'decline');
    const other = await placeOrder(t.app, brian.token, [{ productId, quantity: 2 }]);
    await decide(await startPaying(brian, other), 'pay');

    const response = await initialize(amina, order);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'NOT_ENOUGH_STOCK',
      message: ORDER_MESSAGES.notEnoughStock('Used iPhone 12', 1),
    });
    expect((await paymentsOf(order)).map((payment) => payment.status)).toEqual(['failed']);
    expect(await available()).toMatchObject({ stock: 1, available: 1 });
  });

  it('refuses with 409 when the seller deleted the product meanwhile, naming it', async () => {
    const order = await placeOrder(t.app, amina.token, [{ productId }]);
    await decide(await startPaying(amina, order), 'decline');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${productId}`,
      headers: bearer(seller.token),
    });

    const response = await initialize(amina, order);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PRODUCT_UNAVAILABLE',
      message: 'Used iPhone 12 is no longer available.',
    });
    expect((await paymentsOf(order)).map((payment) => payment.status)).toEqual(['failed']);
  });
});
