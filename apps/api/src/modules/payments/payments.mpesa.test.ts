import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FAILURE_MESSAGES, MPESA_MESSAGES, type PaymentFailure } from '@sokoni/contracts/mpesa';
import { DELIVERY_MESSAGES } from '@sokoni/contracts/delivery-rules';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { startFakePaystack } from '../../../test/fake-paystack.js';
import {
  bearer,
  createProduct,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';
import { countFulfilments, findPaymentByReference } from './payments.repository.js';

const SECRET = 'sk_test_m9e5a0ffee4f1c0ffee';
const CALLBACK = 'http://127.0.0.1:3000/payment/callback';
const PHONE = '+254712345678';
let clock = Date.parse('2026-12-01T09:00:00Z');
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let t: TestApp;
let buyer: RegisteredUser;
let productId: string;

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
  t = await createTestApp(
    { paymentsProvider: 'paystack', paystackSecretKey: SECRET, paystackBaseUrl: paystack.baseUrl },
    { now: () => clock },
  );
  const seller = await registerUser(t.app);
  buyer = await registerUser(t.app);
  productId = await createProduct(t.database.db, seller.id, { title: 'Jiko koa', priceCents: 360_000 });
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

const initialize = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(buyer.token),
    payload,
  });
const payOrder = (
  order: { id: string; totalAmount: number },
  terms: object = { method: 'mpesa', phone: '0712 345 678' },
) =>
  initialize({
    email: buyer.email,
    amount: order.totalAmount,
    callback_url: CALLBACK,
    paymentType: 'order',
    orderId: order.id,
    ...terms,
  });
async function startMpesa(phone = '0712 345 678') {
  const order = await placeOrder(t.app, buyer.token, [{ productId, quantity: 1 }]);
  const response = await payOrder(order, { method: 'mpesa', phone });
  expect(response.statusCode, response.body).toBe(200);
  return { order, response, reference: response.json().data.reference as string };
}
const verify = (reference: string) =>
  t.app.inject({ url: `/api/payments/verify?reference=${reference}`, headers: bearer(buyer.token) });
const orderStatus = async (id: string) =>
  (await t.app.inject({ url: `/api/orders/${id}`, headers: bearer(buyer.token) })).json().status;
const providerChecks = (reference: string) =>
  paystack.requests.filter((request) => request.url === `/transaction/verify/${reference}`).length;
const webhook = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': createHmac('sha512', SECRET).update(body).digest('hex'),
    },
  });

