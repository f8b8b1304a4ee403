import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, PAYMENT_HOLD_MINUTES } from '@sokoni/contracts/checkout';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  initializeOrderPayment,
  placeOrder,
  registerUser,
  runLapseJob,
  SAMPLE_DELIVERY,
  type RegisteredUser,
} from '../../../test/factories.js';

const MINUTE = 60_000;
let clock = Date.parse('2026-11-20T09:00:00Z');
let t: TestApp;
let seller: RegisteredUser;
let amina: RegisteredUser;
let brian: RegisteredUser;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
  seller = await registerUser(t.app, { name: 'Baraka Mwangi' });
  amina = await registerUser(t.app, { name: 'Amina Wanjiru' });
  brian = await registerUser(t.app, { name: 'Brian Otieno' });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  clock += 60 * MINUTE;
  productId = await createProduct(t.database.db, seller.id, {
    title: 'Used iPhone 12',
    priceCents: 4_500_000,
    stock: 1,
  });
});

const product = async () =>
  (await t.app.inject(`/api/products/${productId}`)).json<{ stock: number; available: number }>();

const initialize = (buyer: RegisteredUser, order: { id: string; totalAmount: number }) =>
  initializeOrderPayment(t.app, buyer, order);

async function startPaying(buyer: RegisteredUser) {
  const order = await placeOrder(t.app, buyer.token, [{ productId }]);
  const response = await initialize(buyer, order);
  expect(response.statusCode).toBe(200);
  return { order, reference: response.json<{ data: { reference: string } }>().data.reference };
}

