import { COURSE_ENROLMENT_MAIL as TEXT, courseClassroomPath } from '@sokoni/contracts/mail';
import { centsToShillings, formatKES } from '@sokoni/contracts/money';
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
