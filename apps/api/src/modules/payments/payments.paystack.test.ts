import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { startFakePaystack } from '../../../test/fake-paystack.js';
import {
  bearer,
  createProduct,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';
import { countFulfilments, findPaymentByReference } from './payments.repository.js';

const SECRET = 'sk_test_4f1c0ffee4f1c0ffee';
const CALLBACK = 'http://127.0.0.1:3000/payment/callback';
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let t: TestApp;
let buyer: RegisteredUser;
let productId: string;

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
  t = await createTestApp({
    paymentsProvider: 'paystack',
    paystackSecretKey: SECRET,
    paystackBaseUrl: paystack.baseUrl,
  });
  const seller = await registerUser(t.app);
  buyer = await registerUser(t.app);
  productId = await createProduct(t.database.db, seller.id, { title: 'Bao board', priceCents: 250_000 });
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

async function startPayment(quantity = 1, product = productId) {
  const order = await placeOrder(t.app, buyer.token, [{ productId: product, quantity }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(buyer.token),
    payload: {
      email: buyer.email,
      amount: order.totalAmount,
      callback_url: CALLBACK,
      paymentType: 'order',
      orderId: order.id,
    },
  });
  return { order, response, reference: response.json().data?.reference as string };
}
const verify = (reference: string) =>
  t.app.inject({ url: `/api/payments/verify?reference=${reference}`, headers: bearer(buyer.token) });
const orderStatus = async (id: string) =>
  (await t.app.inject({ url: `/api/orders/${id}`, headers: bearer(buyer.token) })).json().status;
const sign = (body: string, secret = SECRET) => createHmac('sha512', secret).update(body).digest('hex');
const webhook = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-paystack-signature': signature } : {}),
    },
  });
const chargeSuccess = (reference: string, amount: number, currency = 'KES') =>
  JSON.stringify({
    event: 'charge.success',
    data: { reference, status: 'success', amount, currency, id: 1 },
  });

describe('GET /api/payments/provider', () => {
  it('names Paystack when it takes the payments', async () => {
    expect((await t.app.inject('/api/payments/provider')).json()).toEqual({
      provider: 'paystack',
      label: 'Paystack',
    });
  });
});

describe('the Paystack adapter', () => {
  it('initialises with amount in subunits, KES, our reference, the callback and the secret key', async () => {
    const { order, response, reference } = await startPayment(2);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      authorization_url: `https://checkout.paystack.com/${reference}`,
      access_code: `ac_${reference}`,
      reference,
    });
    const sent = paystack.requests.find(
      (request) =>
        request.url === '/transaction/initialize' &&
        (request.body as { reference: string }).reference === reference,
    );
    expect(sent?.method).toBe('POST');
    expect(sent?.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent?.body).toEqual({
      email: buyer.email,
      amount: 500_000,
      currency: 'KES',
      reference,
      callback_url: CALLBACK,
      metadata: {
        paymentType: 'order',
        subjectId: order.id,
        userId: buyer.id,
        description: `Order ${order.id.slice(0, 6)}`,
      },
    });
  });

  it('marks the order paid when Paystack reports success for the amount asked', async () => {
    const { order, reference } = await startPayment();
    paystack.setCharge(reference, { status: 'success' });
    expect((await verify(reference)).json()).toMatchObject({ status: 'success', amount: 2500 });
    expect(paystack.requests.at(-1)?.url).toBe(`/transaction/verify/${reference}`);
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it.each(['failed', 'abandoned'])('leaves the order pending when Paystack reports %s', async (status) => {
    const { order, reference } = await startPayment();
    paystack.setCharge(reference, { status });
    expect((await verify(reference)).json().status).toBe(status);
    expect(await orderStatus(order.id)).toBe('pending');
  });

  it.each([
    ['amount', { amount: 100 }],
    ['currency', { currency: 'USD' }],
  ])('never fulfils a success for another %s than asked', async (_what, charge) => {
    const { order, reference } = await startPayment();
    paystack.setCharge(reference, { status: 'success', ...charge });
    expect((await verify(reference)).json().status).toBe('failed');
    expect(await orderStatus(order.id)).toBe('pending');
    expect((await findPaymentByReference(t.database.db, reference))?.failureReason).toBe(
      'amount_or_currency_mismatch',
    );
  });

  it('answers 502 and records the attempt when Paystack refuses to initialise', async () => {
    paystack.failNextWith(500, { status: false, message: 'Service unavailable' });
    const { response } = await startPayment();
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.providerUnavailable);
    const [row] = await queryRows<{ status: string; failure_reason: string }>(
      t.database.db,
      sql`select status, failure_reason from payments order by created_at desc limit 1`,
    );
    expect(row).toEqual({ status: 'failed', failure_reason: 'provider_error' });
  });

  it('answers 502 when Paystack cannot verify, keeping the payment pending', async () => {
    const { order, reference } = await startPayment();
    paystack.failNextWith(503, { status: false, message: 'down' });
    expect((await verify(reference)).statusCode).toBe(502);
    expect((await findPaymentByReference(t.database.db, reference))?.status).toBe('pending');
    expect(await orderStatus(order.id)).toBe('pending');
  });
});

