import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { COURSE_LEVELS, LESSON_CONTENT_TYPES, LESSON_MINUTES_MAX } from '@sokoni/contracts/courses-rules';
import { users } from './accounts.js';
import { moderationColumns } from './moderation.js';

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * A course and its instructor (the user who created it; the name, title, bio and avatar shown are
 * theirs to word). The rating is kept as a sum and a count, and the learners as a count, each moved
 * in the transaction that changes them.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** 0 is a free course. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    image: text('image').notNull(),
    /** Null: listed as Uncategorized. */
    category: text('category'),
    level: text('level', { enum: COURSE_LEVELS }).notNull(),
    language: text('language').notNull(),
    objectives: text('objectives')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    instructorId: uuid('instructor_id')
      .notNull()
      .references(() => users.id),
    instructorName: text('instructor_name').notNull(),
    instructorTitle: text('instructor_title'),
    instructorBio: text('instructor_bio'),
    instructorAvatar: text('instructor_avatar'),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    enrolledCount: integer('enrolled_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while a draft: listed only to its instructor until published with at least one lesson. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...moderationColumns(),
  },
  (table) => [
    check('courses_price_not_negative', sql`${table.priceCents} >= 0`),
    check('courses_level_known', sql.raw(`level in (${quoted(COURSE_LEVELS)})`)),
    check(
      'courses_rating_consistent',
      sql`${table.ratingSum} between ${table.ratingCount} and 5 * ${table.ratingCount}`,
    ),
    check('courses_enrolled_not_negative', sql`${table.enrolledCount} >= 0`),
    // The catalogue newest first, overall, per category and per instructor.
    index('courses_newest').on(table.createdAt.desc(), table.id.desc()),
    index('courses_category_newest').on(table.category, table.createdAt.desc(), table.id.desc()),
    index('courses_instructor').on(table.instructorId, table.createdAt.desc()),
    // Search over title and instructor's name as one text (a line feed between them, so no match spans both).
    index('courses_text_trgm').using(
      'gin',
      sql`lower(${table.title} || E'\\n' || ${table.instructorName}) gin_trgm_ops`,
    ),
  ],
);

/**
 * A course's lessons in order. Positions run 1..n without a gap: the courses service moves them with
 * the course's row locked, and a unique key on (course_id, position), checked at commit (migration
 * 0014), refuses anything else. `content_url` is a text lesson's body, or a video's or PDF's address.
 */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    contentType: text('content_type', { enum: LESSON_CONTENT_TYPES }).notNull(),
    contentUrl: text('content_url').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Nairobi's day it unlocks; null: released at once. */
    releaseDate: date('release_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('course_lessons_position', sql`${table.position} >= 1`),
    check('course_lessons_content_type_known', sql.raw(`content_type in (${quoted(LESSON_CONTENT_TYPES)})`)),
    check('course_lessons_duration', sql.raw(`duration_minutes between 1 and ${LESSON_MINUTES_MAX}`)),
  ],
);

/**
 * A learner in a course: one row per learner and course, whether free or paid (by one payment, once).
 * `completed_at` is set when they finish the last lesson, with their certificate.
 */
export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What the learner paid (0 for a free course): the instructor's revenue. */
    pricePaidCents: bigint('price_paid_cents', { mode: 'number' }).notNull().default(0),
    /** The payment that enrolled them; null for a free course. */
    paymentReference: text('payment_reference').unique(),
    /** When the learner was refunded (#27): the place is given up, the course no longer open to them. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    unique('course_enrollments_course_user').on(table.courseId, table.userId),
    check('course_enrollments_price_paid', sql`${table.pricePaidCents} >= 0`),
    index('course_enrollments_user').on(table.userId, table.enrolledAt.desc()),
  ],
);

/** A lesson a learner finished: once each, for good; only an enrolled learner has any. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    courseId: uuid('course_id').notNull(),
    userId: uuid('user_id').notNull(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.userId, table.lessonId] }),
    foreignKey({
      name: 'lesson_completions_enrollment_fk',
      columns: [table.courseId, table.userId],
      foreignColumns: [courseEnrollments.courseId, courseEnrollments.userId],
    }),
    index('lesson_completions_lesson').on(table.lessonId),
  ],
);

/**
 * The certificate of a finished course: one per learner and course, with the names as they were when
 * it was issued, and the code anyone can check it by (SKN-XXXX-XXXX-XXXX, Crockford base32).
 */
export const courseCertificates = pgTable(
  'course_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    verificationCode: text('verification_code').notNull().unique(),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    instructorName: text('instructor_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('course_certificates_course_user').on(table.courseId, table.userId),
    check(
      'course_certificates_code_shape',
      sql.raw(`verification_code ~ '^SKN(-[0-9A-HJKMNP-TV-Z]{4}){3}$'`),
    ),
    index('course_certificates_user').on(table.userId),
  ],
);

/** A learner's stars for a course: one each, a new one replacing it. */
export const courseRatings = pgTable(
  'course_ratings',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.userId] }),
    check('course_ratings_range', sql`${table.rating} between 1 and 5`),
  ],
);
