import type { Db } from '../../db/client.js';
import { newCertificateCode } from './certificate-codes.js';
import { instructorNameOf } from './course-views.js';
import type { CourseKeys } from './courses.repository.js';
import * as enrollments from './enrollments.repository.js';

/**
 * The learner has done every lesson: they are marked finished and get their certificate, with their
 * account's name, the course's title and the name of the instructor's account (not the instructor's
 * name the course gives: a certificate vouches for a Sokoni account) as they are now. Once: the
 * certificate's unique key lets one in, whoever else tries. Runs in the caller's transaction, where
 * nothing else can complete a lesson of this learner's (their enrolment or the course is locked).
 */
export async function certify(tx: Db, course: CourseKeys, userId: string, at: Date): Promise<void> {
  const learnerName = await enrollments.findUserName(tx, userId);
  const instructorName = await enrollments.findUserName(tx, course.instructorId);
  if (learnerName === undefined) throw new Error(`learner ${userId} vanished while finishing a course`);
  if (instructorName === undefined) throw new Error(`instructor of course ${course.id} vanished`);
  await enrollments.markCompleted(tx, course.id, userId, at);
  await enrollments.insertCertificate(tx, {
    courseId: course.id,
    userId,
    verificationCode: newCertificateCode(),
    learnerName,
    courseTitle: course.title,
    instructorName: instructorNameOf(instructorName),
    issuedAt: at,
  });
}

/**
 * Certifies the course's learners who now have done every lesson without having finished it (the
 * lesson they had left was removed). The course is locked by the caller.
 */
export async function certifyFinishers(tx: Db, course: CourseKeys, at: Date): Promise<void> {
  for (const userId of await enrollments.findUnmarkedFinishers(tx, course.id)) {
    await certify(tx, course, userId, at);
  }
}
