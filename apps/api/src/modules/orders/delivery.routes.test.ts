import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryInput } from '@sokoni/contracts/delivery';
import { DELIVERY_MESSAGES } from '@sokoni/contracts/delivery-rules';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  payOrder,
  placeOrder,
  registerUser,
  SAMPLE_DELIVERY,
  type RegisteredUser,
} from '../../../test/factories.js';
import { orderShipments, orders } from '../../db/schema/orders.js';
import { countOrdersByUser } from './orders.repository.js';

let t: TestApp;
let seller: RegisteredUser;
let otherSeller: RegisteredUser;
let buyer: RegisteredUser;
let basket: string;
let lamp: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { name: 'Baraka Mwangi' });
  otherSeller = await registerUser(t.app, { name: 'Achieng Crafts' });
  buyer = await registerUser(t.app, { name: 'Amina Wanjiru' });
  basket = await createProduct(t.database.db, seller.id, { title: 'Kiondo basket', priceCents: 190_000 });
  lamp = await createProduct(t.database.db, otherSeller.id, { title: 'Solar lamp', priceCents: 250_000 });
});
afterAll(async () => t?.close());

const order = (delivery: unknown, token = buyer.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: { items: [{ productId: basket, quantity: 1, price: 1900 }], delivery },
  });

const lastDelivery = async (token: string) =>
  (await t.app.inject({ url: '/api/orders/last-delivery', headers: bearer(token) })).json();

const toKisumu: DeliveryInput = {
  method: 'delivery',
  phone: '0722 000 111',
  county: 'Kisumu',
  town: 'Kisumu',
  address: 'Oginga Odinga Street, opposite the post office',
};

