import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_MESSAGES, CANCELLATION_MAIL } from '@sokoni/contracts/cancellations';
import { ORDER_MESSAGES, formatOrderNumber } from '@sokoni/contracts/checkout';
import type { Order } from '@sokoni/contracts/orders';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  payOrder,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';
import {
  balancesOf,
  entriesOf,
  expectLedgerSound,
  paidReferenceOf,
  refundsOf,
} from '../../../test/ledger-checks.js';

// #27: a paid order's lines are cancelled before they ship — by the buyer one at a time, by the
// seller all of theirs — refunded through the ledger out of the seller's earning, their units back
// in stock, both sides told; and the buyer's confirming receipt pays the sellers at once.
let t: TestApp;
let amina: RegisteredUser;
let brian: RegisteredUser;
let basket: string;
let sufuria: string;
let lamp: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://sokoni.example' });
  amina = await registerUser(t.app, { name: 'Amina Njeri' });
  brian = await registerUser(t.app, { name: 'Brian Otieno' });
  basket = await createProduct(t.database.db, amina.id, { title: 'Kiondo basket', priceCents: 190_000 });
  sufuria = await createProduct(t.database.db, amina.id, { title: 'Sufuria set', priceCents: 95_000 });
  lamp = await createProduct(t.database.db, brian.id, { title: 'Solar lamp', priceCents: 680_050 });
});
afterAll(async () => t?.close());

/** A new buyer's order of Amina's basket (2) and sufuria and Brian's lamp, paid unless `paid` is false. */
async function threeLineOrder({ paid = true } = {}) {
  const buyer = await registerUser(t.app, { name: 'Achieng Odhiambo' });
  const order = await placeOrder(t.app, buyer.token, [
    { productId: basket, quantity: 2 },
    { productId: sufuria },
    { productId: lamp },
  ]);
  if (paid) await payOrder(t.app, buyer, order, t.config.publicUrl);
  const read = await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(buyer.token) });
  const lines = read.json<Order>().items;
  const lineOf = (productId: string) => lines.find((line) => line.productId === productId)!.id;
  return { buyer, order, lines: { basket: lineOf(basket), sufuria: lineOf(sufuria), lamp: lineOf(lamp) } };
}

const cancelLine = (user: RegisteredUser | null, orderId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel`,
    headers: user ? bearer(user.token) : {},
    payload,
  });
const cancelSale = (user: RegisteredUser, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/sales/${orderId}/cancel`, headers: bearer(user.token) });
const ship = (user: RegisteredUser, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sales/${orderId}/ship`,
    headers: bearer(user.token),
    payload: {},
  });
const received = (user: RegisteredUser, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/received`, headers: bearer(user.token) });
const orderOf = async (user: RegisteredUser, orderId: string) =>
  (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user.token) })).json<Order>();

const stockOf = async (productId: string) =>
  (
    await queryRows<{ stock: number }>(t.database.db, sql`select stock from products where id = ${productId}`)
  )[0]?.stock;
const mailsTo = (recipient: string, subject: string) =>
  queryRows<{ body: string }>(
    t.database.db,
    sql`select body from mail_outbox where recipient = ${recipient} and subject = ${subject} order by created_at`,
  );
/** Every refund of the charge done: the refunds job (the sandbox gives back at once) has run. */
const refundedAll = async (reference: string) =>
  expect
    .poll(async () => (await refundsOf(t.database.db, reference)).map((refund) => refund.status), {
      timeout: 10_000,
    })
    .not.toContain('pending');

function expectRefused(
  response: Awaited<ReturnType<typeof cancelLine>>,
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code, message });
}

