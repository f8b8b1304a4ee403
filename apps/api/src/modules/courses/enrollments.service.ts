import type {
  Certificate,
  Classroom,
  CourseRating,
  Enrollment,
  InstructorCourse,
  LastCoursePayment,
  MyCourse,
  PublicCertificate,
} from '@sokoni/contracts/courses';
import { courseRefundRefusal } from '@sokoni/contracts/cancellations';
import { COURSE_MESSAGES, isLessonLocked, progressPercent } from '@sokoni/contracts/courses-rules';
import { centsToShillings } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { conflict, forbidden, notFound, paymentRequired } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { findLastUnpaidPayment } from '../../lib/last-payment.js';
import { refuseOwn } from '../../lib/access.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { MailService } from '../mail/mail.service.js';
import { normalizeCertificateCode } from './certificate-codes.js';
import type { Certifier } from './certificates.js';
import { courseNotFound, lessonNotFound, ownCourse } from './course-errors.js';
import {
  certificatePagePath,
  moderationOf,
  toCertificate,
  toCourse,
  toPublicCertificate,
  toSummary,
} from './course-views.js';
import * as courses from './courses.repository.js';
import { queueEnrolmentMail } from './enrolment-mail.js';
import * as repo from './enrollments.repository.js';

const notEnrolled = () => forbidden(COURSE_MESSAGES.notEnrolled, 'NOT_ENROLLED');
const certificateCodeNotFound = () =>
  notFound(COURSE_MESSAGES.certificateCodeNotFound, 'CERTIFICATE_NOT_FOUND');

/**
 * What a caller has of a course: their enrolment, lessons done, certificate and rating (if any), and
 * when they were refunded (#27: their place given up).
 */
type Standing = {
  enrollment: repo.EnrollmentRecord | undefined;
  completedLessonIds: string[];
  certificate: repo.CertificateRecord | undefined;
  rating: number | undefined;
  refundedAt?: Date | null;
};

function toEnrollment(
  course: { id: string; instructorId: string; lessonCount: number },
  callerId: string,
  standing: Standing,
  now: number,
): Enrollment {
  const { enrollment, completedLessonIds, certificate } = standing;
  const refusal =
    enrollment &&
    courseRefundRefusal({
      pricePaidCents: enrollment.pricePaidCents,
      enrolledAtMs: enrollment.enrolledAt.getTime(),
      nowMs: now,
      completedLessons: completedLessonIds.length,
      lessons: course.lessonCount,
    });
  return {
    courseId: course.id,
    enrolled: enrollment !== undefined,
    instructor: course.instructorId === callerId,
    enrolledAt: enrollment?.enrolledAt.toISOString() ?? null,
    completedLessonIds,
    progress: progressPercent(completedLessonIds.length, course.lessonCount),
    completedAt: enrollment?.completedAt?.toISOString() ?? null,
    certificate: certificate ? toCertificate(certificate) : null,
    rating: standing.rating ?? null,
    refundedAt: standing.refundedAt?.toISOString() ?? null,
    canAskRefund: enrollment !== undefined && refusal === null,
  };
}

export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;

/**
 * Learners in courses: enrolling (free at once, paid through the payment engine), the classroom,
 * lessons done and the certificate they lead to, ratings, My Courses and the instructor's figures.
 *
 * Locks are taken in one order: the course's row, then the learner's enrolment. A completion holds
 * the course `key share` and its enrolment `update`: one learner's completions run one at a time
 * (the last one issues one certificate), and none runs while a lesson is added or removed.
 */