describe('delivery at checkout: POST /api/orders', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0712 345 678', '+254712345678'],
    ['0112 345 678', '+254112345678'],
    ['+254 712 345 678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254-110-000-000', '+254110000000'],
  ])('accepts the phone %s and stores it as %s', async (phone, e164) => {
    const response = await order({ ...SAMPLE_DELIVERY, phone });
    expect(response.statusCode).toBe(201);
    expect(response.json().delivery.phone).toBe(e164);
  });

  it.each([
    ['too short', '07123456'],
    ['too long', '07123456789'],
    ['starting 08', '0812345678'],
    ['with letters', '07l2 345 678'],
    ['a foreign number', '+255712345678'],
    ['empty', ''],
  ])('refuses a phone %s with 400, writing nothing', async (_case, phone) => {
    const shopper = await registerUser(t.app);
    const response = await order({ ...SAMPLE_DELIVERY, phone }, shopper.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Enter a valid Kenyan phone number.');
    expect(await countOrdersByUser(t.database.db, shopper.id)).toBe(0);
  });

  it('saves a delivery with its county, town and street, and answers it with the order', async () => {
    const response = await order(toKisumu);
    expect(response.statusCode).toBe(201);
    expect(response.json().delivery).toEqual({
      method: 'delivery',
      phone: '+254722000111',
      county: 'Kisumu',
      town: 'Kisumu',
      address: 'Oginga Odinga Street, opposite the post office',
    });
  });

  it.each([
    ['no county', { county: undefined }, DELIVERY_MESSAGES.county],
    ['a county that is not one of the 47', { county: 'Kampala' }, DELIVERY_MESSAGES.county],
    ['no town', { town: undefined }, DELIVERY_MESSAGES.townRequired],
    ['a blank town', { town: '   ' }, DELIVERY_MESSAGES.townRequired],
    ['a town too long', { town: 'K'.repeat(81) }, DELIVERY_MESSAGES.townTooLong],
    ['no street or landmark', { address: '' }, DELIVERY_MESSAGES.addressRequired],
    ['an address too long', { address: 'A'.repeat(201) }, DELIVERY_MESSAGES.addressTooLong],
    ['no method', { method: undefined }, DELIVERY_MESSAGES.method],
  ])('refuses a delivery with %s, writing nothing', async (_case, change, message) => {
    const shopper = await registerUser(t.app);
    const response = await order({ ...toKisumu, ...change }, shopper.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countOrdersByUser(t.database.db, shopper.id)).toBe(0);
  });

  it('refuses an order without delivery details', async () => {
    const shopper = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(shopper.token),
      payload: { items: [{ productId: basket, quantity: 1, price: 1900 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(DELIVERY_MESSAGES.method);
    expect(await countOrdersByUser(t.database.db, shopper.id)).toBe(0);
  });

  it("takes a pickup from the seller's shop with the phone alone, keeping no address", async () => {
    const response = await order({
      method: 'pickup',
      phone: '0712 345 678',
      county: 'Nairobi',
      town: 'Nairobi',
      address: 'Somewhere',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().delivery).toEqual({
      method: 'pickup',
      phone: '+254712345678',
      county: null,
      town: null,
      address: null,
    });
  });

  it('has the database keep a delivery whole: a valid phone, and a full address unless it is a pickup', async () => {
    const shopper = await registerUser(t.app);
    const store = (values: Partial<typeof orders.$inferInsert>) =>
      t.database.db
        .insert(orders)
        .values({ userId: shopper.id, totalCents: 100, ...values })
        .then(
          () => 'stored',
          (error: Error & { cause?: Error }) => (error.cause ?? error).message,
        );
    expect(await store({})).toBe('stored');
    expect(await store({ phone: '+254712345678', deliveryMethod: 'pickup' })).toBe('stored');
    expect(await store({ phone: '0712345678', deliveryMethod: 'pickup' })).toMatch(
      /check constraint "orders_delivery_complete"/,
    );
    // A missing part fails too (a CHECK passes on NULL unless it says otherwise).
    for (const broken of [
      { phone: '+254712345678', deliveryMethod: 'delivery', county: 'Kisumu', town: 'Kisumu' },
      { deliveryMethod: 'pickup' },
      { phone: '+254712345678' },
      { phone: '+254712345678', deliveryMethod: 'delivery', town: 'Kisumu', address: 'Oginga Odinga St' },
      { county: 'Kisumu' },
    ] as const)
      expect(await store(broken), JSON.stringify(broken)).toMatch(
        /check constraint "orders_delivery_complete"/,
      );
  });
});

describe('who sees an order and its delivery', () => {
  it("copies each line's seller from its product, and shows the delivery to the buyer alone", async () => {
    const placed = await placeOrder(
      t.app,
      buyer.token,
      [{ productId: basket }, { productId: lamp }],
      toKisumu,
    );
    const mine = await t.app.inject({ url: `/api/orders/${placed.id}`, headers: bearer(buyer.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().delivery).toMatchObject({ county: 'Kisumu', phone: '+254722000111' });
    const sellers = Object.fromEntries(
      mine
        .json<{ items: Array<{ productId: string; sellerId: string }> }>()
        .items.map((item) => [item.productId, item.sellerId]),
    );
    expect(sellers).toEqual({ [basket]: seller.id, [lamp]: otherSeller.id });

    for (const snoop of [seller, await registerUser(t.app)]) {
      const one = await t.app.inject({ url: `/api/orders/${placed.id}`, headers: bearer(snoop.token) });
      expect(one.statusCode).toBe(404);
      expect(one.body).not.toContain('+254722000111');
      const list = await t.app.inject({ url: '/api/orders', headers: bearer(snoop.token) });
      expect(list.body).not.toContain('+254722000111');
    }
  });

  it('answers no shipments while the order is pending, and one per seller, awaiting, once it is paid', async () => {
    const shopper = await registerUser(t.app);
    const placed = await placeOrder(t.app, shopper.token, [{ productId: basket }, { productId: lamp }]);
    const read = async () =>
      (await t.app.inject({ url: `/api/orders/${placed.id}`, headers: bearer(shopper.token) })).json();
    expect((await read()).shipments).toEqual([]);

    await payOrder(t.app, shopper, placed);
    expect((await read()).shipments).toEqual([
      {
        sellerId: otherSeller.id,
        sellerName: 'Achieng Crafts',
        status: 'awaiting',
        note: null,
        shippedAt: null,
        deliveredAt: null,
      },
      {
        sellerId: seller.id,
        sellerName: 'Baraka Mwangi',
        status: 'awaiting',
        note: null,
        shippedAt: null,
        deliveredAt: null,
      },
    ]);

    const shippedAt = new Date('2026-11-21T08:30:00Z');
    await t.database.db.insert(orderShipments).values({
      orderId: placed.id,
      sellerId: seller.id,
      status: 'shipped',
      note: 'G4S, waybill 4471',
      shippedAt,
    });
    const listed = (await t.app.inject({ url: '/api/orders', headers: bearer(shopper.token) })).json<
      Array<{ id: string; shipments: unknown[] }>
    >();
    expect(listed.find((one) => one.id === placed.id)?.shipments).toEqual([
      expect.objectContaining({ sellerId: otherSeller.id, status: 'awaiting' }),
      {
        sellerId: seller.id,
        sellerName: 'Baraka Mwangi',
        status: 'shipped',
        note: 'G4S, waybill 4471',
        shippedAt: shippedAt.toISOString(),
        deliveredAt: null,
      },
    ]);
  });
});

describe('GET /api/orders/last-delivery', () => {
  it('answers null for a buyer who has never given delivery details, and 401 to a visitor', async () => {
    const newcomer = await registerUser(t.app);
    expect(await lastDelivery(newcomer.token)).toEqual({ delivery: null });
    expect((await t.app.inject('/api/orders/last-delivery')).statusCode).toBe(401);
  });

  it("answers the caller's latest delivery details, skipping older orders without any, never another's", async () => {
    const shopper = await registerUser(t.app);
    const neighbour = await registerUser(t.app);
    await placeOrder(t.app, shopper.token, [{ productId: basket }], SAMPLE_DELIVERY);
    await placeOrder(t.app, shopper.token, [{ productId: basket }], toKisumu);
    await placeOrder(t.app, neighbour.token, [{ productId: basket }], {
      method: 'pickup',
      phone: '0799 999 999',
    });
    // An order placed before checkout asked, yet newest: it has nothing to remember.
    await t.database.db
      .insert(orders)
      .values({ userId: shopper.id, totalCents: 190_000, createdAt: new Date(Date.now() + 60_000) });

    expect(await lastDelivery(shopper.token)).toEqual({
      delivery: {
        method: 'delivery',
        phone: '+254722000111',
        county: 'Kisumu',
        town: 'Kisumu',
        address: 'Oginga Odinga Street, opposite the post office',
      },
    });
    expect(await lastDelivery(neighbour.token)).toEqual({
      delivery: { method: 'pickup', phone: '+254799999999', county: null, town: null, address: null },
    });
  });
});
