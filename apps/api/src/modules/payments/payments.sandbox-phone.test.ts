import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MPESA_TEST_NUMBERS, SANDBOX_PHONE_TEXTS } from '@sokoni/contracts/mpesa';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  bookStay,
  createProduct,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';
import { createEvent } from '../../../test/event-factories.js';
import { createStay } from '../../../test/stay-factories.js';
import { createPublishedCourse } from '../../../test/course-factories.js';

const CALLBACK = 'http://127.0.0.1:3000/payment/callback';
let clock = Date.parse('2026-12-01T09:00:00Z');
let t: TestApp;
let seller: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  seller = await registerUser(t.app, { name: 'Achieng Otieno' });
});
afterAll(async () => t?.close());

/** The four things Sokoni takes payments for, each made afresh for one payer. */
type Subject = { fields: Record<string, unknown>; amount: number };
const SUBJECTS: Record<string, (payer: RegisteredUser) => Promise<Subject>> = {
  async order(payer) {
    const productId = await createProduct(t.database.db, seller.id, {
      title: 'Jiko koa',
      priceCents: 360_000,
    });
    const order = await placeOrder(t.app, payer.token, [{ productId, quantity: 1 }]);
    return { fields: { paymentType: 'order', orderId: order.id }, amount: order.totalAmount };
  },
  async booking(payer) {
    const stay = await createStay(t.app, seller, { pricePerNight: 4000 });
    const booking = await bookStay(t.app, payer, stay.id, { startDate: '2027-01-10', endDate: '2027-01-12' });
    return { fields: { paymentType: 'booking', bookingId: booking.id }, amount: booking.amount };
  },
  async event() {
    const event = await createEvent(t.app, seller, {
      title: 'Sauti za Pwani',
      location: 'Fort Jesus, Mombasa',
      price: 1500,
      description: 'Taarab under the stars.',
    });
    return { fields: { paymentType: 'event', eventId: event.id, quantity: 2 }, amount: 3000 };
  },
  async course() {
    const course = await createPublishedCourse(t.app, seller, { title: 'Dairy farming', price: 2500 });
    return { fields: { paymentType: 'course', courseId: course.id }, amount: course.price };
  },
};

const start = (payer: RegisteredUser, subject: Subject, terms: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(payer.token),
    payload: {
      email: payer.email,
      amount: subject.amount,
      callback_url: CALLBACK,
      ...subject.fields,
      ...terms,
    },
  });
const verify = async (payer: RegisteredUser, reference: string) =>
  (
    await t.app.inject({ url: `/api/payments/verify?reference=${reference}`, headers: bearer(payer.token) })
  ).json();