export function createEnrollmentsService(deps: {
  db: Db;
  /** Sokoni's own origin, for certificates' addresses and e-mails' links (read when one is made). */
  siteUrl: () => string;
  /** A free enrolment's e-mail is written in the transaction that enrols. */
  mail: Pick<MailService, 'queue'>;
  /** Issues a finished course's certificate, with its e-mail. */
  certifier: Pick<Certifier, 'certify'>;
  /** A lesson file's stored address (COURSE_MEDIA_PATH) → an address that opens it for a while. */
  signMedia: (path: string) => string;
  /** The course's page, told of a learner enrolling or rating (in that transaction). */
  onLearnersChanged: (tx: Db) => Promise<void>;
  clock?: Clock;
}) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const at = () => new Date(clock.now());

  async function findCourseOrThrow(id: string): Promise<courses.CourseRecord> {
    const record = isUuid(id) ? await courses.findCourseById(db, id) : undefined;
    if (!record) throw courseNotFound();
    return record;
  }

  /**
   * The course, unless it is a draft someone else may not see (#28): a draft is its instructor's,
   * and stays open to a learner enrolled before drafts existed (a course without lessons then).
   */
  async function findCourseFor(caller: AuthUser, id: string): Promise<courses.CourseRecord> {
    const record = await findCourseOrThrow(id);
    if (
      // #28: one moderators hid likewise stays open to its learners only.
      (record.publishedAt === null || record.hiddenAt !== null) &&
      record.instructorId !== caller.sub &&
      !(await repo.findEnrollment(db, record.id, caller.sub))
    )
      throw courseNotFound();
    return record;
  }

  /** The caller's standing in each of the courses (enrolments as given, or looked up). */
  async function standingsIn(
    callerId: string,
    courseIds: string[],
    enrollments: Map<string, repo.EnrollmentRecord>,
  ): Promise<Map<string, Standing>> {
    const [completions, certificates, ratings] = await Promise.all([
      repo.findCompletions(db, callerId, courseIds),
      repo.findCertificatesOfUser(db, callerId, courseIds),
      repo.findRatingsOfUser(db, callerId, courseIds),
    ]);
    return new Map(
      courseIds.map((courseId) => [
        courseId,
        {
          enrollment: enrollments.get(courseId),
          completedLessonIds: completions
            .filter((completion) => completion.courseId === courseId)
            .map((completion) => completion.lessonId),
          certificate: certificates.find((certificate) => certificate.courseId === courseId),
          rating: ratings.find((rating) => rating.courseId === courseId)?.rating,
        },
      ]),
    );
  }

  async function enrollmentIn(caller: AuthUser, course: courses.CourseRecord): Promise<Enrollment> {
    const enrollment = await repo.findEnrollment(db, course.id, caller.sub);
    // Only a learner has lessons done, a certificate or a rating of the course.
    const standing = enrollment
      ? (await standingsIn(caller.sub, [course.id], new Map([[course.id, enrollment]]))).get(course.id)
      : {
          enrollment,
          completedLessonIds: [],
          certificate: undefined,
          rating: undefined,
          refundedAt: await repo.findRefundedAt(db, course.id, caller.sub),
        };
    if (!standing) throw new Error(`no standing for course ${course.id}`);
    return toEnrollment(course, caller.sub, standing, clock.now());
  }

  return {
    /** Whether the caller's latest payment for the course ended unpaid (#26). */
    async lastUnpaidPayment(caller: AuthUser, courseId: string): Promise<LastCoursePayment> {
      const course = await findCourseFor(caller, courseId);
      const unpaid = await findLastUnpaidPayment(db, {
        paymentType: 'course',
        subjectId: course.id,
        userId: caller.sub,
      });
      return { unpaid: unpaid !== undefined };
    },

    /** The caller's standing in a course (not enrolled: progress 0 and nothing else). */
    async enrollment(caller: AuthUser, courseId: string): Promise<Enrollment> {
      return enrollmentIn(caller, await findCourseFor(caller, courseId));
    },

    /**
     * Enrols the caller in a free course at once, the course's learner count with it. `created` is
     * false when they already were (enrolling twice changes nothing). A paid course is paid for
     * first (402); its instructor does not enrol in it; a draft is no one else's to see (404).
     */
    async enrol(caller: AuthUser, courseId: string): Promise<{ enrollment: Enrollment; created: boolean }> {
      if (!isUuid(courseId)) throw courseNotFound();
      const created = await db.transaction(async (tx) => {
        const course = await courses.lockCourse(tx, courseId, 'no key update');
        if (!course) throw courseNotFound();
        refuseOwn(caller, course.instructorId, ownCourse);
        if (await repo.findEnrollment(tx, course.id, caller.sub)) return false;
        if (course.publishedAt === null || course.hiddenAt !== null) throw courseNotFound();
        if (course.priceCents > 0) throw paymentRequired(COURSE_MESSAGES.paidCourse, 'PAYMENT_REQUIRED');
        await repo.insertEnrollment(tx, {
          courseId: course.id,
          userId: caller.sub,
          enrolledAt: at(),
          pricePaidCents: 0,
          paymentReference: null,
        });
        await courses.addEnrolled(tx, course.id);
        await deps.onLearnersChanged(tx);
        await queueEnrolmentMail(tx, deps, course.id, caller.sub);
        return true;
      });
      return { enrollment: await enrollmentIn(caller, await findCourseOrThrow(courseId)), created };
    },

    /**
     * The classroom: for an enrolled learner every released lesson's content, for the instructor
     * every lesson's; anyone else is refused.
     */
    async classroom(caller: AuthUser, courseId: string): Promise<Classroom> {
      const record = await findCourseFor(caller, courseId);
      const enrollment = await enrollmentIn(caller, record);
      if (!enrollment.enrolled && !enrollment.instructor) throw notEnrolled();
      const lessons = await courses.findLessonsOfCourse(db, record.id);
      const course = toCourse(record, lessons, {
        viewer: enrollment.instructor ? 'instructor' : 'learner',
        today: clock.today(),
        sign: deps.signMedia,
      });
      return { course, enrollment };
    },

    /**
     * Marks a released lesson done for an enrolled learner, for good (again: nothing changes). The
     * last one finishes the course and issues its certificate, in the same transaction.
     */
    async complete(caller: AuthUser, courseId: string, lessonId: string): Promise<Enrollment> {
      if (!isUuid(courseId)) throw courseNotFound();
      await db.transaction(async (tx) => {
        const course = await courses.lockCourse(tx, courseId, 'key share');
        if (!course) throw courseNotFound();
        const enrollment = await repo.lockEnrollment(tx, course.id, caller.sub);
        if (!enrollment) throw notEnrolled();
        const lesson = isUuid(lessonId) ? await courses.findLesson(tx, course.id, lessonId) : undefined;
        if (!lesson) throw lessonNotFound();
        if (lesson.releaseDate && isLessonLocked(lesson.releaseDate, clock.today()))
          throw conflict(COURSE_MESSAGES.lessonLocked(lesson.releaseDate), 'LESSON_LOCKED');
        const moment = at();
        await repo.insertCompletion(tx, {
          courseId: course.id,
          userId: caller.sub,
          lessonId: lesson.id,
          completedAt: moment,
        });
        if (enrollment.completedAt) return;
        const [done, total] = await Promise.all([
          repo.countCompletions(tx, course.id, caller.sub),
          courses.countLessons(tx, course.id),
        ]);
        if (done >= total) await deps.certifier.certify(tx, course, caller.sub, moment);
      });
      return enrollmentIn(caller, await findCourseOrThrow(courseId));
    },

    /** The caller's certificate of the course, once they have finished it. */
    async certificateOf(caller: AuthUser, courseId: string): Promise<Certificate> {
      const course = await findCourseOrThrow(courseId);
      const [certificate] = await repo.findCertificatesOfUser(db, caller.sub, [course.id]);
      if (!certificate) throw notFound(COURSE_MESSAGES.certificateNotFound, 'CERTIFICATE_NOT_FOUND');
      return toCertificate(certificate);
    },

    /** A certificate as anyone checking it sees it, by its code in any case. */
    async verify(code: string): Promise<PublicCertificate> {
      const normalized = normalizeCertificateCode(code);
      const certificate = normalized ? await repo.findCertificateByCode(db, normalized) : undefined;
      if (!certificate) throw certificateCodeNotFound();
      return toPublicCertificate(certificate);
    },

    /** The certificate printed, with the address of its public page to check it by. */
    async certificatePdf(code: string): Promise<{ code: string; pdf: Uint8Array }> {
      const certificate = await this.verify(code);
      // Loaded with the first certificate asked for: its font engine (fontkit) is megabytes of code the
      // server otherwise never needs.
      const { renderCertificatePdf } = await import('./certificate-pdf.js');
      const pdf = await renderCertificatePdf({
        learnerName: certificate.learnerName,
        courseTitle: certificate.courseTitle,
        lessonCount: certificate.lessonCount,
        contentMinutes: certificate.contentMinutes,
        instructorName: certificate.instructorName,
        instructorMemberSince: certificate.instructorMemberSince,
        issuedDate: certificate.issuedDate,
        verificationCode: certificate.verificationCode,
        verifyUrl: `${deps.siteUrl()}${certificatePagePath(certificate.verificationCode)}`,
      });
      return { code: certificate.verificationCode, pdf };
    },

    /** An enrolled learner's stars (a new rating replaces theirs); the course's totals move with it. */
    async rate(caller: AuthUser, courseId: string, rating: number): Promise<CourseRating> {
      if (!isUuid(courseId)) throw courseNotFound();
      await db.transaction(async (tx) => {
        const course = await courses.lockCourse(tx, courseId, 'no key update');
        if (!course) throw courseNotFound();
        if (!(await repo.findEnrollment(tx, course.id, caller.sub)))
          throw forbidden(COURSE_MESSAGES.ratingNotEnrolled, 'NOT_ENROLLED');
        const [previous] = await repo.findRatingsOfUser(tx, caller.sub, [course.id]);
        await repo.upsertRating(tx, { courseId: course.id, userId: caller.sub, rating, updatedAt: at() });
        await courses.moveRating(tx, course.id, rating - (previous?.rating ?? 0), previous ? 0 : 1);
        await deps.onLearnersChanged(tx);
      });
      const summary = toSummary(await findCourseOrThrow(courseId));
      return { rating: summary.rating, ratingCount: summary.ratingCount, yourRating: rating };
    },

    /** The caller's courses, most recently enrolled first, each with their progress. */
    async myCourses(caller: AuthUser): Promise<MyCourse[]> {
      const rows = await repo.findEnrollmentsOfUser(db, caller.sub);
      const standings = await standingsIn(
        caller.sub,
        rows.map((row) => row.course.id),
        new Map(rows.map((row) => [row.course.id, row.enrollment])),
      );
      return rows.map(({ course }) => {
        const standing = standings.get(course.id);
        if (!standing) throw new Error(`no standing for course ${course.id}`);
        return { ...toSummary(course), enrollment: toEnrollment(course, caller.sub, standing, clock.now()) };
      });
    },

    /** The caller's courses as their instructor sees them: learners, completions and revenue. */
    async instructorCourses(caller: AuthUser): Promise<InstructorCourse[]> {
      const records = await courses.findCoursesOfInstructor(db, caller.sub);
      const figures = await repo.findCourseFigures(
        db,
        records.map((record) => record.id),
      );
      return records.map((record) => {
        const own = figures.find((figure) => figure.courseId === record.id);
        const completions = own?.completions ?? 0;
        return {
          ...toSummary(record),
          ...moderationOf(record),
          completions,
          completionRate:
            record.enrolledCount === 0 ? 0 : Math.round((completions / record.enrolledCount) * 100),
          revenue: centsToShillings(own?.revenueCents ?? 0),
        };
      });
    },
  };
}
