import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, formatOrderNumber } from '@sokoni/contracts/checkout';
import type { DeliveryInput } from '@sokoni/contracts/delivery';
import { RECEIPT_MAIL } from '@sokoni/contracts/mail';
import type { Order, Sale } from '@sokoni/contracts/orders';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  payOrder,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';

const TO_KISUMU: DeliveryInput = {
  method: 'delivery',
  phone: '0722 000 111',
  county: 'Kisumu',
  town: 'Kisumu',
  address: 'Oginga Odinga Street, Mega Plaza',
};
const PICKUP: DeliveryInput = { method: 'pickup', phone: '+254 110 222 333' };

let t: TestApp;
let amina: RegisteredUser;
let brian: RegisteredUser;
let stranger: RegisteredUser;
let basket: string;
let sufuria: string;
let lamp: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://sokoni.example' });
  amina = await registerUser(t.app, { name: 'Amina Njeri' });
  brian = await registerUser(t.app, { name: 'Brian Otieno' });
  stranger = await registerUser(t.app, { name: 'Kevin Mutua' });
  basket = await createProduct(t.database.db, amina.id, { title: 'Kiondo basket', priceCents: 190_000 });
  sufuria = await createProduct(t.database.db, amina.id, { title: 'Sufuria set', priceCents: 95_000 });
  lamp = await createProduct(t.database.db, brian.id, { title: 'Solar lamp', priceCents: 680_050 });
});
afterAll(async () => t?.close());

/** A new buyer's order of `lines`, paid through the sandbox unless `paid` is false. */
async function orderOf(
  lines: Array<{ productId: string; quantity?: number }>,
  { delivery = TO_KISUMU, paid = true }: { delivery?: DeliveryInput; paid?: boolean } = {},
) {
  const buyer = await registerUser(t.app, { name: 'Achieng Odhiambo' });
  const order = await placeOrder(t.app, buyer.token, lines, delivery);
  if (paid) await payOrder(t.app, buyer, order, t.config.publicUrl);
  return { buyer, order };
}

/** Amina's two lines and Brian's one, paid, delivered to Kisumu. */
const twoSellerOrder = () =>
  orderOf([{ productId: basket, quantity: 2 }, { productId: sufuria }, { productId: lamp }]);

const salesOf = (user: RegisteredUser, query = '') =>
  t.app.inject({ url: `/api/sales${query}`, headers: bearer(user.token) });

async function saleOf(user: RegisteredUser, orderId: string): Promise<Sale | undefined> {
  const sales = (await salesOf(user, '?limit=100')).json<Sale[]>();
  return sales.find((sale) => sale.orderId === orderId);
}

