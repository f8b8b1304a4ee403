import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MAIL } from '@sokoni/contracts/mail';
import { createPublishedCourse } from '../../../test/course-factories.js';
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
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

const SITE = 'https://sokoni.example';
/** 20:15 in Nairobi (UTC+3): every payment here is made at this moment. */
const PAID_AT = Date.parse('2026-11-27T17:15:00Z');
const PAID_AT_EAT = 'Date: 27 Nov 2026, 20:15 EAT';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: SITE }, { now: () => PAID_AT });
});
afterAll(async () => t?.close());

type Mail = { subject: string; body: string; html: string | null };

/** The receipts in the outbox for `recipient` (whatever else they were sent: a ticket, a confirmation). */
const receiptsTo = (recipient: string) =>
  queryRows<Mail>(
    t.database.db,
    sql`select subject, body, html from mail_outbox
        where recipient = ${recipient} and subject like ${`${RECEIPT_MAIL.subject('')}%`}`,
  );

const start = (payer: RegisteredUser, amount: number, fields: object, terms: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(payer.token),
    payload: { email: payer.email, amount, callback_url: `${SITE}/payment/callback`, ...fields, ...terms },
  });

const verify = async (payer: RegisteredUser, reference: string) =>
  (
    await t.app.inject({ url: `/api/payments/verify?reference=${reference}`, headers: bearer(payer.token) })
  ).json<{ status: string }>();

/**
 * Pays by M-Pesa, approved on the sandbox phone twice at once and verified: settled three times.
 * Answers the reference.
 */
async function payByMpesa(payer: RegisteredUser, amount: number, fields: object, phone: string) {
  const started = await start(payer, amount, fields, { method: 'mpesa', phone });
  expect(started.statusCode, started.body).toBe(200);
  const { reference } = started.json<{ data: { reference: string } }>().data;
  const e164 = encodeURIComponent(`+254${phone.replace(/\D/g, '').slice(1)}`);
  const approve = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/phone/${e164}/${reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=approve&pin=4821',
    });
  await Promise.all([approve(), approve(), verify(payer, reference)]);
  expect(await verify(payer, reference)).toMatchObject({ status: 'success' });
  return reference;
}

/** Pays by card on the sandbox page, twice at once and verified: settled three times. */
async function payByCard(payer: RegisteredUser, amount: number, fields: object) {
  const started = await start(payer, amount, fields, { method: 'card' });
  expect(started.statusCode, started.body).toBe(200);
  const { reference } = started.json<{ data: { reference: string } }>().data;
  const pay = () => t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });
  await Promise.all([pay(), pay(), verify(payer, reference)]);
  expect(await verify(payer, reference)).toMatchObject({ status: 'success' });
  return reference;
}

/** The one receipt `payer` has, for however many settlements; fails the test unless there is exactly one. */
async function onlyReceipt(payer: RegisteredUser): Promise<Mail> {
  const receipts = await receiptsTo(payer.email);
  expect(receipts).toHaveLength(1);
  return receipts[0]!;
}

