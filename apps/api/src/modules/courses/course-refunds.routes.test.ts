import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_MESSAGES, CANCELLATION_MAIL } from '@sokoni/contracts/cancellations';
import type { Course, Enrollment, MyCourse } from '@sokoni/contracts/courses';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import {
  completeLesson,
  createCourseWithLessons,
  enrol,
  payForCourse,
} from '../../../test/course-factories.js';
import { bearer, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { balancesOf, expectLedgerSound, refundsOf } from '../../../test/ledger-checks.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

// #27: a learner asks for their money back within 7 days of enrolling while under 30% through a
// paid course: refunded through the ledger out of the instructor's earning, their place (and the
// classroom) given up, learner and instructor told.
const DAY = 24 * 60 * 60 * 1000;
let clock = Date.parse('2026-12-01T06:00:00Z');
let t: TestApp;
let instructor: RegisteredUser;
const TITLES = Array.from({ length: 10 }, (_, i) => `Lesson ${i + 1}`);

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  // Each test on a day of its own, its instructor signed in on it (a session lasts 7 days).
  clock += DAY;
  instructor = await registerUser(t.app, { name: 'Grace Wanjiru' });
});

const refund = (learner: RegisteredUser, courseId: string) =>
  t.app.inject({ method: 'POST', url: `/api/courses/${courseId}/refund`, headers: bearer(learner.token) });
const enrollmentOf = async (learner: RegisteredUser, courseId: string) =>
  (
    await t.app.inject({ url: `/api/courses/${courseId}/enrollment`, headers: bearer(learner.token) })
  ).json<Enrollment>();
const mailsTo = (recipient: string, subject: string) =>
  queryRows<{ body: string }>(
    t.database.db,
    sql`select body from mail_outbox where recipient = ${recipient} and subject = ${subject}`,
  );
/** The learners the course's page counts: a page kept in memory must hear of each place taken or given up. */
const enrolledCount = async (courseId: string) =>
  (await t.app.inject(`/api/courses/${courseId}`)).json<Course>().enrolledCount;

/** A paid course of ten lessons and a learner who paid for it, with `done` lessons completed. */
async function paidPlace(done: number) {
  const { course, lessons } = await createCourseWithLessons(t.app, instructor, TITLES, {
    title: 'Poultry farming',
    price: 2500,
  });
  const learner = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
  expect(await enrolledCount(course.id)).toBe(0);
  const reference = await payForCourse(t.app, learner, course);
  expect(await enrolledCount(course.id)).toBe(1);
  for (const lesson of lessons.slice(0, done)) {
    expect((await completeLesson(t.app, learner, course.id, lesson.id)).statusCode).toBe(200);
  }
  return { course, learner, reference };
}

describe('POST /api/courses/{id}/refund', () => {
  it("refunds a learner under 30% through within 7 days out of the instructor's earning; the place and classroom are given up", async () => {
    const { course, learner, reference } = await paidPlace(2);
    // KES 2,500 less Sokoni's 15%, pending for the instructor for the 7 days a learner may ask.
    expect(await balancesOf(t.database.db, instructor.id)).toMatchObject({ pending: 212_500 });
    expect(await enrollmentOf(learner, course.id)).toMatchObject({ enrolled: true, canAskRefund: true });
    clock += 6 * DAY;

    const response = await refund(learner, course.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: CANCEL_MESSAGES.courseRefunded, refund: 2500 });
    expect(await balancesOf(t.database.db, instructor.id)).toMatchObject({ pending: 0, available: 0 });
    await expect
      .poll(async () => refundsOf(t.database.db, reference), { timeout: 10_000 })
      .toEqual([
        expect.objectContaining({ amount_cents: 250_000, status: 'refunded', reason: 'course_refunded' }),
      ]);
    await expectLedgerSound(t.database.db);

    expect(await enrollmentOf(learner, course.id)).toMatchObject({
      enrolled: false,
      refundedAt: new Date(clock).toISOString(),
      canAskRefund: false,
    });
    const classroom = await t.app.inject({
      url: `/api/courses/${course.id}/classroom`,
      headers: bearer(learner.token),
    });
    expect(classroom.statusCode).toBe(403);
    expect(classroom.json()).toMatchObject({ code: 'NOT_ENROLLED', message: COURSE_MESSAGES.notEnrolled });
    const mine = (await t.app.inject({ url: '/api/me/courses', headers: bearer(learner.token) })).json<
      MyCourse[]
    >();
    expect(mine.map((own) => own.id)).not.toContain(course.id);
    expect(await enrolledCount(course.id)).toBe(0);

    const [toLearner] = await mailsTo(learner.email, CANCELLATION_MAIL.course.learnerSubject(course.title));
    expect(toLearner?.body).toContain(CANCELLATION_MAIL.course.learnerRefunded(course.title));
    expect(toLearner?.body).toContain(CANCELLATION_MAIL.refund('KES 2,500'));
    const [toInstructor] = await mailsTo(
      instructor.email,
      CANCELLATION_MAIL.course.instructorSubject(course.title),
    );
    expect(toInstructor?.body).toContain(
      CANCELLATION_MAIL.course.instructorRefunded('Amina Wanjiku Hassan', course.title, 'KES 2,500'),
    );

    const twice = await refund(learner, course.id);
    expect(twice.json()).toMatchObject({
      code: 'ALREADY_CANCELLED',
      message: CANCEL_MESSAGES.alreadyCancelled,
    });
    // Paying again enrols them again, in the place they gave up.
    await payForCourse(t.app, learner, course);
    expect(await enrollmentOf(learner, course.id)).toMatchObject({ enrolled: true, refundedAt: null });
    expect(await enrolledCount(course.id)).toBe(1);
  });

  it('refuses at 30% through, after 7 days, for a free course and to anyone not enrolled, changing nothing', async () => {
    const through = await paidPlace(3);
    expect(await enrollmentOf(through.learner, through.course.id)).toMatchObject({ canAskRefund: false });
    const progress = await refund(through.learner, through.course.id);
    expect(progress.statusCode).toBe(409);
    expect(progress.json()).toMatchObject({
      code: 'REFUND_PROGRESS',
      message: CANCEL_MESSAGES.courseRefundProgress,
    });
    expect(await enrollmentOf(through.learner, through.course.id)).toMatchObject({ enrolled: true });

    const late = await paidPlace(0);
    clock += 7 * DAY;
    // Signed in again: a week has passed.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: late.learner.email, password: late.learner.password },
    });
    const learner = { ...late.learner, token: login.json<{ access_token: string }>().access_token };
    const window = await refund(learner, late.course.id);
    expect(window.statusCode).toBe(409);
    expect(window.json()).toMatchObject({
      code: 'REFUND_WINDOW_CLOSED',
      message: CANCEL_MESSAGES.courseRefundWindow,
    });

    const free = await createCourseWithLessons(t.app, learner, ['Only lesson']);
    const other = await registerUser(t.app);
    const stranger = await refund(other, free.course.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'NOT_ENROLLED', message: COURSE_MESSAGES.notEnrolled });
    await enrol(t.app, other, free.course.id);
    const freeRefund = await refund(other, free.course.id);
    expect(freeRefund.statusCode).toBe(409);
    expect(freeRefund.json()).toMatchObject({
      code: 'FREE_COURSE',
      message: CANCEL_MESSAGES.courseRefundFree,
    });

    for (const reference of [through.reference, late.reference]) {
      expect(await refundsOf(t.database.db, reference)).toEqual([]);
    }
  });
});
