import type { Db } from '../../db/client.js';
import { newCertificateCode } from './certificate-codes.js';
import { instructorNameOf } from './course-views.js';
import type { CourseKeys } from './courses.repository.js';
import { certificateMail, type CourseMail } from './enrolment-mail.js';
import * as enrollments from './enrollments.repository.js';

export type Certifier = ReturnType<typeof createCertifier>;

/** Issuing certificates, each with its e-mail to the learner in the same transaction. */
export function createCertifier(deps: CourseMail) {
  /**
   * The learner has done every lesson: they are marked finished and get their certificate, with their
   * account's name, the course's title and the name of the instructor's account (not the instructor's
   * name the course gives: a certificate vouches for a Sokoni account) as they are now, and an e-mail
   * with its public address. Once: the certificate's unique key lets one in (and its e-mail),
   * whoever else tries. Runs in the caller's transaction, where nothing else can complete a lesson of
   * this learner's (their enrolment or the course is locked).
   */
  async function certify(tx: Db, course: CourseKeys, userId: string, at: Date): Promise<void> {
    const learnerName = await enrollments.findUserName(tx, userId);
    const instructorName = await enrollments.findUserName(tx, course.instructorId);
    if (learnerName === undefined) throw new Error(`learner ${userId} vanished while finishing a course`);
    if (instructorName === undefined) throw new Error(`instructor of course ${course.id} vanished`);
    await enrollments.markCompleted(tx, course.id, userId, at);
    const verificationCode = newCertificateCode();
    const issued = await enrollments.insertCertificate(tx, {
      courseId: course.id,
      userId,
      verificationCode,
      learnerName,
      courseTitle: course.title,
      instructorName: instructorNameOf(instructorName),
      issuedAt: at,
    });
    if (!issued) return;
    const parties = await enrollments.findEnrollmentParties(tx, course.id, userId);
    if (!parties) throw new Error(`enrolment in ${course.id} vanished while it was being certified`);
    await deps.mail.queue(tx, certificateMail(parties, verificationCode, deps.siteUrl()));
  }

  return {
    certify,

    /**
     * Certifies the course's learners who now have done every lesson without having finished it (the
     * lesson they had left was removed). The course is locked by the caller.
     */
    async certifyFinishers(tx: Db, course: CourseKeys, at: Date): Promise<void> {
      for (const userId of await enrollments.findUnmarkedFinishers(tx, course.id)) {
        await certify(tx, course, userId, at);
      }
    },
  };
}
