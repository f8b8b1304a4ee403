import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@sokoni/contracts/orders';
import { startFakePaystack } from '../../../test/fake-paystack.js';
import {
  bearer,
  createProduct,
  initializeOrderPayment,
  placeOrder,
  registerUser,
  runRefundJob,
  type RegisteredUser,
} from '../../../test/factories.js';
import { entriesOf, expectLedgerSound, refundsOf } from '../../../test/ledger-checks.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

// #27: a cancellation's refund is a part of its charge, asked of Paystack as POST /refund with the
// amount and our own reference as the merchant note; Paystack's refund.processed event (or its
// answer) finishes it once; a request whose answer never came is looked up before it is made again.
const SECRET = 'sk_test_p4rt14lr3fund5';
const MINUTE = 60_000;
let clock = Date.parse('2026-12-01T06:00:00Z');
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let t: TestApp;
let seller: RegisteredUser;
let basket: string;
let lamp: string;

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
  t = await createTestApp(
    { paymentsProvider: 'paystack', paystackSecretKey: SECRET, paystackBaseUrl: paystack.baseUrl },
    { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } },
  );
  seller = await registerUser(t.app, { name: 'Amina Njeri' });
  basket = await createProduct(t.database.db, seller.id, { title: 'Kiondo basket', priceCents: 190_000 });
  lamp = await createProduct(t.database.db, seller.id, { title: 'Solar lamp', priceCents: 680_050 });
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

const webhook = (event: object | string) => {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': createHmac('sha512', SECRET).update(body).digest('hex'),
    },
  });
};
const refundProcessed = (reference: string, amount: number) =>
  webhook({
    event: 'refund.processed',
    data: { status: 'processed', transaction_reference: reference, amount: String(amount), currency: 'KES' },
  });

/** A new buyer's order of two baskets and a lamp (KES 10,600.50), paid through Paystack. */
async function paidOrder() {
  const buyer = await registerUser(t.app, { name: 'Achieng Odhiambo' });
  const order = await placeOrder(t.app, buyer.token, [
    { productId: basket, quantity: 2 },
    { productId: lamp },
  ]);
  const started = await initializeOrderPayment(t.app, buyer, order);
  const { reference } = started.json<{ data: { reference: string } }>().data;
  paystack.setCharge(reference, { status: 'success' });
  await webhook({
    event: 'charge.success',
    data: { reference, status: 'success', amount: 1_060_050, currency: 'KES' },
  });
  const read = await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(buyer.token) });
  const lines = read.json<Order>().items;
  const lineOf = (productId: string) => lines.find((line) => line.productId === productId)!.id;
  return { buyer, order, reference, lines: { basket: lineOf(basket), lamp: lineOf(lamp) } };
}

