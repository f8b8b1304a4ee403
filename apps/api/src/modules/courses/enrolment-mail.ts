import { CANCELLATION_MAIL as CANCELLED } from '@sokoni/contracts/cancellations';
import { COURSE_ENROLMENT_MAIL as TEXT, courseClassroomPath } from '@sokoni/contracts/mail';
import { centsToShillings, formatKES } from '@sokoni/contracts/money';
import { letterParts } from '../../lib/mail-html.js';
import type { MailMessage } from '../mail/mail.service.js';
import { instructorNameOf } from './course-views.js';
import type { EnrollmentParties } from './enrollments.repository.js';

/** The learner's confirmation of a paid enrolment: the course, its instructor, what was paid, the classroom. */
export function enrolmentMail(parties: EnrollmentParties, siteUrl: string): MailMessage {
  const { learner, course } = parties;
  return {
    to: learner.email,
    subject: TEXT.subject(course.title),
    text: [
      TEXT.greeting(learner.name),
      '',
      TEXT.enrolled(course.title),
      '',
      TEXT.instructor(instructorNameOf(course.instructorName)),
      TEXT.paid(formatKES(centsToShillings(parties.pricePaidCents))),
      '',
      TEXT.classroom(`${siteUrl}${courseClassroomPath(course.id)}`),
      '',
      TEXT.signOff,
      '',
    ].join('\n'),
  };
}

/**
 * The two letters of a learner refunded (#27): theirs (the money on its way, the place given up) and
 * the instructor's. `refund` arrives formatted.
 */
export function courseRefundedMails(
  parties: EnrollmentParties,
  instructorEmail: string,
  refund: string,
): MailMessage[] {
  const { learner, course } = parties;
  return [
    {
      to: learner.email,
      subject: CANCELLED.course.learnerSubject(course.title),
      ...letterParts([
        [CANCELLED.greeting(learner.name)],
        [CANCELLED.course.learnerRefunded(course.title)],
        [CANCELLED.refund(refund), CANCELLED.refundTiming],
        [CANCELLED.signOff],
      ]),
    },
    {
      to: instructorEmail,
      subject: CANCELLED.course.instructorSubject(course.title),
      ...letterParts([
        [CANCELLED.greeting(instructorNameOf(course.instructorName))],
        [CANCELLED.course.instructorRefunded(learner.name, course.title, refund)],
        [CANCELLED.signOff],
      ]),
    },
  ];
}
