import {
  CANCEL_MESSAGES,
  courseRefundRefusal,
  type CancelResult,
  type CourseRefundRefusal,
} from '@sokoni/contracts/cancellations';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { ErrorCode } from '@sokoni/contracts/error-codes';
import { centsToShillings, formatKESExact } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MailService } from '../mail/mail.service.js';
import { courseNotFound } from './course-errors.js';
import * as courses from './courses.repository.js';
import { courseRefundedMails } from './enrolment-mail.js';
import * as enrollments from './enrollments.repository.js';

const REFUSAL_CODES: Record<CourseRefundRefusal, ErrorCode> = {
  courseRefundFree: 'FREE_COURSE',
  courseRefundWindow: 'REFUND_WINDOW_CLOSED',
  courseRefundProgress: 'REFUND_PROGRESS',
};

export type CourseRefundsService = ReturnType<typeof createCourseRefundsService>;

/**
 * A learner asks for their money back (#27): within COURSE_REFUND_DAYS of enrolling, while under
 * COURSE_REFUND_MAX_PROGRESS_PERCENT through a course they paid for. In one transaction with the
 * course and then the enrolment locked (as a completion locks them): the place given up (no
 * classroom from then on, the course's learner count with it), the price refunded out of the
 * instructor's earning of that payment, learner and instructor told by e-mail.
 */
export function createCourseRefundsService(deps: {
  db: Db;
  ledger: Pick<Ledger, 'lockEarningsOfPayments' | 'refund'>;
  mail: Pick<MailService, 'queue'>;
  /** The course's page, told it has a learner fewer (in the refunding transaction). */
  onLearnersChanged: (tx: Db) => Promise<void>;
  clock: Clock;
}) {
  const { db, clock } = deps;

  return {
    async refund(caller: AuthUser, courseId: string): Promise<CancelResult> {
      if (!isUuid(courseId)) throw courseNotFound();
      const cents = await db.transaction(async (tx) => {
        const course = await courses.lockCourse(tx, courseId, 'no key update');
        if (!course) throw courseNotFound();
        const place = await enrollments.lockPlace(tx, course.id, caller.sub);
        if (!place) throw forbidden(COURSE_MESSAGES.notEnrolled, 'NOT_ENROLLED');
        if (place.refundedAt) throw conflict(CANCEL_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
        const refusal = courseRefundRefusal({
          pricePaidCents: place.pricePaidCents,
          enrolledAtMs: place.enrolledAt.getTime(),
          nowMs: clock.now(),
          completedLessons: await enrollments.countCompletions(tx, course.id, caller.sub),
          lessons: await courses.countLessons(tx, course.id),
        });
        if (refusal) throw conflict(CANCEL_MESSAGES[refusal], REFUSAL_CODES[refusal]);
        await enrollments.markRefunded(tx, course.id, caller.sub, new Date(clock.now()));
        await courses.addEnrolled(tx, course.id, -1);
        await deps.onLearnersChanged(tx);
        const [earning] = place.paymentReference
          ? await deps.ledger.lockEarningsOfPayments(tx, `course:${course.id}`, [place.paymentReference])
          : [];
        // A place paid for before the ledger began was handed to its instructor whole: not refunded here.
        if (!earning) throw conflict(CANCEL_MESSAGES.earningsSpent, 'EARNINGS_PAID_OUT');
        const given = await deps.ledger.refund(tx, earning, place.pricePaidCents, {
          reason: 'course_refunded',
          description: `Refunded: ${course.title}`.slice(0, 200),
        });
        const refunded = given?.amountCents ?? 0;
        const parties = await enrollments.findEnrollmentParties(tx, course.id, caller.sub);
        const receipt = await enrollments.findEnrollmentReceipt(tx, course.id, caller.sub);
        if (!parties || !receipt) throw new Error(`enrolment in ${course.id} vanished while it was refunded`);
        const letters = courseRefundedMails(
          parties,
          receipt.instructorEmail,
          formatKESExact(centsToShillings(refunded)),
        );
        for (const letter of letters) await deps.mail.queue(tx, letter);
        return refunded;
      });
      return { message: CANCEL_MESSAGES.courseRefunded, refund: centsToShillings(cents) };
    },
  };
}