const act = (action: 'ship' | 'deliver', user: RegisteredUser | null, orderId: string, note?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sales/${orderId}/${action}`,
    headers: user ? bearer(user.token) : {},
    ...(action === 'ship' ? { payload: note === undefined ? {} : { note } } : {}),
  });

const shipmentRows = (orderId: string) =>
  queryRows<{ seller_id: string; status: string; note: string | null; delivered_at: string | null }>(
    t.database.db,
    sql`select seller_id, status, note, delivered_at::text from order_shipments where order_id = ${orderId}
        order by seller_id`,
  );

const mailsTo = (recipient: string) =>
  queryRows<{ subject: string; body: string }>(
    t.database.db,
    sql`select subject, body from mail_outbox where recipient = ${recipient} order by created_at, id`,
  );

describe('GET /api/sales', () => {
  it("shows each seller of a paid two-seller order only their own lines and total, with the buyer's name, phone and delivery", async () => {
    const { order } = await twoSellerOrder();

    const aminas = await saleOf(amina, order.id);
    expect(aminas).toEqual({
      orderId: order.id,
      paidAt: expect.any(String),
      buyer: { name: 'Achieng Odhiambo' },
      delivery: {
        method: 'delivery',
        phone: '+254722000111',
        county: 'Kisumu',
        town: 'Kisumu',
        address: 'Oginga Odinga Street, Mega Plaza',
      },
      items: [
        {
          id: expect.any(String),
          productId: basket,
          sellerId: amina.id,
          quantity: 2,
          price: 1900,
          product: { name: 'Kiondo basket', image: '/api/uploads/sample/test.webp' },
          cancelledAt: null,
          cancelledBy: null,
          canCancel: true,
        },
        {
          id: expect.any(String),
          productId: sufuria,
          sellerId: amina.id,
          quantity: 1,
          price: 950,
          product: { name: 'Sufuria set', image: '/api/uploads/sample/test.webp' },
          cancelledAt: null,
          cancelledBy: null,
          canCancel: true,
        },
      ],
      total: 4750,
      shipment: {
        sellerId: amina.id,
        sellerName: 'Amina Njeri',
        status: 'awaiting',
        note: null,
        shippedAt: null,
        deliveredAt: null,
      },
    });
    const brians = await saleOf(brian, order.id);
    expect(brians?.items.map((item) => item.product.name)).toEqual(['Solar lamp']);
    expect(brians?.total).toBe(6800.5);
    expect(brians?.shipment).toMatchObject({
      sellerId: brian.id,
      sellerName: 'Brian Otieno',
      status: 'awaiting',
    });
  });

  it('carries the phone of a pickup order, with no address', async () => {
    const { order } = await orderOf([{ productId: lamp }], { delivery: PICKUP });
    expect((await saleOf(brian, order.id))?.delivery).toEqual({
      method: 'pickup',
      phone: '+254110222333',
      county: null,
      town: null,
      address: null,
    });
  });

  it("shows no pending order, and nothing of orders without the caller's lines", async () => {
    const { order } = await orderOf([{ productId: basket }], { paid: false });
    expect(await saleOf(amina, order.id)).toBeUndefined();
    const shopper = await registerUser(t.app);
    const response = await salesOf(shopper);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('lists newest paid first, a page at a time, with X-Total-Count', async () => {
    const seller = await registerUser(t.app, { name: 'Wairimu Kariuki' });
    const kikoi = await createProduct(t.database.db, seller.id, { title: 'Kikoi', priceCents: 120_000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await orderOf([{ productId: kikoi }])).order.id);
    await orderOf([{ productId: kikoi }], { paid: false });

    const first = await salesOf(seller, '?limit=2');
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json<Sale[]>().map((sale) => sale.orderId)).toEqual([ids[2], ids[1]]);
    const next = await salesOf(seller, '?limit=2&offset=2');
    expect(next.json<Sale[]>().map((sale) => sale.orderId)).toEqual([ids[0]]);
  });

  it('refuses a visitor with 401 and a bad limit with 400', async () => {
    expect((await t.app.inject({ url: '/api/sales' })).statusCode).toBe(401);
    const response = await salesOf(amina, '?limit=0');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('limit must be between 1 and 100.');
  });
});

describe('marking a sale shipped, then delivered', () => {
  it("moves only the caller's part forward, awaiting → shipped (with the note) → delivered, and the buyer's order shows it", async () => {
    const { buyer, order } = await twoSellerOrder();
    const before = Date.now();

    const shipped = await act('ship', amina, order.id, '  Sent with Easy Coach, parcel KSM-2231  ');
    expect(shipped.statusCode).toBe(200);
    const sale = shipped.json<Sale>();
    expect(sale.orderId).toBe(order.id);
    expect(sale.items).toHaveLength(2);
    expect(sale.shipment).toMatchObject({
      status: 'shipped',
      note: 'Sent with Easy Coach, parcel KSM-2231',
      deliveredAt: null,
    });
    expect(Date.parse(sale.shipment.shippedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(sale.shipment.shippedAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await saleOf(brian, order.id))?.shipment.status).toBe('awaiting');

    const buyersView = (
      await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(buyer.token) })
    ).json<Order>();
    expect(
      Object.fromEntries(buyersView.shipments.map((shipment) => [shipment.sellerName, shipment.status])),
    ).toEqual({ 'Amina Njeri': 'shipped', 'Brian Otieno': 'awaiting' });

    const delivered = await act('deliver', amina, order.id);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json<Sale>().shipment).toMatchObject({
      status: 'delivered',
      note: 'Sent with Easy Coach, parcel KSM-2231',
      shippedAt: sale.shipment.shippedAt,
      deliveredAt: expect.any(String),
    });
    expect((await saleOf(amina, order.id))?.shipment.status).toBe('delivered');
    expect((await saleOf(brian, order.id))?.shipment.status).toBe('awaiting');
  });

  it('ships without a note', async () => {
    const { order } = await orderOf([{ productId: lamp }]);
    const response = await act('ship', brian, order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Sale>().shipment).toMatchObject({ status: 'shipped', note: null });
  });

  it('refuses each step out of order with 409 and its message, leaving the shipment as it was', async () => {
    const { order } = await orderOf([{ productId: basket }]);

    const early = await act('deliver', amina, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_SHIPPED_YET', message: ORDER_MESSAGES.notShippedYet });
    expect(await shipmentRows(order.id)).toEqual([]);

    await act('ship', amina, order.id, 'First note');
    const again = await act('ship', amina, order.id, 'Second note');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_SHIPPED', message: ORDER_MESSAGES.alreadyShipped });
    expect(await shipmentRows(order.id)).toEqual([
      { seller_id: amina.id, status: 'shipped', note: 'First note', delivered_at: null },
    ]);

    await act('deliver', amina, order.id);
    const [delivered] = await shipmentRows(order.id);
    const twice = await act('deliver', amina, order.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'ALREADY_DELIVERED',
      message: ORDER_MESSAGES.alreadyDelivered,
    });
    const shipAfter = await act('ship', amina, order.id, 'Third note');
    expect(shipAfter.statusCode).toBe(409);
    expect(shipAfter.json().message).toBe(ORDER_MESSAGES.alreadyShipped);
    expect(await shipmentRows(order.id)).toEqual([delivered]);
  });

  it('refuses a pending order with 409 This order is not paid yet., writing nothing', async () => {
    const { order } = await orderOf([{ productId: basket }], { paid: false });
    for (const action of ['ship', 'deliver'] as const) {
      const response = await act(action, amina, order.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'NOT_PAID_YET', message: ORDER_MESSAGES.notPaidYet });
    }
    expect(await shipmentRows(order.id)).toEqual([]);
  });

  it('answers anyone with no line in the order 404 Sale not found., paid or not, and a visitor 401', async () => {
    const { buyer, order } = await orderOf([{ productId: basket }]);
    const { order: pending } = await orderOf([{ productId: basket }], { paid: false });
    const refusals = [
      [stranger, order.id],
      [stranger, pending.id],
      // Brian sells in the shop, but nothing of this order.
      [brian, order.id],
      // The buyer sees their order on My Orders, not here.
      [buyer, order.id],
      [amina, '00000000-0000-4000-8000-000000000000'],
      [amina, 'not-an-id'],
    ] as const;
    for (const [user, orderId] of refusals) {
      for (const action of ['ship', 'deliver'] as const) {
        const response = await act(action, user, orderId);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({
          code: 'SALE_NOT_FOUND',
          message: ORDER_MESSAGES.saleNotFound,
        });
      }
    }
    expect((await act('ship', null, order.id)).statusCode).toBe(401);
    expect((await act('deliver', null, order.id)).statusCode).toBe(401);
    expect(await shipmentRows(order.id)).toEqual([]);
  });

  it('refuses a note over 200 characters with 400, writing nothing', async () => {
    const { order } = await orderOf([{ productId: basket }]);
    const response = await act('ship', amina, order.id, 'x'.repeat(201));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Notes can be at most 200 characters.');
    expect(await shipmentRows(order.id)).toEqual([]);
  });

  it('lets one of ten simultaneous ship requests win and e-mails the buyer once; likewise for delivered', async () => {
    const { buyer, order } = await orderOf([{ productId: lamp }]);
    const ships = await Promise.all(
      Array.from({ length: 10 }, (_, i) => act('ship', brian, order.id, `Try ${i}`)),
    );
    const shipCodes = ships.map((response) => response.statusCode);
    expect(shipCodes.filter((code) => code === 200)).toHaveLength(1);
    expect(shipCodes.filter((code) => code === 409)).toHaveLength(9);
    const winner = ships.find((response) => response.statusCode === 200)!.json<Sale>();
    expect(await shipmentRows(order.id)).toEqual([
      { seller_id: brian.id, status: 'shipped', note: winner.shipment.note, delivered_at: null },
    ]);
    const shippedMails = (await mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith('On its way'));
    expect(shippedMails).toHaveLength(1);
    expect(shippedMails[0]!.body).toContain(`Note from the seller: ${winner.shipment.note}`);

    const deliveries = await Promise.all(Array.from({ length: 10 }, () => act('deliver', brian, order.id)));
    const deliverCodes = deliveries.map((response) => response.statusCode);
    expect(deliverCodes.filter((code) => code === 200)).toHaveLength(1);
    expect(deliverCodes.filter((code) => code === 409)).toHaveLength(9);
  });
});

describe('e-mails through the outbox', () => {
  it("tells each seller of a paid order of their sale: their lines only, the buyer's name, phone and delivery, a link to Sales", async () => {
    const aminaBefore = (await mailsTo(amina.email)).length;
    const { order } = await twoSellerOrder();
    const number = formatOrderNumber(order.id);

    const aminas = (await mailsTo(amina.email)).slice(aminaBefore);
    expect(aminas).toHaveLength(1);
    expect(aminas[0]!.subject).toBe(`New sale on Sokoni: ${number}`);
    expect(aminas[0]!.body).toBe(
      [
        'Hello Amina Njeri,',
        '',
        `Achieng Odhiambo has bought from you and paid: ${number}.`,
        '',
        '2 × Kiondo basket at KES 1,900 each: KES 3,800',
        '1 × Sufuria set at KES 950 each: KES 950',
        '',
        'Your total: KES 4,750',
        '',
        'Buyer: Achieng Odhiambo',
        'Phone: 0722 000 111',
        'Deliver to: Oginga Odinga Street, Mega Plaza, Kisumu, Kisumu County',
        '',
        'Mark the sale shipped on Sales once it is on its way: https://sokoni.example/sales',
        '',
        'Asante,\nSokoni',
        '',
      ].join('\n'),
    );
    const brians = (await mailsTo(brian.email)).filter((mail) => mail.subject.endsWith(number));
    expect(brians).toHaveLength(1);
    expect(brians[0]!.body).toContain('1 × Solar lamp at KES 6,801 each: KES 6,801');
    expect(brians[0]!.body).toContain('Your total: KES 6,801');
    expect(brians[0]!.body).not.toContain('Kiondo basket');
    expect(brians[0]!.body).not.toContain('Sufuria set');
  });

  it('tells the seller of a pickup order that the buyer collects it', async () => {
    const { order } = await orderOf([{ productId: basket }], { delivery: PICKUP });
    const [notice] = (await mailsTo(amina.email)).filter((mail) =>
      mail.subject.endsWith(formatOrderNumber(order.id)),
    );
    expect(notice!.body).toContain('Phone: 0110 222 333\nThe buyer will pick the goods up from your shop.');
    expect(notice!.body).not.toContain('Deliver to');
  });

  it('tells no seller of an order that is not paid', async () => {
    const before = (await mailsTo(amina.email)).length;
    await orderOf([{ productId: basket }], { paid: false });
    expect(await mailsTo(amina.email)).toHaveLength(before);
  });

  it("tells the buyer when a seller ships: that seller's lines, the note, where to, a link to My Orders", async () => {
    const { buyer, order } = await twoSellerOrder();
    const number = formatOrderNumber(order.id);
    // The receipt is there already.
    expect((await mailsTo(buyer.email)).map((mail) => mail.subject)).toEqual([
      RECEIPT_MAIL.subject(RECEIPT_MAIL.andMore('2 × Kiondo basket', 2)),
    ]);

    await act('ship', amina, order.id, 'Sent with Easy Coach, parcel KSM-2231');
    const [, shipped] = await mailsTo(buyer.email);
    expect(shipped!.subject).toBe(`On its way: ${number}`);
    expect(shipped!.body).toBe(
      [
        'Hello Achieng Odhiambo,',
        '',
        `Amina Njeri has shipped your goods from ${number}:`,
        '2 × Kiondo basket',
        '1 × Sufuria set',
        '',
        'Note from the seller: Sent with Easy Coach, parcel KSM-2231',
        '',
        'On their way to: Oginga Odinga Street, Mega Plaza, Kisumu, Kisumu County',
        '',
        'Follow your order on My Orders: https://sokoni.example/orders',
        '',
        'Asante,\nSokoni',
        '',
      ].join('\n'),
    );

    // Delivered tells the buyer once more (mail/journey-mails.test.ts reads it); refused steps send nothing.
    await act('deliver', amina, order.id);
    await act('ship', amina, order.id);
    await act('deliver', amina, order.id);
    expect((await mailsTo(buyer.email)).slice(2).map((mail) => mail.subject)).toEqual([
      `Delivered: ${number}`,
    ]);
  });
});