describe('POST /api/payments/webhook', () => {
  it('refuses a missing or wrong signature with 401 and changes nothing', async () => {
    const { order, reference } = await startPayment();
    const body = chargeSuccess(reference, 250_000);
    expect((await webhook(body)).statusCode).toBe(401);
    expect((await webhook(body, sign(body, 'sk_test_someone_else'))).statusCode).toBe(401);
    expect((await webhook(body, sign(`${body} `))).statusCode).toBe(401);
    expect(await orderStatus(order.id)).toBe('pending');
    expect((await findPaymentByReference(t.database.db, reference))?.status).toBe('pending');
  });

  it('fulfils on a correctly signed charge.success', async () => {
    const { order, reference } = await startPayment();
    const body = chargeSuccess(reference, 250_000);
    const response = await webhook(body, sign(body));
    expect(response.statusCode).toBe(200);
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('fulfils exactly once when the webhook arrives five times at once alongside a verify', async () => {
    const seller = await registerUser(t.app);
    const drum = await createProduct(t.database.db, seller.id, { title: 'Drum', priceCents: 250_000 });
    const { order, reference } = await startPayment(3, drum);
    paystack.setCharge(reference, { status: 'success' });
    const body = chargeSuccess(reference, 750_000);
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(body, sign(body))),
      verify(reference),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await countFulfilments(t.database.db, reference)).toBe(1);
    expect(await orderStatus(order.id)).toBe('paid');
    const [sold] = await queryRows<{ units: number }>(
      t.database.db,
      sql`select coalesce(sum(units_sold), 0)::int as units from product_daily_stats where product_id = ${drum}`,
    );
    // The three units count towards trending once, not six times.
    expect(sold?.units).toBe(3);
  });

  it('settles a success after an earlier mismatch without keeping the old failure reason', async () => {
    const { order, reference } = await startPayment();
    const wrong = chargeSuccess(reference, 1);
    expect((await webhook(wrong, sign(wrong))).statusCode).toBe(200);
    expect(await findPaymentByReference(t.database.db, reference)).toMatchObject({
      status: 'failed',
      failureReason: 'amount_or_currency_mismatch',
    });
    const right = chargeSuccess(reference, 250_000);
    expect((await webhook(right, sign(right))).statusCode).toBe(200);
    expect(await findPaymentByReference(t.database.db, reference)).toMatchObject({
      status: 'success',
      failureReason: null,
    });
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('records a signed event holding NUL characters and lone surrogates instead of failing it, so Paystack stops retrying', async () => {
    const { reference } = await startPayment();
    const body = JSON.stringify({
      event: 'charge.failed',
      data: {
        reference,
        status: 'failed',
        amount: 250_000,
        currency: 'KES',
        gateway_response: 'Declined\u0000',
        'k\u0000': 1,
        channel: 'card\uD800',
        'lone\uDC00': ['\uDBFF\uDFFF', '\uDC00\uD800'],
      },
    });
    expect(body).toContain('\\u0000');
    expect(body).toContain('\\ud800');
    const response = await webhook(body, sign(body));
    expect(response.statusCode).toBe(200);
    expect((await findPaymentByReference(t.database.db, reference))?.status).toBe('failed');
    const [event] = await queryRows<{ payload: { data: Record<string, unknown> } }>(
      t.database.db,
      sql`select e.payload from payment_events e join payments p on p.id = e.payment_id
          where p.reference = ${reference} and e.source = 'webhook'`,
    );
    expect(event?.payload.data).toMatchObject({
      gateway_response: 'Declined\uFFFD',
      'k\uFFFD': 1,
      channel: 'card\uFFFD',
      'lone\uFFFD': ['\uDBFF\uDFFF', '\uFFFD\uFFFD'],
    });
  });

  it.each([
    ['a NUL in the reference', 'sok_\u0000'],
    ['a lone surrogate in the reference', 'sok_\uD800'],
    ['a reference that is not ours', 'T123456789'],
    ['a huge reference', `sok_${'a'.repeat(100_000)}`],
  ])('answers 200 for a signed event with %s, doing nothing', async (_case, reference) => {
    const body = chargeSuccess(reference, 100);
    expect((await webhook(body, sign(body))).statusCode).toBe(200);
  });

  it('answers 200 for a signed event about a reference it does not know, doing nothing', async () => {
    const body = chargeSuccess('sok_unknown', 100);
    expect((await webhook(body, sign(body))).statusCode).toBe(200);
  });
});
