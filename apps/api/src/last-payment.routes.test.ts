import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_MINUTES } from '@sokoni/contracts/checkout';
import type { Course, LastCoursePayment } from '@sokoni/contracts/courses';
import type { Event, LastTicketPayment } from '@sokoni/contracts/events';
import { createPublishedCourse, startCoursePayment } from '../test/course-factories.js';
import { bearer, registerUser, runLapseJob, uploadImage, type RegisteredUser } from '../test/factories.js';
import { createEvent as createEventAs } from '../test/event-factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

// #26: the place a ticket purchase or a paid course lives offers Pay again once the buyer's latest
// payment for it ended unpaid (GET /api/events/{id}/last-payment, GET /api/courses/{id}/last-payment).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let clock = Date.parse('2026-11-20T09:00:00Z');
let t: TestApp;
let organizer: RegisteredUser;
let image: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
  organizer = await registerUser(t.app, { name: 'Wanjiru Kamau' });
  image = await uploadImage(t.app, organizer.token, 'event-image');
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock += 60 * MINUTE;
});

const decide = (reference: string, decision: 'pay' | 'decline') =>
  t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/${decision}` });

const createEvent = () =>
  createEventAs(t.app, organizer, {
    date: new Date(clock + 7 * DAY).toISOString(),
    image,
    ticketsAvailable: 20,
  });

async function startTickets(buyer: RegisteredUser, event: Event, quantity: number): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(buyer.token),
    payload: {
      email: buyer.email,
      amount: event.price * quantity,
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      paymentType: 'event',
      eventId: event.id,
      quantity,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { reference: string } }>().data.reference;
}

async function lastTicketPayment(buyer: RegisteredUser, eventId: string) {
  const response = await t.app.inject({
    url: `/api/events/${eventId}/last-payment`,
    headers: bearer(buyer.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LastTicketPayment>();
}

async function lastCoursePayment(learner: RegisteredUser, courseId: string) {
  const response = await t.app.inject({
    url: `/api/courses/${courseId}/last-payment`,
    headers: bearer(learner.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LastCoursePayment>();
}

describe("the event page's Pay again: GET /api/events/{id}/last-payment", () => {
  it("answers the buyer's latest payment once it ended unpaid, with its tickets; nothing while one is under way or once paid", async () => {
    const event = await createEvent();
    const amina = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
    expect(await lastTicketPayment(amina, event.id)).toEqual({ unpaid: null });

    const declined = await startTickets(amina, event, 3);
    expect(await lastTicketPayment(amina, event.id)).toEqual({ unpaid: null });
    await decide(declined, 'decline');
    expect(await lastTicketPayment(amina, event.id)).toEqual({ unpaid: { quantity: 3 } });

    // Another buyer's payments are theirs.
    const brian = await registerUser(t.app, { name: 'Brian Otieno' });
    expect(await lastTicketPayment(brian, event.id)).toEqual({ unpaid: null });

    clock += MINUTE;
    const paid = await startTickets(amina, event, 2);
    expect(await lastTicketPayment(amina, event.id)).toEqual({ unpaid: null });
    await decide(paid, 'pay');
    expect(await lastTicketPayment(amina, event.id)).toEqual({ unpaid: null });
  });

  it('counts a payment whose hold lapsed unanswered as unpaid, and not one superseded by a newer', async () => {
    const event = await createEvent();
    const amina = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
    await startTickets(amina, event, 1);
    await startTickets(amina, event, 4);
    expect(await lastTicketPayment(amina, event.id)).toEqual({ unpaid: null });
    clock += (PAYMENT_HOLD_MINUTES + 1) * MINUTE;
    await runLapseJob(t);
    expect(await lastTicketPayment(amina, event.id)).toEqual({ unpaid: { quantity: 4 } });
  });

  it('is for signed-in callers; an id that cannot be an event is not found', async () => {
    const event = await createEvent();
    expect((await t.app.inject({ url: `/api/events/${event.id}/last-payment` })).statusCode).toBe(401);
    const amina = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
    const unknown = await t.app.inject({
      url: '/api/events/not-an-event/last-payment',
      headers: bearer(amina.token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'EVENT_NOT_FOUND' });
  });
});

describe("the course page's Pay again: GET /api/courses/{id}/last-payment", () => {
  it("says whether the learner's latest payment for the course ended unpaid", async () => {
    const instructor = await registerUser(t.app, { name: 'Grace Instructor' });
    const course: Course = await createPublishedCourse(t.app, instructor, { price: 1500 });
    const amina = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
    expect(await lastCoursePayment(amina, course.id)).toEqual({ unpaid: false });

    const declined = await startCoursePayment(t.app, amina, course);
    expect(await lastCoursePayment(amina, course.id)).toEqual({ unpaid: false });
    await decide(declined, 'decline');
    expect(await lastCoursePayment(amina, course.id)).toEqual({ unpaid: true });

    clock += MINUTE;
    await decide(await startCoursePayment(t.app, amina, course), 'pay');
    expect(await lastCoursePayment(amina, course.id)).toEqual({ unpaid: false });
  });

  it('answers an unknown course with 404 and a visitor with 401', async () => {
    const amina = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
    const unknown = await t.app.inject({
      url: '/api/courses/00000000-0000-4000-8000-000000000000/last-payment',
      headers: bearer(amina.token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    const visitor = await t.app.inject({
      url: '/api/courses/00000000-0000-4000-8000-000000000000/last-payment',
    });
    expect(visitor.statusCode).toBe(401);
  });
});
