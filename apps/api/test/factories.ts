import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../src/db/client.js';
import { users } from '../src/db/schema/accounts.js';
import { insertProduct, type NewProduct } from '../src/modules/shop/products.repository.js';
import { expect } from 'vitest';
import type { DeliveryInput } from '@sokoni/contracts/delivery';
import type { Booking } from '@sokoni/contracts/stays';
import type { ImageUploadRoute } from '@sokoni/contracts/uploads';
import { HOLDS_LAPSE_QUEUE, REFUNDS_QUEUE } from '../src/modules/payments/payments.service.js';
import { multipartBody } from './multipart.js';
import { databaseOf, queryRows, type TestApp } from './test-app.js';

export type RegisteredUser = { id: string; name: string; email: string; password: string; token: string };

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };

/** When the accounts tests register were made, unless they ask for a new one: long before any test's clock. */
const ESTABLISHED_SINCE = '2000-01-01T00:00:00Z';

/**
 * A user registered through the API. An ordinary test's user is an established account (made long
 * ago, so the smaller bounds of new accounts do not apply: docs/decisions/0015); `young: true`
 * keeps it as new as it is.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<Pick<RegisteredUser, 'name' | 'email' | 'password'>> & { young?: boolean } = {},
): Promise<RegisteredUser> {
  const input = {
    name: overrides.name ?? 'Wanjiku Kamau',
    email: overrides.email ?? `user-${randomBytes(5).toString('hex')}@example.co.ke`,
    password: overrides.password ?? 'Passw0rd!',
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const token = response.json<{ access_token: string }>().access_token;
  const id = claimsOf(token).sub;
  const database = databaseOf(app);
  if (!overrides.young && database) {
    await database.db
      .update(users)
      .set({ createdAt: new Date(ESTABLISHED_SINCE) })
      .where(eq(users.id, id));
  }
  return { ...input, email: input.email.toLowerCase(), id, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A real image upload through the API (a small PNG), answering its public URL. */
export async function uploadImage(
  app: FastifyInstance,
  token: string,
  route: ImageUploadRoute = 'product-image',
): Promise<string> {
  const data = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const { payload, headers } = multipartBody({}, { filename: 'photo.png', contentType: 'image/png', data });
  const response = await app.inject({
    method: 'POST',
    url: `/api/uploads/${route}`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{ publicUrl: string }>().publicUrl;
}

let productSequence = 0;

/** A product straight into the database (the API's create route belongs to selling). */
export async function createProduct(
  db: Db,
  sellerId: string,
  overrides: Partial<Omit<NewProduct, 'sellerId'>> = {},
): Promise<string> {
  productSequence += 1;
  return insertProduct(db, {
    title: `Sample product ${productSequence}`,
    description: 'A product made by the test factory.',
    priceCents: 100_000,
    category: 'electronics',
    condition: 'New',
    images: ['/api/uploads/sample/test.webp'],
    sellerContact: '+254 700 000 000',
    shopLocation: 'Nairobi',
    // Plenty, so tests that buy a product again and again never run it out; stock tests set their own.
    stock: 1000,
    createdAt: new Date(Date.parse('2026-11-01T00:00:00Z') + productSequence * 60_000),
    ...overrides,
    sellerId,
  });
}

/** Promotes a user to admin in the database and signs them in again for a token with the new role. */
export async function makeAdmin(app: FastifyInstance, db: Db, user: RegisteredUser): Promise<string> {
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  return response.json<{ access_token: string }>().access_token;
}

/** Where a test's order goes unless it says: delivery to a street in Nairobi. */
export const SAMPLE_DELIVERY: DeliveryInput = {
  method: 'delivery',
  phone: '0712 345 678',
  county: 'Nairobi',
  town: 'Nairobi',
  address: 'Moi Avenue, Bazaar Plaza',
};

/** An order placed through the API for the given products (quantity 1 each, current prices). */
export async function placeOrder(
  app: FastifyInstance,
  token: string,
  lines: Array<{ productId: string; quantity?: number }>,
  delivery: DeliveryInput = SAMPLE_DELIVERY,
): Promise<{ id: string; totalAmount: number; status: string }> {
  const items = [];
  for (const line of lines) {
    const product = (await app.inject(`/api/products/${line.productId}`)).json<{ price: number }>();
    items.push({ productId: line.productId, quantity: line.quantity ?? 1, price: product.price });
  }
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: { items, delivery },
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** POST /payments/initialize for an order, as the checkout page sends it; the response as it comes. */
export const initializeOrderPayment = (
  app: FastifyInstance,
  buyer: RegisteredUser,
  order: { id: string; totalAmount: number },
  siteOrigin = 'http://127.0.0.1:3000',
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(buyer.token),
    payload: {
      email: buyer.email,
      amount: order.totalAmount,
      userId: buyer.id,
      callback_url: `${siteOrigin}/payment/callback`,
      paymentType: 'order',
      orderId: order.id,
    },
  });

/** Pays an order through the sandbox as a buyer does: initialize, Pay on the sandbox page, verify. */
export async function payOrder(
  app: FastifyInstance,
  buyer: RegisteredUser,
  order: { id: string; totalAmount: number },
  siteOrigin?: string,
): Promise<void> {
  const initialized = await initializeOrderPayment(app, buyer, order, siteOrigin);
  const { reference } = initialized.json<{ data: { reference: string } }>().data;
  await app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });
  const verified = await app.inject({
    url: `/api/payments/verify?reference=${reference}`,
    headers: bearer(buyer.token),
  });
  if (verified.json<{ status: string }>().status !== 'success')
    throw new Error(`payment not settled: ${verified.body}`);
}