const decide = (reference: string, decision: 'pay' | 'decline') =>
  t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/${decision}` });

const paymentRow = async (reference: string) =>
  (
    await queryRows<{ status: string; failure_reason: string | null; hold_ended: boolean }>(
      t.database.db,
      sql`select status, failure_reason, hold_ended_at is not null as hold_ended from payments where reference = ${reference}`,
    )
  )[0];

const holdStates = async (reference: string) =>
  (
    await queryRows<{ state: string }>(
      t.database.db,
      sql`select state from stock_holds where reference = ${reference}`,
    )
  ).map((row) => row.state);

describe('stock: units are held while a buyer pays, sold once, and given back', () => {
  it('holds the last unit for the buyer who starts paying; the next buyer is told it is sold out', async () => {
    await startPaying(amina);
    expect(await product()).toMatchObject({ stock: 1, available: 0 });

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(brian.token),
      payload: { items: [{ productId, quantity: 1, price: 45_000 }], delivery: SAMPLE_DELIVERY },
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({
      code: 'SOLD_OUT',
      message: ORDER_MESSAGES.soldOut('Used iPhone 12'),
    });
  });

  it('refuses an order for more units than are left, naming how many are', async () => {
    await t.database.db.execute(sql`update products set stock = 3 where id = ${productId}`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(brian.token),
      payload: { items: [{ productId, quantity: 4, price: 45_000 }], delivery: SAMPLE_DELIVERY },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'NOT_ENOUGH_STOCK',
      message: ORDER_MESSAGES.notEnoughStock('Used iPhone 12', 3),
    });
  });

  it('sells the unit when the payment succeeds: the stock goes down once and the hold is sold', async () => {
    const { order, reference } = await startPaying(amina);
    await decide(reference, 'pay');
    await decide(reference, 'pay');
    expect(await product()).toMatchObject({ stock: 0, available: 0 });
    expect(await holdStates(reference)).toEqual(['sold']);
    const paid = await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(amina.token) });
    expect(paid.json()).toMatchObject({ status: 'paid' });
  });

  it('gives the unit back when the payment is declined, so another buyer can pay', async () => {
    const first = await startPaying(amina);
    await decide(first.reference, 'decline');
    expect(await product()).toMatchObject({ stock: 1, available: 1 });
    expect(await holdStates(first.reference)).toEqual(['released']);
    expect(await paymentRow(first.reference)).toMatchObject({ status: 'failed', hold_ended: true });

    const second = await startPaying(brian);
    await decide(second.reference, 'pay');
    expect(await product()).toMatchObject({ stock: 0, available: 0 });
  });

  it('gives the unit back when the hold lapses, with nothing run; the lapse job then abandons the payment once', async () => {
    const { reference } = await startPaying(amina);
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    // No job has run: the lapsed hold simply stops counting.
    expect(await product()).toMatchObject({ stock: 1, available: 1 });
    expect(await holdStates(reference)).toEqual(['held']);

    await runLapseJob(t, 2);
    expect(await paymentRow(reference)).toEqual({
      status: 'abandoned',
      failure_reason: 'hold_expired',
      hold_ended: true,
    });
    expect(await holdStates(reference)).toEqual(['released']);
  });

  it('still sells to a payer who pays after the hold lapsed, while the unit is free', async () => {
    const { order, reference } = await startPaying(amina);
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    await runLapseJob(t);
    await decide(reference, 'pay');
    expect(await paymentRow(reference)).toMatchObject({ status: 'success', failure_reason: null });
    expect(await product()).toMatchObject({ stock: 0 });
    const paid = await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(amina.token) });
    expect(paid.json()).toMatchObject({ status: 'paid' });
  });

  it('marks a late payment for refund when its lapsed unit went to another buyer, selling nothing twice', async () => {
    const late = await startPaying(amina);
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    const onTime = await startPaying(brian);
    await decide(onTime.reference, 'pay');
    await decide(late.reference, 'pay');

    expect(await paymentRow(late.reference)).toMatchObject({
      status: 'success',
      failure_reason: 'subject_unavailable',
    });
    expect(await product()).toMatchObject({ stock: 0, available: 0 });
    const order = await t.app.inject({ url: `/api/orders/${late.order.id}`, headers: bearer(amina.token) });
    expect(order.json()).toMatchObject({ status: 'pending' });
  });

  it('paying again for one order replaces the earlier payment: its unit is held once, not twice', async () => {
    const order = await placeOrder(t.app, amina.token, [{ productId }]);
    const first = (await initialize(amina, order)).json<{ data: { reference: string } }>().data.reference;
    // Another e-mail for the receipt: new terms, so a new payment.
    const again = await initialize({ ...amina, email: 'amina.wanjiru@example.co.ke' }, order);
    expect(again.statusCode).toBe(200);
    const second = again.json<{ data: { reference: string } }>().data.reference;

    expect(await paymentRow(first)).toMatchObject({ status: 'abandoned', failure_reason: 'superseded' });
    expect(await holdStates(first)).toEqual(['released']);
    expect(await holdStates(second)).toEqual(['held']);
    expect(await product()).toMatchObject({ available: 0 });
  });

  it("does not let a caller touch another buyer's payments by naming their order", async () => {
    const { reference } = await startPaying(amina);
    const order = (await t.app.inject({ url: '/api/orders', headers: bearer(amina.token) })).json<
      Array<{ id: string; totalAmount: number }>
    >()[0]!;
    const response = await initialize(brian, order);
    expect(response.statusCode).toBe(404);
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending', hold_ended: false });
  });

  it("refuses a seller's order for their own listing", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(seller.token),
      payload: { items: [{ productId, quantity: 1, price: 45_000 }], delivery: SAMPLE_DELIVERY },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'OWN_LISTING',
      message: ORDER_MESSAGES.ownListing('Used iPhone 12'),
    });
  });
});

describe('stock: the seller sets it', () => {
  const update = (stock: unknown, token = seller.token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: bearer(token),
      payload: { stock },
    });

  it('lets the seller change the quantity available', async () => {
    const response = await update(7);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stock: 7, available: 7 });
  });

  it('refuses a quantity that is not a whole number from 0 to 10,000, changing nothing', async () => {
    for (const stock of [-1, 1.5, 10_001, '3']) {
      const response = await update(stock);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SELL_MESSAGES.stock);
    }
    expect(await product()).toMatchObject({ stock: 1 });
  });

  it('refuses to go below the units held for buyers paying now', async () => {
    await t.database.db.execute(sql`update products set stock = 3 where id = ${productId}`);
    await placeOrder(t.app, amina.token, [{ productId, quantity: 2 }]).then((order) =>
      initialize(amina, order),
    );
    const response = await update(1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'STOCK_BELOW_HELD',
      message: SELL_MESSAGES.stockBelowHeld(2),
    });
    expect((await update(2)).statusCode).toBe(200);
  });
});