const phonePage = (phone: string) => t.app.inject(`/api/payments/sandbox/phone/${encodeURIComponent(phone)}`);
const answerOnPhone = (phone: string, reference: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/phone/${encodeURIComponent(phone)}/${reference}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('the sandbox phone', () => {
  it("shows each prompt waiting on the number as 'Pay KES 3,600 to Sokoni?' with a PIN, Approve and Cancel, and says no money moves", async () => {
    const payer = await registerUser(t.app);
    const subject = await SUBJECTS.order!(payer);
    const started = await start(payer, subject, { method: 'mpesa', phone: '0711 222 333' });
    const { reference } = started.json().data;
    const page = await phonePage('+254711222333');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta name="viewport"');
    expect(page.body).toContain(SANDBOX_PHONE_TEXTS.noMoney);
    expect(page.body).toContain('Pay KES 3,600 to Sokoni?');
    expect(page.body).toContain(`action="/api/payments/sandbox/phone/%2B254711222333/${reference}"`);
    expect(page.body).toMatch(/<input id="pin-0" name="pin" type="password"/);
    expect(page.body).toContain('>Approve</button>');
    expect(page.body).toContain('>Cancel</button>');
    // Another number's phone does not see it.
    expect((await phonePage('+254799888777')).body).toContain(SANDBOX_PHONE_TEXTS.none);
    expect(
      (await answerOnPhone('+254799888777', reference, { answer: 'approve', pin: '1234' })).statusCode,
    ).toBe(404);
  });

  it('asks for four digits before approving, takes 0000 as a wrong PIN, and Cancel as declined', async () => {
    const payer = await registerUser(t.app);
    const noPin = await start(payer, await SUBJECTS.order!(payer), {
      method: 'mpesa',
      phone: '0711 222 444',
    });
    const blank = await answerOnPhone('+254711222444', noPin.json().data.reference, {
      answer: 'approve',
      pin: '12',
    });
    expect(blank.body).toContain(SANDBOX_PHONE_TEXTS.pinRequired);
    expect((await verify(payer, noPin.json().data.reference)).status).toBe('pending');

    const wrong = await answerOnPhone('+254711222444', noPin.json().data.reference, {
      answer: 'approve',
      pin: '0000',
    });
    expect(wrong.body).toContain(SANDBOX_PHONE_TEXTS.wrongPin);
    expect(await verify(payer, noPin.json().data.reference)).toMatchObject({
      status: 'failed',
      failure: { reason: 'wrong_pin' },
    });

    const cancelled = await start(payer, await SUBJECTS.course!(payer), {
      method: 'mpesa',
      phone: '0711 222 444',
    });
    const answer = await answerOnPhone('+254711222444', cancelled.json().data.reference, {
      answer: 'cancel',
    });
    expect(answer.body).toContain(SANDBOX_PHONE_TEXTS.cancelled);
    expect(await verify(payer, cancelled.json().data.reference)).toMatchObject({
      status: 'failed',
      failure: { reason: 'declined' },
    });
  });
});

describe.each(Object.keys(SUBJECTS))('paying for a %s by M-Pesa in the sandbox', (kind) => {
  it(`declined at once on ${MPESA_TEST_NUMBERS.declines}, paid again with another number approved on the sandbox phone`, async () => {
    const payer = await registerUser(t.app);
    const subject = await SUBJECTS[kind]!(payer);
    const declined = await start(payer, subject, { method: 'mpesa', phone: MPESA_TEST_NUMBERS.declines });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'failed', checkAfterSeconds: 0 });
    expect(await verify(payer, declined.json().data.reference)).toMatchObject({
      status: 'failed',
      paymentType: kind,
      failure: { reason: 'declined' },
    });

    const again = await start(payer, subject, { method: 'mpesa', phone: '0745 600 700' });
    expect(again.statusCode, again.body).toBe(200);
    const { reference } = again.json().data;
    const approved = await answerOnPhone('+254745600700', reference, { answer: 'approve', pin: '4821' });
    expect(approved.body).toContain(
      SANDBOX_PHONE_TEXTS.approved(`KES ${subject.amount.toLocaleString('en-KE')}`),
    );
    expect(await verify(payer, reference)).toMatchObject({
      status: 'success',
      method: 'mpesa',
      phone: '0745 ••• 700',
      amount: subject.amount,
    });
  });

  it(`unanswered on ${MPESA_TEST_NUMBERS.neverAnswers} until the wait is over, then paid again by card`, async () => {
    const payer = await registerUser(t.app);
    const subject = await SUBJECTS[kind]!(payer);
    const silent = await start(payer, subject, { method: 'mpesa', phone: MPESA_TEST_NUMBERS.neverAnswers });
    const { reference } = silent.json().data;
    expect((await phonePage(MPESA_TEST_NUMBERS.neverAnswers)).body).toContain(SANDBOX_PHONE_TEXTS.none);
    clock += 60_000;
    expect((await verify(payer, reference)).status).toBe('pending');
    clock += 31_000;
    expect(await verify(payer, reference)).toMatchObject({
      status: 'failed',
      failure: { reason: 'no_answer', title: 'No answer from your phone' },
    });

    const byCard = await start(payer, subject, { method: 'card' });
    expect(byCard.statusCode, byCard.body).toBe(200);
    const card = byCard.json().data.reference;
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${card}/pay` });
    expect(await verify(payer, card)).toMatchObject({ status: 'success', method: 'card', phone: null });
  });
});