/**
 * An order of the products that arrived: placed, paid and confirmed received by `buyer` through the
 * API, as a buyer does before reviewing what they bought (#28).
 */
export async function receivedOrder(
  app: FastifyInstance,
  buyer: RegisteredUser,
  productIds: string[],
): Promise<{ id: string }> {
  const order = await placeOrder(
    app,
    buyer.token,
    productIds.map((productId) => ({ productId })),
  );
  await payOrder(app, buyer, order);
  const received = await app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/received`,
    headers: bearer(buyer.token),
  });
  if (received.statusCode !== 200) throw new Error(`not received: ${received.statusCode} ${received.body}`);
  return { id: order.id };
}

/** A stay booked through the API by `guest` (held while they pay); fails the test unless it is. */
export async function bookStay(
  app: FastifyInstance,
  guest: RegisteredUser,
  stayId: string,
  dates: { startDate: string; endDate: string },
): Promise<Booking> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/stays/${stayId}/book`,
    headers: bearer(guest.token),
    payload: dates,
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json<Booking>();
}

/** Starts paying for a booking as its guest does (POST /payments/initialize), answering the reference. */
export async function startBookingPayment(
  app: FastifyInstance,
  guest: RegisteredUser,
  booking: { id: string; amount: number },
  siteOrigin = 'http://127.0.0.1:3000',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(guest.token),
    payload: {
      email: guest.email,
      amount: booking.amount,
      callback_url: `${siteOrigin}/payment/callback`,
      paymentType: 'booking',
      bookingId: booking.id,
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`payment not started: ${response.statusCode} ${response.body}`);
  return response.json<{ data: { reference: string } }>().data.reference;
}

/** Pays a booking through the sandbox as its guest does: initialize, Pay on the sandbox page. */
export async function payBooking(
  app: FastifyInstance,
  guest: RegisteredUser,
  booking: { id: string; amount: number },
): Promise<string> {
  const reference = await startBookingPayment(app, guest, booking);
  await app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });
  return reference;
}

/**
 * Runs a queue's job `times` times at once, as several servers' workers may, and waits until every
 * run has completed.
 */
export async function runJob(t: TestApp, name: string, times = 1): Promise<void> {
  // Marked, so a run the schedule starts meanwhile is not taken for one of these.
  const run = randomBytes(8).toString('hex');
  const done = async () =>
    (
      await queryRows<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from pgboss.job
            where name = ${name} and state = 'completed' and data->>'run' = ${run}`,
      )
    )[0]?.count ?? 0;
  for (let i = 0; i < times; i += 1) await t.app.jobs.send(name, { run });
  await expect.poll(done, { timeout: 10_000 }).toBe(times);
}

/** Runs the scheduled job that ends lapsed payment holds (see runJob). */
export const runLapseJob = (t: TestApp, times = 1) => runJob(t, HOLDS_LAPSE_QUEUE, times);

export async function runRefundJob(t: TestApp): Promise<void> {
  const [{ since } = { since: '' }] = await queryRows<{ since: string }>(
    t.database.db,
    sql`select now()::text as since`,
  );
  const done = async () =>
    (
      await queryRows<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from pgboss.job
            where name = ${REFUNDS_QUEUE} and state = 'completed' and created_on >= ${since}::timestamptz`,
      )
    )[0]?.count ?? 0;
  await t.app.jobs.send(REFUNDS_QUEUE, {});
  await expect.poll(done, { timeout: 10_000 }).toBeGreaterThan(0);
}
