import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import {
  courseCertificates,
  courseEnrollments,
  courseLessons,
  courseRatings,
  courses,
  lessonCompletions,
} from '../../db/schema/courses.js';
import { courseColumns, type CourseRecord } from './courses.repository.js';

export type EnrollmentRecord = {
  courseId: string;
  enrolledAt: Date;
  completedAt: Date | null;
  paymentReference: string | null;
  pricePaidCents: number;
};
/**
 * A certificate with what it vouches for: the lessons of the course the learner completed and their
 * minutes (counted now, so a lesson removed since no longer counts), and when the instructor's
 * account was opened.
 */
export type CertificateRecord = typeof courseCertificates.$inferSelect & {
  lessonCount: number;
  contentMinutes: number;
  instructorSince: Date;
};

const enrollmentColumns = {
  courseId: courseEnrollments.courseId,
  enrolledAt: courseEnrollments.enrolledAt,
  completedAt: courseEnrollments.completedAt,
  paymentReference: courseEnrollments.paymentReference,
  pricePaidCents: courseEnrollments.pricePaidCents,
};

const enrollmentOf = (courseId: string, userId: string) =>
  and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, userId));
/** A learner refunded (#27) gave their place up: only a place not refunded enrols. */
const notRefunded = isNull(courseEnrollments.refundedAt);

// ---- enrolments -------------------------------------------------------------------------------

export async function findEnrollment(
  db: Db,
  courseId: string,
  userId: string,
): Promise<EnrollmentRecord | undefined> {
  const [row] = await db
    .select(enrollmentColumns)
    .from(courseEnrollments)
    .where(and(enrollmentOf(courseId, userId), notRefunded));
  return row;
}

/** The learner's enrolment locked until the transaction ends: their completions run one at a time. */
export async function lockEnrollment(
  db: Db,
  courseId: string,
  userId: string,
): Promise<EnrollmentRecord | undefined> {
  const [row] = await db
    .select(enrollmentColumns)
    .from(courseEnrollments)
    .where(and(enrollmentOf(courseId, userId), notRefunded))
    .for('update');
  return row;
}

/** The learner's place as it stands, refunded or not, locked: what a refund reads (#27). */
export async function lockPlace(db: Db, courseId: string, userId: string) {
  const [row] = await db
    .select({ ...enrollmentColumns, refundedAt: courseEnrollments.refundedAt })
    .from(courseEnrollments)
    .where(enrollmentOf(courseId, userId))
    .for('update');
  return row;
}

/** When the learner was refunded for the course, if they were and have not enrolled again. */
export async function findRefundedAt(db: Db, courseId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ refundedAt: courseEnrollments.refundedAt })
    .from(courseEnrollments)
    .where(enrollmentOf(courseId, userId));
  return row?.refundedAt ?? null;
}

/** The learner gives their place up, refunded (#27). */
export async function markRefunded(db: Db, courseId: string, userId: string, at: Date): Promise<void> {
  await db
    .update(courseEnrollments)
    .set({ refundedAt: at })
    .where(and(enrollmentOf(courseId, userId), notRefunded));
}

/**
 * Enrols the learner (again, in the place they gave up when refunded); false when they are enrolled
 * already (the unique key decides, whoever came first).
 */