describe('POST /api/orders/{id}/cancel', () => {
  it("refunds a line out of its seller's earning, puts its units back, and tells the buyer and the seller", async () => {
    const stock = { basket: await stockOf(basket), sufuria: await stockOf(sufuria) };
    const before = await balancesOf(t.database.db, amina.id);
    const { buyer, order, lines } = await threeLineOrder();
    const reference = await paidReferenceOf(t.database.db, order.id);
    expect(await stockOf(basket)).toBe(stock.basket! - 2);
    // Amina's part: KES 4,750 less Sokoni's 5% (KES 237.50), pending until it ships.
    expect((await balancesOf(t.database.db, amina.id)).pending).toBe(before.pending + 451_250);

    const response = await cancelLine(buyer, order.id, { itemId: lines.basket });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: CANCEL_MESSAGES.orderCancelled, refund: 3800 });

    // KES 3,800 less its share of the fee (KES 190) leaves Amina: her sufuria's KES 902.50 stays.
    expect(await balancesOf(t.database.db, amina.id)).toMatchObject({ pending: before.pending + 90_250 });
    expect(await stockOf(basket)).toBe(stock.basket);
    expect(await stockOf(sufuria)).toBe(stock.sufuria! - 1);
    await refundedAll(reference);
    expect(await refundsOf(t.database.db, reference)).toEqual([
      {
        reference: expect.stringMatching(/^rf_[a-f0-9]{24}$/),
        amount_cents: 380_000,
        status: 'refunded',
        reason: 'order_line_cancelled',
      },
    ]);
    expect(await entriesOf(t.database.db, reference)).toEqual(['sale', 'refund', 'refund_paid']);
    await expectLedgerSound(t.database.db);

    const after = await orderOf(buyer, order.id);
    expect(after.items.find((line) => line.id === lines.basket)).toMatchObject({
      cancelledAt: expect.any(String),
      cancelledBy: 'buyer',
      canCancel: false,
    });
    expect(
      after.items
        .filter((line) => line.canCancel)
        .map((line) => line.id)
        .sort(),
    ).toEqual([lines.sufuria, lines.lamp].sort());
    expect(after).toMatchObject({ totalAmount: order.totalAmount, canConfirmReceived: true });

    const number = formatOrderNumber(order.id);
    const [toBuyer] = await mailsTo(buyer.email, CANCELLATION_MAIL.order.buyerSubject(number));
    expect(toBuyer?.body).toContain(CANCELLATION_MAIL.order.byBuyer(number));
    expect(toBuyer?.body).toContain('2 × Kiondo basket');
    expect(toBuyer?.body).toContain(CANCELLATION_MAIL.refund('KES 3,800'));
    const [toSeller] = await mailsTo(amina.email, CANCELLATION_MAIL.order.sellerSubject(number));
    expect(toSeller?.body).toContain(CANCELLATION_MAIL.order.buyerCancelled('Achieng Odhiambo', number));
    expect(toSeller?.body).toContain(CANCELLATION_MAIL.order.buyerRefunded('KES 3,800'));
    expect(await mailsTo(brian.email, CANCELLATION_MAIL.order.sellerSubject(number))).toEqual([]);
  });

  it("refuses a shipped line, a line cancelled already, an unpaid order, someone else's order and an unknown line, changing nothing", async () => {
    const pending = await threeLineOrder({ paid: false });
    expectRefused(
      await cancelLine(pending.buyer, pending.order.id, { itemId: pending.lines.basket }),
      409,
      'NOT_PAID_YET',
      ORDER_MESSAGES.notPaidYet,
    );

    const { buyer, order, lines } = await threeLineOrder();
    const reference = await paidReferenceOf(t.database.db, order.id);
    expect((await ship(amina, order.id)).statusCode).toBe(200);
    const stock = await stockOf(basket);
    expectRefused(
      await cancelLine(buyer, order.id, { itemId: lines.basket }),
      409,
      'ITEM_SHIPPED',
      CANCEL_MESSAGES.orderShipped,
    );
    // Brian has not shipped his lamp: it is still the buyer's to cancel, once.
    expect((await cancelLine(buyer, order.id, { itemId: lines.lamp })).statusCode).toBe(200);
    expectRefused(
      await cancelLine(buyer, order.id, { itemId: lines.lamp }),
      409,
      'ALREADY_CANCELLED',
      CANCEL_MESSAGES.alreadyCancelled,
    );
    expectRefused(
      await cancelLine(brian, order.id, { itemId: lines.sufuria }),
      404,
      'ORDER_NOT_FOUND',
      ORDER_MESSAGES.notFound,
    );
    expectRefused(
      await cancelLine(buyer, order.id, { itemId: randomUUID() }),
      404,
      'ITEM_NOT_FOUND',
      CANCEL_MESSAGES.itemNotFound,
    );
    expectRefused(
      await cancelLine(buyer, order.id, {}),
      400,
      'VALIDATION_FAILED',
      'Choose the item to cancel.',
    );
    expect((await cancelLine(null, order.id, { itemId: lines.sufuria })).statusCode).toBe(401);

    expect(await stockOf(basket)).toBe(stock);
    await refundedAll(reference);
    expect((await refundsOf(t.database.db, reference)).map((refund) => refund.amount_cents)).toEqual([
      680_050,
    ]);
    await expectLedgerSound(t.database.db);
  });
});

