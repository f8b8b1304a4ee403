import { CANCELLATION_MAIL as CANCELLED } from '@sokoni/contracts/cancellations';
import { CERTIFICATE_TEXT } from '@sokoni/contracts/courses-rules';
import {
  CERTIFICATE_MAIL as EARNED,
  COURSE_ENROLMENT_MAIL as TEXT,
  courseCertificatePath,
  courseClassroomPath,
} from '@sokoni/contracts/mail';
import { centsToShillings, formatKES } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { letterParts } from '../../lib/mail-html.js';
import type { MailMessage, MailService } from '../mail/mail.service.js';
import { certificatePagePath, instructorNameOf } from './course-views.js';
import { findEnrollmentParties, type EnrollmentParties } from './enrollments.repository.js';

/** What writing a course's e-mails needs: the outbox, and Sokoni's origin for their links. */
export type CourseMail = { mail: Pick<MailService, 'queue'>; siteUrl: () => string };

/**
 * The learner's confirmation of an enrolment: the course, its instructor, what was paid (nothing for
 * a free course) and the classroom.
 */
export function enrolmentMail(parties: EnrollmentParties, siteUrl: string): MailMessage {
  const { learner, course, pricePaidCents } = parties;
  return {
    to: learner.email,
    subject: TEXT.subject(course.title),
    ...letterParts([
      [TEXT.greeting(learner.name)],
      [pricePaidCents > 0 ? TEXT.enrolled(course.title) : TEXT.enrolledFree(course.title)],
      [
        TEXT.instructor(instructorNameOf(course.instructorName)),
        ...(pricePaidCents > 0 ? [TEXT.paid(formatKES(centsToShillings(pricePaidCents)))] : []),
      ],
      [TEXT.classroom(`${siteUrl}${courseClassroomPath(course.id)}`)],
      [TEXT.signOff],
    ]),
  };
}

/** Writes the learner's enrolment e-mail into the outbox, in the transaction that enrols them. */
export async function queueEnrolmentMail(
  tx: Db,
  { mail, siteUrl }: CourseMail,
  courseId: string,
  userId: string,
): Promise<void> {
  const parties = await findEnrollmentParties(tx, courseId, userId);
  if (!parties) throw new Error(`enrolment in ${courseId} vanished while it was being made`);
  await mail.queue(tx, enrolmentMail(parties, siteUrl()));
}

/**
 * The learner's news of their certificate: its code, the public page anyone can check it on, and
 * their own page of it to download.
 */
export function certificateMail(
  parties: EnrollmentParties,
  verificationCode: string,
  siteUrl: string,
): MailMessage {
  const { learner, course } = parties;
  return {
    to: learner.email,
    subject: EARNED.subject(course.title),
    ...letterParts([
      [EARNED.greeting(learner.name)],
      [EARNED.earned(course.title)],
      [
        CERTIFICATE_TEXT.code(verificationCode),
        EARNED.verify(`${siteUrl}${certificatePagePath(verificationCode)}`),
        EARNED.download(`${siteUrl}${courseCertificatePath(course.id)}`),
      ],
      [EARNED.signOff],
    ]),
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