export async function insertEnrollment(
  db: Db,
  values: {
    courseId: string;
    userId: string;
    enrolledAt: Date;
    pricePaidCents: number;
    paymentReference: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .insert(courseEnrollments)
    .values(values)
    .onConflictDoUpdate({
      target: [courseEnrollments.courseId, courseEnrollments.userId],
      set: {
        enrolledAt: values.enrolledAt,
        pricePaidCents: values.pricePaidCents,
        paymentReference: values.paymentReference,
        refundedAt: null,
      },
      setWhere: sql`${courseEnrollments.refundedAt} is not null`,
    })
    .returning({ id: courseEnrollments.id });
  return rows.length > 0;
}

export async function markCompleted(db: Db, courseId: string, userId: string, at: Date): Promise<void> {
  await db
    .update(courseEnrollments)
    .set({ completedAt: at })
    .where(and(enrollmentOf(courseId, userId), isNull(courseEnrollments.completedAt)));
}

/** The learner's courses, most recently enrolled first, each with their enrolment. */
export async function findEnrollmentsOfUser(
  db: Db,
  userId: string,
): Promise<Array<{ course: CourseRecord; enrollment: EnrollmentRecord }>> {
  return db
    .select({ course: courseColumns, enrollment: enrollmentColumns })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .where(and(eq(courseEnrollments.userId, userId), notRefunded))
    .orderBy(desc(courseEnrollments.enrolledAt), desc(courseEnrollments.id));
}

/** Per course: learners who finished it, and what its learners paid. */
export async function findCourseFigures(
  db: Db,
  courseIds: string[],
): Promise<Array<{ courseId: string; completions: number; revenueCents: number }>> {
  if (courseIds.length === 0) return [];
  return db
    .select({
      courseId: courseEnrollments.courseId,
      completions: sql<number>`count(${courseEnrollments.completedAt})`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(${courseEnrollments.pricePaidCents})
        filter (where ${courseEnrollments.refundedAt} is null), 0)`.mapWith(Number),
    })
    .from(courseEnrollments)
    .where(inArray(courseEnrollments.courseId, courseIds))
    .groupBy(courseEnrollments.courseId);
}

/**
 * The course's learners who have done every one of its lessons but are not marked finished (a lesson
 * they had not done was removed).
 */
export async function findUnmarkedFinishers(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(
      and(
        eq(courseEnrollments.courseId, courseId),
        isNull(courseEnrollments.completedAt),
        notRefunded,
        sql`(select count(*) from course_lessons l where l.course_id = ${courseId}) > 0`,
        sql`(select count(*) from lesson_completions c
          where c.course_id = ${courseId} and c.user_id = "course_enrollments"."user_id")
          = (select count(*) from course_lessons l where l.course_id = ${courseId})`,
      ),
    );
  return rows.map((row) => row.userId);
}

/** Who learns and teaches the course, for the e-mail a paid enrolment sends. */
export async function findEnrollmentParties(db: Db, courseId: string, userId: string) {
  const [row] = await db
    .select({
      learner: { name: users.name, email: users.email },
      course: { id: courses.id, title: courses.title, instructorName: courses.instructorName },
      pricePaidCents: courseEnrollments.pricePaidCents,
    })
    .from(courseEnrollments)
    .innerJoin(users, eq(users.id, courseEnrollments.userId))
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .where(enrollmentOf(courseId, userId));
  return row;
}

export type EnrollmentParties = NonNullable<Awaited<ReturnType<typeof findEnrollmentParties>>>;

/** What the receipt of a paid enrolment says: the course, what was paid, and how to reach its instructor. */
export async function findEnrollmentReceipt(db: Db, courseId: string, userId: string) {
  const [row] = await db
    .select({
      course: { title: courses.title, instructorName: courses.instructorName },
      instructorEmail: users.email,
      pricePaidCents: courseEnrollments.pricePaidCents,
    })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .innerJoin(users, eq(users.id, courses.instructorId))
    .where(enrollmentOf(courseId, userId));
  return row;
}

// ---- completions ------------------------------------------------------------------------------

/** Marks the lesson done for the learner; nothing when it already was. */
export async function insertCompletion(
  db: Db,
  values: { courseId: string; userId: string; lessonId: string; completedAt: Date },
): Promise<void> {
  await db.insert(lessonCompletions).values(values).onConflictDoNothing();
}

/** The lessons of the courses the learner has done, in each course's order. */
export async function findCompletions(
  db: Db,
  userId: string,
  courseIds: string[],
): Promise<Array<{ courseId: string; lessonId: string }>> {
  if (courseIds.length === 0) return [];
  return db
    .select({ courseId: lessonCompletions.courseId, lessonId: lessonCompletions.lessonId })
    .from(lessonCompletions)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonCompletions.lessonId))
    .where(and(eq(lessonCompletions.userId, userId), inArray(lessonCompletions.courseId, courseIds)))
    .orderBy(asc(lessonCompletions.courseId), asc(courseLessons.position));
}

export async function countCompletions(db: Db, courseId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(lessonCompletions)
    .where(and(eq(lessonCompletions.courseId, courseId), eq(lessonCompletions.userId, userId)));
  return row?.total ?? 0;
}

// ---- certificates -----------------------------------------------------------------------------

/** Issues the certificate unless the learner has it: one per learner and course, by its unique key. */
/** Issues the certificate; false when the learner already had one of the course. */
export async function insertCertificate(
  db: Db,
  values: Omit<typeof courseCertificates.$inferInsert, 'id'>,
): Promise<boolean> {
  const inserted = await db
    .insert(courseCertificates)
    .values(values)
    .onConflictDoNothing({ target: [courseCertificates.courseId, courseCertificates.userId] })
    .returning({ id: courseCertificates.id });
  return inserted.length === 1;
}

const learnersCompletions = sql`lesson_completions c join course_lessons l on l.id = c.lesson_id
  where c.course_id = ${courseCertificates.courseId} and c.user_id = ${courseCertificates.userId}`;

/** Certificates with their facts: the learner's completed lessons, and the instructor's account. */
const selectCertificates = (db: Db) =>
  db
    .select({
      ...getTableColumns(courseCertificates),
      lessonCount: sql<number>`(select count(*) from ${learnersCompletions})`.mapWith(Number),
      contentMinutes:
        sql<number>`(select coalesce(sum(l.duration_minutes), 0) from ${learnersCompletions})`.mapWith(
          Number,
        ),
      instructorSince: users.createdAt,
    })
    .from(courseCertificates)
    .innerJoin(courses, eq(courses.id, courseCertificates.courseId))
    .innerJoin(users, eq(users.id, courses.instructorId));

export async function findCertificatesOfUser(
  db: Db,
  userId: string,
  courseIds: string[],
): Promise<CertificateRecord[]> {
  if (courseIds.length === 0) return [];
  return selectCertificates(db).where(
    and(eq(courseCertificates.userId, userId), inArray(courseCertificates.courseId, courseIds)),
  );
}

export async function findCertificateByCode(db: Db, code: string): Promise<CertificateRecord | undefined> {
  const [row] = await selectCertificates(db).where(eq(courseCertificates.verificationCode, code));
  return row;
}

export async function findUserName(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}

// ---- ratings ----------------------------------------------------------------------------------

export async function findRatingsOfUser(
  db: Db,
  userId: string,
  courseIds: string[],
): Promise<Array<{ courseId: string; rating: number }>> {
  if (courseIds.length === 0) return [];
  return db
    .select({ courseId: courseRatings.courseId, rating: courseRatings.rating })
    .from(courseRatings)
    .where(and(eq(courseRatings.userId, userId), inArray(courseRatings.courseId, courseIds)));
}

/** Sets the learner's rating of the course, replacing the one they gave before. */
export async function upsertRating(
  db: Db,
  values: { courseId: string; userId: string; rating: number; updatedAt: Date },
): Promise<void> {
  await db
    .insert(courseRatings)
    .values(values)
    .onConflictDoUpdate({
      target: [courseRatings.courseId, courseRatings.userId],
      set: { rating: values.rating, updatedAt: values.updatedAt },
    });
}