describe('POST /api/sales/{id}/cancel', () => {
  it("refunds every open line of the seller's, puts the units back and tells both sides; the other seller's part stands", async () => {
    const { buyer, order, lines } = await threeLineOrder();
    const reference = await paidReferenceOf(t.database.db, order.id);
    // The buyer cancelled the basket already: Amina's sale gives back her sufuria.
    expect((await cancelLine(buyer, order.id, { itemId: lines.basket })).statusCode).toBe(200);
    const stock = await stockOf(sufuria);
    const before = await balancesOf(t.database.db, amina.id);

    const response = await cancelSale(amina, order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: CANCEL_MESSAGES.saleCancelled, refund: 950 });
    expect(await stockOf(sufuria)).toBe(stock! + 1);
    expect((await balancesOf(t.database.db, amina.id)).pending).toBe(before.pending - 90_250);
    await refundedAll(reference);
    expect(
      (await refundsOf(t.database.db, reference)).map((refund) => [refund.amount_cents, refund.reason]),
    ).toEqual([
      [380_000, 'order_line_cancelled'],
      [95_000, 'sale_cancelled'],
    ]);
    await expectLedgerSound(t.database.db);

    const after = await orderOf(buyer, order.id);
    expect(after.items.find((line) => line.id === lines.sufuria)).toMatchObject({
      cancelledBy: 'seller',
      canCancel: false,
    });
    expect(after.items.find((line) => line.id === lines.lamp)).toMatchObject({
      cancelledAt: null,
      canCancel: true,
    });
    const number = formatOrderNumber(order.id);
    const toBuyer = await mailsTo(buyer.email, CANCELLATION_MAIL.order.buyerSubject(number));
    expect(toBuyer.at(-1)?.body).toContain(CANCELLATION_MAIL.order.bySeller('Amina Njeri', number));
    expect(toBuyer.at(-1)?.body).toContain('1 × Sufuria set');
    expect(toBuyer.at(-1)?.body).toContain(CANCELLATION_MAIL.refund('KES 950'));
    const toSeller = await mailsTo(amina.email, CANCELLATION_MAIL.order.sellerSubject(number));
    expect(toSeller.at(-1)?.body).toContain(CANCELLATION_MAIL.order.sellerCancelled(number));
  });

  it('refuses once shipped, twice, to anyone with no line in it, and ships nothing it cancelled', async () => {
    const { order } = await threeLineOrder();
    expect((await cancelSale(amina, order.id)).statusCode).toBe(200);
    expectRefused(
      await cancelSale(amina, order.id),
      409,
      'ALREADY_CANCELLED',
      CANCEL_MESSAGES.alreadyCancelled,
    );
    expectRefused(await ship(amina, order.id), 409, 'ALREADY_CANCELLED', CANCEL_MESSAGES.alreadyCancelled);
    const stranger = await registerUser(t.app);
    expectRefused(await cancelSale(stranger, order.id), 404, 'SALE_NOT_FOUND', ORDER_MESSAGES.saleNotFound);
    expect((await ship(brian, order.id)).statusCode).toBe(200);
    expectRefused(await cancelSale(brian, order.id), 409, 'ITEM_SHIPPED', CANCEL_MESSAGES.orderShipped);
  });
});

describe('POST /api/orders/{id}/received', () => {
  it("makes every seller's pending earning of the order available at once, once; nothing is cancelled after", async () => {
    const { buyer, order, lines } = await threeLineOrder();
    const reference = await paidReferenceOf(t.database.db, order.id);
    const before = {
      amina: await balancesOf(t.database.db, amina.id),
      brian: await balancesOf(t.database.db, brian.id),
    };

    const response = await received(buyer, order.id);
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = response.json<Order>();
    expect(confirmed).toMatchObject({ receivedAt: expect.any(String), canConfirmReceived: false });
    expect(confirmed.items.every((line) => !line.canCancel)).toBe(true);
    expect(await balancesOf(t.database.db, amina.id)).toMatchObject({
      pending: before.amina.pending - 451_250,
      available: before.amina.available + 451_250,
    });
    // KES 6,800.50 less 5% (KES 340.03, rounded half up).
    expect(await balancesOf(t.database.db, brian.id)).toMatchObject({
      pending: before.brian.pending - 646_047,
      available: before.brian.available + 646_047,
    });

    const again = await received(buyer, order.id);
    expect(again.json<Order>().receivedAt).toBe(confirmed.receivedAt);
    expect(await entriesOf(t.database.db, reference)).toEqual(['sale', 'release', 'release']);
    expectRefused(
      await cancelLine(buyer, order.id, { itemId: lines.lamp }),
      409,
      'ORDER_RECEIVED',
      CANCEL_MESSAGES.orderReceivedAlready,
    );
    expectRefused(
      await cancelSale(brian, order.id),
      409,
      'ORDER_RECEIVED',
      CANCEL_MESSAGES.orderReceivedAlready,
    );
    await expectLedgerSound(t.database.db);

    const pending = await threeLineOrder({ paid: false });
    expectRefused(
      await received(pending.buyer, pending.order.id),
      409,
      'NOT_PAID_YET',
      ORDER_MESSAGES.notPaidYet,
    );
    expect((await received(brian, order.id)).statusCode).toBe(404);
  });
});
