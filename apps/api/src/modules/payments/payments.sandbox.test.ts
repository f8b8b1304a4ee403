import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';

let t: TestApp;
let buyer: RegisteredUser;
let productId: string;
const CALLBACK = 'http://127.0.0.1:3000/payment/callback';

beforeAll(async () => {
  t = await createTestApp();
  const seller = await registerUser(t.app);
  buyer = await registerUser(t.app);
  productId = await createProduct(t.database.db, seller.id, { title: 'Kitenge dress', priceCents: 280_000 });
});
afterAll(async () => t?.close());

const initialize = (payload: object, token: string | null = buyer.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    payload,
    headers: token ? bearer(token) : {},
  });
const payFor = (order: { id: string; totalAmount: number }, overrides: object = {}, token = buyer.token) =>
  initialize(
    {
      email: buyer.email,
      amount: order.totalAmount,
      userId: buyer.id,
      callback_url: CALLBACK,
      paymentType: 'order',
      orderId: order.id,
      ...overrides,
    },
    token,
  );
const verify = (reference: string, token = buyer.token) =>
  t.app.inject({ url: `/api/payments/verify?reference=${reference}`, headers: bearer(token) });
const orderOf = async (id: string) =>
  (await t.app.inject({ url: `/api/orders/${id}`, headers: bearer(buyer.token) })).json();

describe('GET /api/payments/provider', () => {
  it('names the sandbox to anyone, so the pay button does not promise Paystack', async () => {
    const response = await t.app.inject('/api/payments/provider');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'sandbox', label: 'Sokoni Sandbox' });
  });
});