const cancelLine = async (buyer: RegisteredUser, orderId: string, itemId: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel`,
    headers: bearer(buyer.token),
    payload: { itemId },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const refundRequests = (reference: string) =>
  paystack.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.url === '/refund' &&
      (request.body as { transaction: string }).transaction === reference,
  );
/** The charge looked up (its id, by which its refunds are listed next). */
const lookups = (reference: string) =>
  paystack.requests.filter((request) => request.url === `/transaction/verify/${reference}`);
const accepted = async (reference: string) =>
  (
    await queryRows<{ accepted: boolean }>(
      t.database.db,
      sql`select accepted from refunds where reference = ${reference}`,
    )
  )[0]?.accepted;

/** Each refund's status, by its amount in cents. */
const statusesOf = async (reference: string) =>
  Object.fromEntries(
    (await refundsOf(t.database.db, reference)).map((refund) => [refund.amount_cents, refund.status]),
  );

describe('refunds of parts of a Paystack charge', () => {
  it('asks Paystack for each part with its amount and our reference, and finishes each once on its refund.processed event', async () => {
    const { buyer, order, reference, lines } = await paidOrder();
    await cancelLine(buyer, order.id, lines.basket);
    await expect.poll(() => refundRequests(reference).length, { timeout: 10_000 }).toBe(1);
    const [first] = await refundsOf(t.database.db, reference);
    expect(refundRequests(reference)[0]).toMatchObject({
      authorization: `Bearer ${SECRET}`,
      body: { transaction: reference, amount: 380_000, merchant_note: first!.reference },
    });
    // Paystack queued it: pending, and not asked for again while it works on it.
    await expect.poll(() => accepted(first!.reference), { timeout: 10_000 }).toBe(true);

    await cancelLine(buyer, order.id, lines.lamp);
    await expect.poll(() => refundRequests(reference).length, { timeout: 10_000 }).toBe(2);
    // Both were made at the same moment of the test's clock: told apart by their amounts.
    const second = (await refundsOf(t.database.db, reference)).find(
      (refund) => refund.amount_cents === 680_050,
    );
    expect(refundRequests(reference)[1]?.body).toEqual({
      transaction: reference,
      amount: 680_050,
      merchant_note: second!.reference,
    });
    await expect.poll(() => accepted(second!.reference), { timeout: 10_000 }).toBe(true);
    clock += 11 * MINUTE;
    await runRefundJob(t);
    expect(refundRequests(reference)).toHaveLength(2);
    expect(paystack.refundsOf(reference).map((refund) => [refund.amount, refund.merchant_note])).toEqual([
      [380_000, first!.reference],
      [680_050, second!.reference],
    ]);

    expect((await refundProcessed(reference, 680_050)).statusCode).toBe(200);
    expect(await statusesOf(reference)).toEqual({ 380000: 'pending', 680050: 'refunded' });
    await refundProcessed(reference, 380_000);
    await refundProcessed(reference, 380_000);
    expect(await statusesOf(reference)).toEqual({ 380000: 'refunded', 680050: 'refunded' });
    expect(await entriesOf(t.database.db, reference)).toEqual([
      'sale',
      'refund',
      'refund',
      'refund_paid',
      'refund_paid',
    ]);
    await expectLedgerSound(t.database.db);
  });

  it("is refused with Paystack's words when more is asked than is left of the charge, and asked again later", async () => {
    const { buyer, order, reference, lines } = await paidOrder();
    // Most of the charge was given back another way (Paystack's dashboard).
    const dashboard = await fetch(`${paystack.baseUrl}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: reference, amount: 1_000_000 }),
    });
    expect(dashboard.status).toBe(200);
    await cancelLine(buyer, order.id, lines.basket);
    await expect.poll(() => refundRequests(reference).length, { timeout: 10_000 }).toBe(2);
    expect(await refundsOf(t.database.db, reference)).toEqual([
      expect.objectContaining({ amount_cents: 380_000, status: 'pending' }),
    ]);
    const overdrawn = await fetch(`${paystack.baseUrl}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: reference, amount: 380_000 }),
    });
    expect(overdrawn.status).toBe(400);
    expect(await overdrawn.json()).toEqual({
      status: false,
      message: 'Refund amount cannot be more than the transaction amount',
    });

    await runRefundJob(t);
    expect(refundRequests(reference)).toHaveLength(3);
    clock += 11 * MINUTE;
    await runRefundJob(t);
    // Looked up first (nothing of ours is there), then asked again: refused again, still pending.
    expect(refundRequests(reference)).toHaveLength(4);
    expect(paystack.refundsOf(reference).map((refund) => refund.amount)).toEqual([1_000_000]);
    const [refund] = await refundsOf(t.database.db, reference);
    expect(refund?.status).toBe('pending');
    expect(await accepted(refund!.reference)).toBe(false);
    await expectLedgerSound(t.database.db);
  });

  it('takes a signed refund.processed event whose amount or status is an array nested 100,000 deep as no amount, without a 5xx', async () => {
    const { buyer, order, reference, lines } = await paidOrder();
    await cancelLine(buyer, order.id, lines.lamp);
    await expect.poll(() => refundRequests(reference).length, { timeout: 10_000 }).toBe(1);
    // Turned into a number or a text, such a value overflows the stack: it is looked at, never turned.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const answer = await webhook(
      `{"event":"refund.processed","data":{"status":${deep},"transaction_reference":"${reference}","amount":${deep}}}`,
    );
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(await statusesOf(reference)).toEqual({ 680050: 'pending' });
  });

  it('finds a refund whose answer never came at Paystack before asking again, so nothing is given back twice', async () => {
    const { buyer, order, reference, lines } = await paidOrder();
    paystack.loseNextRefundAnswer();
    await cancelLine(buyer, order.id, lines.lamp);
    await expect.poll(() => refundRequests(reference).length, { timeout: 10_000 }).toBe(1);
    const [refund] = await refundsOf(t.database.db, reference);
    expect(await accepted(refund!.reference)).toBe(false);

    clock += 11 * MINUTE;
    expect(lookups(reference)).toHaveLength(0);
    await runRefundJob(t);
    expect(lookups(reference)).toHaveLength(1);
    expect(refundRequests(reference)).toHaveLength(1);
    expect(await accepted(refund!.reference)).toBe(true);

    // Processed with no event reaching us: found so hours later, and finished once.
    paystack.processRefunds(reference);
    clock += 7 * 60 * MINUTE;
    await runRefundJob(t);
    expect(refundRequests(reference)).toHaveLength(1);
    expect((await refundsOf(t.database.db, reference))[0]?.status).toBe('refunded');
    expect(paystack.refundsOf(reference)).toHaveLength(1);
    expect(await entriesOf(t.database.db, reference)).toEqual(['sale', 'refund', 'refund_paid']);
    await expectLedgerSound(t.database.db);
  });
});