/** What every receipt's HTML is: a phone-sized page, Sokoni's name on its green, the text part's facts. */
function expectLetterHtml(receipt: Mail, facts: string[]) {
  expect(receipt.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(receipt.html).toContain('background:#047857');
  expect(receipt.html).toContain('>Sokoni</div>');
  for (const fact of facts) expect(receipt.html).toContain(fact);
}

describe('the receipt of a payment', () => {
  it("for an order paid by M-Pesa: the amount, the number masked, the reference, the date in EAT, each line, each seller with their contact, the delivery and the order's page", async () => {
    const amina = await registerUser(t.app, { name: 'Amina Njeri & Daughters <Kiondo>' });
    const brian = await registerUser(t.app, { name: 'Brian Otieno' });
    const buyer = await registerUser(t.app, { name: 'Achieng Odhiambo' });
    const basket = await createProduct(t.database.db, amina.id, {
      title: 'Kiondo basket',
      priceCents: 190_000,
      sellerContact: '0733 444 555',
    });
    const lamp = await createProduct(t.database.db, brian.id, {
      title: 'Solar lamp',
      priceCents: 680_050,
      sellerContact: 'Stall 12, Gikomba market',
    });
    const order = await placeOrder(t.app, buyer.token, [
      { productId: basket, quantity: 2 },
      { productId: lamp },
    ]);
    const reference = await payByMpesa(
      buyer,
      order.totalAmount,
      { paymentType: 'order', orderId: order.id },
      '0722 000 111',
    );

    const receipt = await onlyReceipt(buyer);
    expect(receipt.subject).toBe(RECEIPT_MAIL.subject('2 × Kiondo basket and 1 more'));
    expect(receipt.body).toBe(
      [
        'Hello Achieng Odhiambo,',
        '',
        RECEIPT_MAIL.received,
        '',
        'Amount paid: KES 10,601',
        'Paid with: M-Pesa 0722 ••• 111',
        `Reference: ${reference}`,
        PAID_AT_EAT,
        '',
        'What you bought',
        '2 × Kiondo basket: KES 3,800',
        '1 × Solar lamp: KES 6,801',
        '',
        'Who to contact',
        `Seller: Amina Njeri & Daughters <Kiondo> (${amina.email}, 0733 444 555)`,
        `Seller: Brian Otieno (${brian.email}, Stall 12, Gikomba market)`,
        '',
        'Delivery',
        'Deliver to: Moi Avenue, Bazaar Plaza, Nairobi, Nairobi County',
        'Phone: 0712 345 678',
        '',
        `Find what you bought on Sokoni: ${SITE}/orders/${order.id}`,
        '',
        'Asante,',
        'Sokoni',
        '',
      ].join('\n'),
    );
    expectLetterHtml(receipt, [
      'Amount paid: KES 10,601',
      'Paid with: M-Pesa 0722 ••• 111',
      'Seller: Amina Njeri &#38; Daughters &#60;Kiondo&#62; (<a href="mailto:',
      'Deliver to: Moi Avenue, Bazaar Plaza, Nairobi, Nairobi County',
      `<a href="${SITE}/orders/${order.id}"`,
    ]);
    expect(receipt.html).not.toContain('<Kiondo>');
    // The whole number is the payer's to know, not the letter's to show.
    expect(`${receipt.body}${receipt.html}`).not.toMatch(/0722 000 111|254722000111/);
  });

  it('for a stay paid by card: the nights and dates, the host with their e-mail, no delivery, and My Trips', async () => {
    const host = await registerUser(t.app, { name: 'Wanjiru Kamau' });
    const guest = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
    const stay = await createStay(t.app, host, { title: 'Lakeside Cottage', pricePerNight: 6500 });
    const booking = await bookStay(t.app, guest, stay.id, { startDate: '2027-01-05', endDate: '2027-01-08' });
    const reference = await payByCard(guest, booking.amount, {
      paymentType: 'booking',
      bookingId: booking.id,
    });

    const receipt = await onlyReceipt(guest);
    const bought = '3 nights at Lakeside Cottage, Tue, 5 Jan 2027 to Fri, 8 Jan 2027';
    expect(receipt.subject).toBe(RECEIPT_MAIL.subject(bought));
    for (const line of [
      'Amount paid: KES 19,500\nPaid with: Card',
      `Reference: ${reference}\n${PAID_AT_EAT}`,
      `What you bought\n${bought}: KES 19,500`,
      `Who to contact\nHost: Wanjiru Kamau (${host.email})`,
      `Find what you bought on Sokoni: ${SITE}/trips`,
    ])
      expect(receipt.body).toContain(line);
    expect(receipt.body).not.toContain('Delivery');
    expectLetterHtml(receipt, ['Paid with: Card', `Host: Wanjiru Kamau (<a href="mailto:${host.email}"`]);
  });

  it('for tickets paid by M-Pesa: how many, the event and its time, the organizer with their e-mail, and My Tickets', async () => {
    const organizer = await registerUser(t.app, { name: 'Wanjiru Kamau' });
    const buyer = await registerUser(t.app, { name: 'Brian Otieno' });
    const event = await createEvent(t.app, organizer, {
      title: 'Sauti za Pwani',
      location: 'Fort Jesus, Mombasa',
      price: 1500,
      description: 'Taarab under the stars.',
    });
    const reference = await payByMpesa(
      buyer,
      3000,
      { paymentType: 'event', eventId: event.id, quantity: 2 },
      '0745 600 700',
    );

    const receipt = await onlyReceipt(buyer);
    const bought = '2 × tickets for Sauti za Pwani, 14 Mar 2030, 19:30 EAT';
    expect(receipt.subject).toBe(RECEIPT_MAIL.subject(bought));
    for (const line of [
      'Amount paid: KES 3,000\nPaid with: M-Pesa 0745 ••• 700',
      `Reference: ${reference}\n${PAID_AT_EAT}`,
      `What you bought\n${bought}: KES 3,000`,
      `Who to contact\nOrganizer: Wanjiru Kamau (${organizer.email})`,
      `Find what you bought on Sokoni: ${SITE}/tickets/mine`,
    ])
      expect(receipt.body).toContain(line);
    expect(receipt.body).not.toContain('Delivery');
    expectLetterHtml(receipt, ['Paid with: M-Pesa 0745 ••• 700', 'Organizer: Wanjiru Kamau']);
  });

  it("for a course paid by card: the course, its instructor with their account's e-mail, and the classroom", async () => {
    const instructor = await registerUser(t.app, { name: 'Grace W.' });
    const learner = await registerUser(t.app, { name: 'Kevin Mutua' });
    const course = await createPublishedCourse(t.app, instructor, { title: 'Dairy farming', price: 2500 });
    const reference = await payByCard(learner, 2500, { paymentType: 'course', courseId: course.id });

    const receipt = await onlyReceipt(learner);
    expect(receipt.subject).toBe(RECEIPT_MAIL.subject('Enrolment in Dairy farming'));
    for (const line of [
      'Amount paid: KES 2,500\nPaid with: Card',
      `Reference: ${reference}\n${PAID_AT_EAT}`,
      'What you bought\nEnrolment in Dairy farming: KES 2,500',
      // The name the course gives its instructor, reached at their account.
      `Who to contact\nInstructor: Grace Wanjiru (${instructor.email})`,
      `Find what you bought on Sokoni: ${SITE}/courses/${course.id}/classroom`,
    ])
      expect(receipt.body).toContain(line);
    expectLetterHtml(receipt, ['Enrolment in Dairy farming: KES 2,500']);
  });

  it('is not sent for a payment that was declined', async () => {
    const instructor = await registerUser(t.app);
    const learner = await registerUser(t.app);
    const course = await createPublishedCourse(t.app, instructor, { price: 800 });
    const started = await start(
      learner,
      800,
      { paymentType: 'course', courseId: course.id },
      { method: 'mpesa', phone: '+254700000001' },
    );
    expect(started.json()).toMatchObject({ data: { status: 'failed' } });
    expect(await receiptsTo(learner.email)).toEqual([]);
  });
});