describe('an M-Pesa payment on Paystack', () => {
  it('sends the prompt through POST /charge with our reference, the amount in subunits, KES and the number in E.164', async () => {
    const { order, response, reference } = await startMpesa('0712 345 678');
    const sent = paystack.requests.filter((request) => request.url === '/charge');
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      url: '/charge',
      authorization: `Bearer ${SECRET}`,
      body: {
        email: buyer.email,
        amount: 360_000,
        currency: 'KES',
        reference,
        mobile_money: { phone: PHONE, provider: 'mpesa' },
        metadata: {
          paymentType: 'order',
          subjectId: order.id,
          userId: buyer.id,
          description: `Order ${order.id.slice(0, 6)}`,
        },
      },
    });
    expect(response.json()).toEqual({
      status: true,
      message: 'M-Pesa prompt sent',
      data: {
        reference,
        status: 'pending',
        method: 'mpesa',
        phone: '0712 ••• 678',
        amount: 3600,
        promptExpiresAt: new Date(clock + 90_000).toISOString(),
        checkAfterSeconds: 10,
        displayText: 'Please complete authorization process on your mobile number',
      },
    });
    expect(
      paystack.requests.some(
        (r) =>
          r.url === '/transaction/initialize' && (r.body as { reference: string }).reference === reference,
      ),
    ).toBe(false);
  });

  it('asks Paystack about a pending prompt no sooner than 10 s after it last did, however often the page polls', async () => {
    const { reference } = await startMpesa();
    for (let poll = 0; poll < 5; poll += 1) {
      expect((await verify(reference)).json()).toMatchObject({
        status: 'pending',
        method: 'mpesa',
        phone: '0712 ••• 678',
        promptExpiresAt: new Date(clock + 90_000).toISOString(),
        failure: null,
      });
    }
    expect(providerChecks(reference)).toBe(0);
    clock += 10_000;
    await verify(reference);
    await verify(reference);
    expect(providerChecks(reference)).toBe(1);
    clock += 10_000;
    await verify(reference);
    expect(providerChecks(reference)).toBe(2);
  });

  it('fulfils once when the webhook and the page poll race on the approved prompt', async () => {
    const { order, reference } = await startMpesa();
    paystack.setCharge(reference, { status: 'success' });
    clock += 10_000;
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 360_000, currency: 'KES', channel: 'mobile_money' },
    });
    const answers = await Promise.all([webhook(body), verify(reference), webhook(body), verify(reference)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await countFulfilments(t.database.db, reference)).toBe(1);
    expect(await orderStatus(order.id)).toBe('paid');
    expect((await verify(reference)).json()).toMatchObject({
      status: 'success',
      failure: null,
      promptExpiresAt: null,
    });
  });

  it.each<[string, string, PaymentFailure]>([
    ['cancelled on the phone', 'Request cancelled by user', 'declined'],
    ['a wrong PIN', 'The initiator information is invalid', 'wrong_pin'],
    ['too little money', 'The balance is insufficient for the transaction', 'insufficient_funds'],
    ['a phone out of reach', 'DS timeout user cannot be reached', 'no_answer'],
  ])(
    'tells the payer of %s in plain words with the next step, gives the units back and lets them pay again',
    async (_case, said, reason) => {
      const { order, reference } = await startMpesa();
      paystack.setCharge(reference, { status: 'failed', gateway_response: said });
      clock += 10_000;
      expect((await verify(reference)).json()).toMatchObject({
        status: 'failed',
        failure: { reason, ...PAYMENT_FAILURE_MESSAGES[reason] },
        promptExpiresAt: null,
      });
      expect(await orderStatus(order.id)).toBe('pending');
      const again = await payOrder(order);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.reference).not.toBe(reference);
      expect(again.json().data.status).toBe('pending');
    },
  );

  it('answers a number M-Pesa refuses outright as failed at once, to be checked without waiting', async () => {
    paystack.answerChargesTo('+254733000111', {
      status: 'failed',
      gateway_response: 'Request cancelled by user',
    });
    const { response, reference } = await startMpesa('0733 000 111');
    expect(response.json().data).toMatchObject({ reference, status: 'failed', checkAfterSeconds: 0 });
    expect((await verify(reference)).json()).toMatchObject({
      status: 'failed',
      failure: { reason: 'declined' },
    });
  });

  it("ends a prompt nobody answered as 'No answer from your phone' once its wait is over, giving its units back", async () => {
    const { order, reference } = await startMpesa();
    clock += 89_000;
    expect((await verify(reference)).json().status).toBe('pending');
    clock += 1_000;
    expect((await verify(reference)).json()).toMatchObject({
      status: 'failed',
      failure: { reason: 'no_answer', title: 'No answer from your phone' },
    });
    expect((await findPaymentByReference(t.database.db, reference))?.holdEndedAt).not.toBeNull();
    // Approved late after all: the charge still settles, and the order is paid.
    paystack.setCharge(reference, { status: 'success' });
    await webhook(
      JSON.stringify({
        event: 'charge.success',
        data: { reference, status: 'success', amount: 360_000, currency: 'KES' },
      }),
    );
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('answers a double click with the same prompt, and another number or a card with a new payment that ends the first', async () => {
    const order = await placeOrder(t.app, buyer.token, [{ productId, quantity: 1 }]);
    const [first, second] = await Promise.all([payOrder(order), payOrder(order)]);
    expect(second.json().data.reference).toBe(first.json().data.reference);
    expect(
      paystack.requests.filter(
        (r) =>
          r.url === '/charge' && (r.body as { reference: string }).reference === first.json().data.reference,
      ),
    ).toHaveLength(1);

    const other = await payOrder(order, { method: 'mpesa', phone: '0722 000 111' });
    expect(other.json().data).toMatchObject({ status: 'pending', phone: '0722 ••• 111' });
    const byCard = await payOrder(order, { method: 'card' });
    expect(byCard.json().data.authorization_url).toBe(
      `https://checkout.paystack.com/${byCard.json().data.reference}`,
    );
    const ended = await Promise.all(
      [first, other].map((answer) => findPaymentByReference(t.database.db, answer.json().data.reference)),
    );
    expect(ended.map((payment) => [payment?.status, payment?.failureReason])).toEqual([
      ['abandoned', 'superseded'],
      ['abandoned', 'superseded'],
    ]);
  });

  it('refuses M-Pesa without a Kenyan number, changing nothing', async () => {
    const order = await placeOrder(t.app, buyer.token, [{ productId, quantity: 1 }]);
    const before = paystack.requests.length;
    const none = await payOrder(order, { method: 'mpesa' });
    expect([none.statusCode, none.json().message]).toEqual([400, MPESA_MESSAGES.requireNumber]);
    const wrong = await payOrder(order, { method: 'mpesa', phone: '0812 345 678' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, DELIVERY_MESSAGES.phone]);
    expect(paystack.requests.length).toBe(before);
  });
});
