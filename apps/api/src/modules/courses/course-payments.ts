import { RELEASE_RULES } from '@sokoni/contracts/cancellations';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { RECEIPT_MAIL, courseClassroomPath } from '@sokoni/contracts/mail';
import { centsToShillings } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { refuseOwn } from '../../lib/access.js';
import type { MailService } from '../mail/mail.service.js';
import type { PaymentHandler } from '../payments/payment-handlers.js';
import { courseNotFound, ownCourse } from './course-errors.js';
import { instructorNameOf } from './course-views.js';
import * as courses from './courses.repository.js';
import { queueEnrolmentMail } from './enrolment-mail.js';
import * as enrollments from './enrollments.repository.js';

/**
 * How a paid course is paid for: priced from the database when the payment starts; a course has no
 * seats, so nothing is held and nothing given back. A successful payment enrols its payer once, at
 * the price paid, and queues their e-mail in the same transaction. A payment that succeeds for a
 * learner already enrolled (two payments started, both paid) enrols nobody: the engine refunds it.
 * Free courses are not paid for: POST /courses/{id}/enroll.
 */
export function coursePaymentHandler(deps: {
  db: Db;
  mail: Pick<MailService, 'queue'>;
  /** Sokoni's own origin, for the classroom link in the e-mail (read when one is made). */
  siteUrl: () => string;
  /** The course's page, told of its new learner (in the paying transaction). */
  onLearnersChanged: (tx: Db) => Promise<void>;
  clock?: Clock;
}): PaymentHandler<'course'> {
  const { now } = deps.clock ?? systemClock;

  return {
    // One learner's place in the course: other learners' payments for it are theirs.
    subjectKey: (caller, input) => `${input.courseId}:${caller.sub}`,

    async prepare(tx, caller, input) {
      const course = isUuid(input.courseId) ? await courses.findCourseById(tx, input.courseId) : undefined;
      if (!course) throw courseNotFound();
      refuseOwn(caller, course.instructorId, ownCourse);
      // A draft, or one moderators hid, is its instructor's alone (#28): to anyone else it does not exist.
      if (course.publishedAt === null || course.hiddenAt !== null) throw courseNotFound();
      if (course.priceCents === 0) throw badRequest(COURSE_MESSAGES.freeCourse, 'FREE_COURSE');
      if (await enrollments.findEnrollment(tx, course.id, caller.sub))
        throw conflict(COURSE_MESSAGES.alreadyEnrolled, 'ALREADY_ENROLLED');
      return { subjectId: course.id, amountCents: course.priceCents, description: course.title };
    },

    async describe(courseId) {
      const course = isUuid(courseId) ? await courses.findCourseById(deps.db, courseId) : undefined;
      return `Course: ${course?.title ?? 'a course'}`;
    },

    async fulfil(tx, payment) {
      const course = isUuid(payment.subjectId)
        ? await courses.lockCourse(tx, payment.subjectId, 'no key update')
        : undefined;
      if (!course) return 'unavailable';
      const existing = await enrollments.findEnrollment(tx, course.id, payment.userId);
      // The engine fulfils a reference once; an enrolment made by this very payment is done, not a refund.
      if (existing)
        return existing.paymentReference === payment.reference ? 'fulfilled' : 'already_fulfilled';
      await enrollments.insertEnrollment(tx, {
        courseId: course.id,
        userId: payment.userId,
        enrolledAt: new Date(now()),
        pricePaidCents: payment.amountCents,
        paymentReference: payment.reference,
      });
      await courses.addEnrolled(tx, course.id);
      await deps.onLearnersChanged(tx);
      await queueEnrolmentMail(tx, deps, course.id, payment.userId);
      return 'fulfilled';
    },

    async release() {
      // Nothing was held.
    },

    vertical: 'courses',

    // The instructor's 7 days after enrolment, the time a learner has to ask for their money back.
    async shares(tx, { subjectId: courseId, amountCents }) {
      const course = await courses.findCourseById(tx, courseId);
      if (!course) throw new Error(`course ${courseId} vanished while it was being paid`);
      return [
        {
          earnerId: course.instructorId,
          part: `course:${courseId}`,
          grossCents: amountCents,
          releaseAt: new Date(now() + RELEASE_RULES.courseDays * 24 * 60 * 60 * 1000),
        },
      ];
    },

    async receipt(tx, { subjectId: courseId, userId }) {
      const enrolment = await enrollments.findEnrollmentReceipt(tx, courseId, userId);
      if (!enrolment) throw new Error(`enrolment in ${courseId} vanished while it was being paid`);
      const { course } = enrolment;
      return {
        items: [
          {
            description: RECEIPT_MAIL.course(course.title),
            amount: centsToShillings(enrolment.pricePaidCents),
          },
        ],
        sellers: [
          {
            role: 'Instructor',
            name: instructorNameOf(course.instructorName),
            email: enrolment.instructorEmail,
            phone: null,
          },
        ],
        delivery: null,
        path: courseClassroomPath(courseId),
      };
    },

    refundNotice: COURSE_MESSAGES.refundNotice,
  };
}
