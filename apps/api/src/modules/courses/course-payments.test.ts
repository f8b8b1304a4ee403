import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import type { Enrollment, InstructorCourse } from '@sokoni/contracts/courses';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { COURSE_ENROLMENT_MAIL, RECEIPT_MAIL, REFUND_MAIL } from '@sokoni/contracts/mail';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import {
  createPublishedCourse,
  enrol,
  initializeCoursePayment,
  payForCourse,
  startCoursePayment,
} from '../../../test/course-factories.js';
import { bearer, registerUser, runRefundJob, type RegisteredUser } from '../../../test/factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

const MINUTE = 60_000;
let clock = Date.parse('2026-12-01T06:00:00Z');
let t: TestApp;
let instructor: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
  instructor = await registerUser(t.app, { name: 'Grace Wanjiru' });
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock += 60 * MINUTE;
});

const newLearner = (name = 'Amina Wanjiku Hassan') => registerUser(t.app, { name });

const verify = async (learner: RegisteredUser, reference: string) =>
  (
    await t.app.inject({ url: `/api/payments/verify?reference=${reference}`, headers: bearer(learner.token) })
  ).json<PaymentVerification>();

const enrollmentOf = async (learner: RegisteredUser, courseId: string) =>
  (
    await t.app.inject({ url: `/api/courses/${courseId}/enrollment`, headers: bearer(learner.token) })
  ).json<Enrollment>();

const enrolmentRows = (courseId: string) =>
  queryRows<{ user_id: string; price_paid_cents: string; payment_reference: string | null }>(
    t.database.db,
    sql`select user_id, price_paid_cents::text, payment_reference from course_enrollments where course_id = ${courseId}`,
  );

const enrolledCount = async (courseId: string) =>
  (
    await queryRows<{ enrolled_count: number }>(
      t.database.db,
      sql`select enrolled_count from courses where id = ${courseId}`,
    )
  )[0]?.enrolled_count;

const mailsTo = (recipient: string) =>
  queryRows<{ subject: string; body: string }>(
    t.database.db,
    sql`select subject, body from mail_outbox where recipient = ${recipient} order by created_at`,
  );

const paymentRows = (courseId: string) =>
  queryRows<{ count: number }>(
    t.database.db,
    sql`select count(*)::int as count from payments where payment_type = 'course' and subject_id = ${courseId}`,
  );