describe('POST /api/payments/initialize', () => {
  it("answers Paystack's shape, pointing at the sandbox checkout on our own origin", async () => {
    const order = await placeOrder(t.app, buyer.token, [{ productId, quantity: 2 }]);
    const response = await payFor(order);
    expect(response.statusCode).toBe(200);
    const { status, message, data } = response.json();
    expect([status, message]).toEqual([true, 'Authorization URL created']);
    expect(data.reference).toMatch(/^sok_[a-f0-9]{24}$/);
    expect(data.authorization_url).toBe(`http://127.0.0.1:3000/api/payments/sandbox/${data.reference}`);
  });

  it.each([
    ['a visitor', null, {}, 401, undefined],
    ['no orderId', 'buyer', { orderId: undefined }, 400, PAYMENT_MESSAGES.orderIdRequired],
    [
      'a callback on another site',
      'buyer',
      { callback_url: 'https://evil.example/steal' },
      400,
      PAYMENT_MESSAGES.callbackNotAllowed,
    ],
    [
      'an amount that is not the order total',
      'buyer',
      { amount: 1 },
      409,
      PAYMENT_MESSAGES.amountMismatch('KES 2,800'),
    ],
    [
      'a course payment without its course',
      'buyer',
      { paymentType: 'course' },
      400,
      PAYMENT_MESSAGES.courseIdRequired,
    ],
    [
      'a stay payment without its booking',
      'buyer',
      { paymentType: 'booking' },
      400,
      PAYMENT_MESSAGES.bookingIdRequired,
    ],
    [
      'a ticket payment for more than 10 tickets',
      'buyer',
      { paymentType: 'event', eventId: 'e1', quantity: 11 },
      400,
      PAYMENT_MESSAGES.ticketQuantity,
    ],
  ])('refuses %s', async (_case, who, overrides, status, message) => {
    const order = await placeOrder(t.app, buyer.token, [{ productId }]);
    const response = await initialize(
      {
        email: buyer.email,
        amount: order.totalAmount,
        callback_url: CALLBACK,
        paymentType: 'order',
        orderId: order.id,
        ...overrides,
      },
      who === null ? null : buyer.token,
    );
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
  });

  it("answers another user's order with 404", async () => {
    const order = await placeOrder(t.app, buyer.token, [{ productId }]);
    const other = await registerUser(t.app);
    const response = await initialize(
      {
        email: other.email,
        amount: order.totalAmount,
        callback_url: CALLBACK,
        paymentType: 'order',
        orderId: order.id,
      },
      other.token,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('where a payment may send the browser back to', () => {
  it("is our own origin from configuration, never the request's Host header", async () => {
    // No PUBLIC_URL: our origin is where the server listens (127.0.0.1:3000) by its loopback names.
    const bare = await createTestApp({ publicUrl: undefined, host: '127.0.0.1', port: 3000 });
    const shopper = await registerUser(bare.app);
    const product = await createProduct(bare.database.db, (await registerUser(bare.app)).id, {
      priceCents: 10_000,
    });
    const pay = async (callback: string, host: string) => {
      const order = await placeOrder(bare.app, shopper.token, [{ productId: product }]);
      return bare.app.inject({
        method: 'POST',
        url: '/api/payments/initialize',
        headers: { ...bearer(shopper.token), host },
        payload: {
          email: shopper.email,
          amount: order.totalAmount,
          callback_url: callback,
          paymentType: 'order',
          orderId: order.id,
        },
      });
    };
    const hostile = await pay('http://evil.example/payment/callback', 'evil.example');
    const local = await pay('http://localhost:3000/payment/callback', 'localhost:3000');
    await bare.close();
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().message).toBe(PAYMENT_MESSAGES.callbackNotAllowed);
    expect(local.statusCode).toBe(200);
    expect(local.json().data.authorization_url).toMatch(
      /^http:\/\/localhost:3000\/api\/payments\/sandbox\/sok_/,
    );
  });
});

describe('the sandbox checkout', () => {
  it('shows the merchant, the amount and what is paid for; Pay settles it and sends the browser back as Paystack does', async () => {
    const order = await placeOrder(t.app, buyer.token, [{ productId, quantity: 2 }]);
    const { reference, authorization_url: url } = (await payFor(order)).json().data;

    const page = await t.app.inject(new URL(url).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Pay Sokoni');
    expect(page.body).toContain('KES 5,600');
    expect(page.body).toContain('2 × Kitenge dress');

    // As the browser sends the page's form: form-encoded, with an empty body.
    const paid = await t.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Approve the payment on your phone');
    expect(paid.body).toContain(`url=${CALLBACK}?reference=${reference}&#38;trxref=${reference}`);

    const verified = await verify(reference);
    expect(verified.json()).toMatchObject({
      status: 'success',
      reference,
      paymentType: 'order',
      amount: 5600,
      currency: 'KES',
      subjectId: order.id,
    });
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', paidAt: expect.any(String) });

    const again = await payFor(order);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('Decline leaves the order pending, and the shopper can pay again with a new reference', async () => {
    const order = await placeOrder(t.app, buyer.token, [{ productId }]);
    const first = (await payFor(order)).json().data;
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${first.reference}/decline`,
    });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(
      `${CALLBACK}?reference=${first.reference}&trxref=${first.reference}`,
    );
    expect((await verify(first.reference)).json().status).toBe('failed');
    expect((await orderOf(order.id)).status).toBe('pending');

    const second = (await payFor(order)).json().data;
    expect(second.reference).not.toBe(first.reference);
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${second.reference}/pay` });
    expect((await verify(second.reference)).json().status).toBe('success');
    expect((await orderOf(order.id)).status).toBe('paid');
  });

  it("shows whoever holds the reference the payer's e-mail masked; they may still pay or decline, as on Paystack's page", async () => {
    const shown = new Map([
      ['amina.wanjiku@sokoni.co.ke', 'am***@sokoni.co.ke'],
      ['ab@sokoni.co.ke', 'a***@sokoni.co.ke'],
      ['k@sokoni.co.ke', '***@sokoni.co.ke'],
    ]);
    const references: string[] = [];
    for (const [email, masked] of shown) {
      const payer = await registerUser(t.app, { email });
      const order = await placeOrder(t.app, payer.token, [{ productId }]);
      const { reference, authorization_url: url } = (
        await payFor(order, { email, userId: payer.id }, payer.token)
      ).json().data;
      references.push(reference);
      // No token: the page is for whoever holds the reference, as Paystack's hosted checkout is.
      const page = await t.app.inject(new URL(url).pathname);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<p class="muted">${masked}</p>`);
      expect(page.body).not.toContain(email);
    }
    const [paid, declined] = references;
    const post = (reference: string | undefined, decision: 'pay' | 'decline') =>
      t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/${decision}` });
    expect((await post(paid, 'pay')).statusCode).toBe(200);
    expect((await post(declined, 'decline')).statusCode).toBe(303);
  });

  it('a payment nobody finished stays pending, and so does its order', async () => {
    const order = await placeOrder(t.app, buyer.token, [{ productId }]);
    const { reference } = (await payFor(order)).json().data;
    expect((await verify(reference)).json().status).toBe('pending');
    expect((await orderOf(order.id)).status).toBe('pending');
  });
});

describe('GET /api/payments/verify', () => {
  it("answers 404 for another user's reference and for an unknown one", async () => {
    const order = await placeOrder(t.app, buyer.token, [{ productId }]);
    const { reference } = (await payFor(order)).json().data;
    const other = await registerUser(t.app);
    expect((await verify(reference, other.token)).statusCode).toBe(404);
    expect((await verify('sok_nothing')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/payments/verify?reference=${reference}` })).statusCode).toBe(401);
  });

  it('refuses every webhook while the sandbox is the provider', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'abc' },
      payload: JSON.stringify({
        event: 'charge.success',
        data: { reference: 'x', amount: 1, currency: 'KES', status: 'success' },
      }),
    });
    expect(response.statusCode).toBe(401);
  });
});