describe('paying for a course in the sandbox', () => {
  it('enrols the learner once, at the price in the database, however often the payment is settled', async () => {
    const course = await createPublishedCourse(t.app, instructor, { title: 'Dairy farming', price: 2500 });
    const amina = await newLearner();
    const reference = await startCoursePayment(t.app, amina, course);
    const page = await t.app.inject(`/api/payments/sandbox/${reference}`);
    expect(page.body).toContain('Dairy farming');
    expect(page.body).toContain('KES 2,500');
    expect(await enrollmentOf(amina, course.id)).toMatchObject({ enrolled: false });

    const pay = () => t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });
    await Promise.all([pay(), pay(), verify(amina, reference)]);
    expect(await verify(amina, reference)).toMatchObject({
      status: 'success',
      paymentType: 'course',
      subjectId: course.id,
      amount: 2500,
      refund: null,
    });
    expect(await enrollmentOf(amina, course.id)).toMatchObject({
      enrolled: true,
      enrolledAt: new Date(clock).toISOString(),
    });
    expect(await enrolmentRows(course.id)).toEqual([
      { user_id: amina.id, price_paid_cents: '250000', payment_reference: reference },
    ]);
    expect(await enrolledCount(course.id)).toBe(1);
    const classroom = await t.app.inject({
      url: `/api/courses/${course.id}/classroom`,
      headers: bearer(amina.token),
    });
    expect(classroom.statusCode).toBe(200);

    const mails = await mailsTo(amina.email);
    // The enrolment and the payment's receipt (payments/receipts.test.ts), once each.
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        COURSE_ENROLMENT_MAIL.subject('Dairy farming'),
        RECEIPT_MAIL.subject(RECEIPT_MAIL.course('Dairy farming')),
      ].sort(),
    );
    const enrolment = mails.find((mail) => mail.subject === COURSE_ENROLMENT_MAIL.subject('Dairy farming'));
    for (const line of [
      COURSE_ENROLMENT_MAIL.greeting('Amina Wanjiku Hassan'),
      COURSE_ENROLMENT_MAIL.enrolled('Dairy farming'),
      COURSE_ENROLMENT_MAIL.instructor('Grace Wanjiru'),
      COURSE_ENROLMENT_MAIL.paid('KES 2,500'),
      COURSE_ENROLMENT_MAIL.classroom(`http://127.0.0.1:3000/courses/${course.id}/classroom`),
    ]) {
      expect(enrolment?.body).toContain(line);
    }

    const dashboard = (
      await t.app.inject({ url: '/api/instructor/courses', headers: bearer(instructor.token) })
    ).json<InstructorCourse[]>();
    expect(dashboard.find((row) => row.id === course.id)).toMatchObject({ enrolledCount: 1, revenue: 2500 });
  });

  it('enrols nobody when the payment is declined', async () => {
    const course = await createPublishedCourse(t.app, instructor, { price: 800 });
    const amina = await newLearner();
    const reference = await startCoursePayment(t.app, amina, course);
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/decline` });
    expect(await verify(amina, reference)).toMatchObject({ status: 'failed' });
    expect(await enrolmentRows(course.id)).toEqual([]);
    // Declined, they may try again.
    await payForCourse(t.app, amina, course);
    expect(await enrollmentOf(amina, course.id)).toMatchObject({ enrolled: true });
  });

  it('refunds a second payment that completes once the learner is enrolled, in the course’s words', async () => {
    const course = await createPublishedCourse(t.app, instructor, { title: 'Beekeeping', price: 1200 });
    const amina = await newLearner();
    const first = await startCoursePayment(t.app, amina, course);
    // Started again with another e-mail: the first is ended, but its page may still be paid.
    const second = await startCoursePayment(t.app, { ...amina, email: 'amina.k@example.co.ke' }, course);
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${first}/pay` });
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${second}/pay` });
    expect(await enrolmentRows(course.id)).toEqual([
      { user_id: amina.id, price_paid_cents: '120000', payment_reference: first },
    ]);
    expect(await enrolledCount(course.id)).toBe(1);
    expect(await verify(amina, first)).toMatchObject({ status: 'success', refund: null });
    // Marked for refund at once; the refund job it queued may already have run.
    expect(await verify(amina, second)).toMatchObject({
      status: 'success',
      refund: expect.stringMatching(/^(pending|refunded)$/),
    });
    // Told at the address the second payment was made with.
    const refund = (await mailsTo('amina.k@example.co.ke')).find(
      (mail) => mail.subject === REFUND_MAIL.subject,
    );
    expect(refund?.body).toContain(COURSE_MESSAGES.refundNotice('KES 1,200'));
    await runRefundJob(t);
    expect(await verify(amina, second)).toMatchObject({ refund: 'refunded' });
  });
});

describe('what a course payment refuses, writing nothing', () => {
  it.each([
    [
      'an amount that is not the price',
      'learner',
      { amount: 1 },
      409,
      'AMOUNT_MISMATCH',
      PAYMENT_MESSAGES.amountMismatch('KES 2,500'),
    ],
    ['the instructor', 'instructor', {}, 403, 'OWN_COURSE', COURSE_MESSAGES.ownCourse],
    ['a free course', 'learner', { free: true }, 400, 'FREE_COURSE', COURSE_MESSAGES.freeCourse],
    [
      'an unknown course',
      'learner',
      { courseId: '7f0c3c2e-57a4-4f4b-9a55-1c1a0f7e2b10' },
      404,
      'COURSE_NOT_FOUND',
      COURSE_MESSAGES.classroomNotFound,
    ],
    ['no course', 'learner', { courseId: '' }, 400, 'VALIDATION_FAILED', PAYMENT_MESSAGES.courseIdRequired],
  ] as const)('refuses %s', async (_case, who, change, status, code, message) => {
    const course = await createPublishedCourse(t.app, instructor, { price: 'free' in change ? 0 : 2500 });
    const learner = who === 'instructor' ? instructor : await newLearner();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initialize',
      headers: bearer(learner.token),
      payload: {
        email: learner.email,
        amount: 2500,
        callback_url: 'http://127.0.0.1:3000/payment/callback',
        paymentType: 'course',
        courseId: course.id,
        ...('amount' in change ? { amount: change.amount } : {}),
        ...('courseId' in change ? { courseId: change.courseId } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code, message });
    expect(await paymentRows(course.id)).toEqual([{ count: 0 }]);
  });

  it('refuses a learner already enrolled, paid or free', async () => {
    const paid = await createPublishedCourse(t.app, instructor, { price: 2500 });
    const amina = await newLearner();
    await payForCourse(t.app, amina, paid);
    const again = await initializeCoursePayment(t.app, amina, paid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_ENROLLED',
      message: COURSE_MESSAGES.alreadyEnrolled,
    });
    expect(await paymentRows(paid.id)).toEqual([{ count: 1 }]);

    // Enrolled while the course was free, then the price went up: nothing to pay.
    const once = await createPublishedCourse(t.app, instructor);
    await enrol(t.app, amina, once.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${once.id}`,
      headers: bearer(instructor.token),
      payload: { price: 900 },
    });
    const enrolled = await initializeCoursePayment(t.app, amina, { id: once.id, price: 900 });
    expect(enrolled.json()).toMatchObject({ code: 'ALREADY_ENROLLED' });
    // The course's /enroll says the same to the enrolled learner: they are in.
    const enrolAgain = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${paid.id}/enroll`,
      headers: bearer(amina.token),
    });
    expect(enrolAgain.statusCode).toBe(200);
    expect(enrolAgain.json()).toMatchObject({ enrolled: true });
  });
});
