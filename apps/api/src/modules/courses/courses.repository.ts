import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { CourseFilters } from '@sokoni/contracts/courses';
import { UNCATEGORIZED } from '@sokoni/contracts/courses-rules';
import type { Db } from '../../db/client.js';
import { courseLessons, courses } from '../../db/schema/courses.js';
import { uploads } from '../../db/schema/uploads.js';

export type CourseRecord = {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  image: string;
  category: string | null;
  level: (typeof courses.$inferSelect)['level'];
  language: string;
  objectives: string[];
  instructorId: string;
  instructorName: string;
  instructorTitle: string | null;
  instructorBio: string | null;
  instructorAvatar: string | null;
  ratingSum: number;
  ratingCount: number;
  enrolledCount: number;
  lessonCount: number;
  durationMinutes: number;
  createdAt: Date;
  /** Null while a draft (#28). */
  publishedAt: Date | null;
  /** #28: when moderators hid it (shown to its instructor only), and why; null while it is shown. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
};

/** A lesson with the size of its file when that is an upload of ours (null otherwise). */
export type LessonRecord = typeof courseLessons.$inferSelect & { contentBytes: number | null };
export type NewCourse = typeof courses.$inferInsert;
export type NewLesson = typeof courseLessons.$inferInsert;

/**
 * A course's columns with its lesson count and length. Scalar subqueries, with the tables named
 * (inside one, a bare "id" would be the lesson's), over the lessons' (course_id, position) key.
 */
export const courseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  priceCents: courses.priceCents,
  image: courses.image,
  category: courses.category,
  level: courses.level,
  language: courses.language,
  objectives: courses.objectives,
  instructorId: courses.instructorId,
  instructorName: courses.instructorName,
  instructorTitle: courses.instructorTitle,
  instructorBio: courses.instructorBio,
  instructorAvatar: courses.instructorAvatar,
  ratingSum: courses.ratingSum,
  ratingCount: courses.ratingCount,
  enrolledCount: courses.enrolledCount,
  lessonCount:
    sql<number>`(select count(*) from course_lessons l where l.course_id = "courses"."id")`.mapWith(Number),
  durationMinutes: sql<number>`(select coalesce(sum(l.duration_minutes), 0) from course_lessons l
    where l.course_id = "courses"."id")`.mapWith(Number),
  createdAt: courses.createdAt,
  publishedAt: courses.publishedAt,
  hiddenAt: courses.hiddenAt,
  hiddenReason: courses.hiddenReason,
};

// ---- the catalogue ----------------------------------------------------------------------------

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The text searched, as the courses_text_trgm index holds it. */
const searchedText = sql`lower(${courses.title} || E'\\n' || ${courses.instructorName})`;

/**
 * The catalogue lists published courses only: a draft is its instructor's alone, and so is one
 * moderators hid (#28).
 */
function whereOf(filters: CourseFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [isNotNull(courses.publishedAt), isNull(courses.hiddenAt)];
  if (filters.q) conditions.push(sql`${searchedText} like ${`%${escapeLike(filters.q.toLowerCase())}%`}`);
  if (filters.category)
    conditions.push(
      filters.category === UNCATEGORIZED ? isNull(courses.category) : eq(courses.category, filters.category),
    );
  if (filters.instructor) conditions.push(eq(courses.instructorId, filters.instructor));
  return and(...conditions);
}

/** One page of the catalogue under the filters, newest first. */
export async function findCourses(db: Db, filters: CourseFilters): Promise<CourseRecord[]> {
  return db
    .select(courseColumns)
    .from(courses)
    .where(whereOf(filters))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(filters.limit)
    .offset(filters.offset);
}

export async function countCourses(db: Db, filters: CourseFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(courses).where(whereOf(filters));
  return row?.total ?? 0;
}

/** Every category some published course is in (null among them when one has none). */
export async function findCategories(db: Db): Promise<Array<string | null>> {
  const rows = await db
    .selectDistinct({ category: courses.category })
    .from(courses)
    .where(and(isNotNull(courses.publishedAt), isNull(courses.hiddenAt)));
  return rows.map((row) => row.category);
}

// ---- one course -------------------------------------------------------------------------------

export async function findCourseById(db: Db, id: string): Promise<CourseRecord | undefined> {
  const [row] = await db.select(courseColumns).from(courses).where(eq(courses.id, id));
  return row;
}

/** An instructor's courses, newest first. */
export async function findCoursesOfInstructor(db: Db, instructorId: string): Promise<CourseRecord[]> {
  return db
    .select(courseColumns)
    .from(courses)
    .where(eq(courses.instructorId, instructorId))
    .orderBy(desc(courses.createdAt), desc(courses.id));
}

export type CourseKeys = {
  id: string;
  title: string;
  priceCents: number;
  instructorId: string;
  instructorName: string;
  publishedAt: Date | null;
  /** #28: moderators hid it: nobody new enrols. */
  hiddenAt: Date | null;
};

/**
 * The course's row locked until the transaction ends. Whoever changes its lessons takes it `update`,
 * whoever adds a learner or a rating `no key update` (both one at a time per course); a completion
 * takes `key share`, so it waits for a lesson being removed but not for other learners.
 */
export async function lockCourse(
  db: Db,
  id: string,
  strength: 'update' | 'no key update' | 'key share',
): Promise<CourseKeys | undefined> {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      priceCents: courses.priceCents,
      instructorId: courses.instructorId,
      instructorName: courses.instructorName,
      publishedAt: courses.publishedAt,
      hiddenAt: courses.hiddenAt,
    })
    .from(courses)
    .where(eq(courses.id, id))
    .for(strength);
  return row;
}

export async function insertCourse(db: Db, values: NewCourse): Promise<string> {
  const [row] = await db.insert(courses).values(values).returning({ id: courses.id });
  if (!row) throw new Error('insert into courses returned no row');
  return row.id;
}

export async function updateCourse(db: Db, id: string, values: Partial<NewCourse>): Promise<void> {
  await db.update(courses).set(values).where(eq(courses.id, id));
}

/** Publishes a draft at `at`; a course published already keeps its day. */
export async function publishCourse(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(courses)
    .set({ publishedAt: at })
    .where(and(eq(courses.id, id), isNull(courses.publishedAt)));
}

/** One more learner in the course. */
/** Counts a learner in (1), or out (-1: a learner refunded, #27). */
export async function addEnrolled(db: Db, courseId: string, by: 1 | -1 = 1): Promise<void> {
  await db
    .update(courses)
    .set({ enrolledCount: sql`${courses.enrolledCount} + ${by}` })
    .where(eq(courses.id, courseId));
}

/** Moves the course's rating totals by a rating added (`added` 1) or changed (`added` 0). */
export async function moveRating(db: Db, courseId: string, sumBy: number, added: 0 | 1): Promise<void> {
  await db
    .update(courses)
    .set({
      ratingSum: sql`${courses.ratingSum} + ${sumBy}`,
      ratingCount: sql`${courses.ratingCount} + ${added}`,
    })
    .where(eq(courses.id, courseId));
}

// ---- lessons ----------------------------------------------------------------------------------

/** A lesson's columns, and its file's size from the upload it is (uploads' url is unique). */
const lessonColumns = { ...getTableColumns(courseLessons), contentBytes: uploads.bytes };
const lessonsWithFiles = (db: Db) =>
  db.select(lessonColumns).from(courseLessons).leftJoin(uploads, eq(uploads.url, courseLessons.contentUrl));

/** The course's lessons in order. */
export async function findLessonsOfCourse(db: Db, courseId: string): Promise<LessonRecord[]> {
  return lessonsWithFiles(db)
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(asc(courseLessons.position));
}

export async function findLesson(
  db: Db,
  courseId: string,
  lessonId: string,
): Promise<LessonRecord | undefined> {
  const [row] = await lessonsWithFiles(db).where(
    and(eq(courseLessons.courseId, courseId), eq(courseLessons.id, lessonId)),
  );
  return row;
}

export async function countLessons(db: Db, courseId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(courseLessons)
    .where(eq(courseLessons.courseId, courseId));
  return row?.total ?? 0;
}

/** Moves the lessons at positions from..to (inclusive; `to` null: to the end) by `by` places. */
export async function shiftLessons(
  db: Db,
  courseId: string,
  range: { from: number; to: number | null },
  by: 1 | -1,
): Promise<void> {
  await db
    .update(courseLessons)
    .set({ position: sql`${courseLessons.position} + ${by}` })
    .where(
      and(
        eq(courseLessons.courseId, courseId),
        gte(courseLessons.position, range.from),
        range.to === null ? undefined : lte(courseLessons.position, range.to),
      ),
    );
}

export async function insertLesson(db: Db, values: NewLesson): Promise<{ id: string }> {
  const [row] = await db.insert(courseLessons).values(values).returning({ id: courseLessons.id });
  if (!row) throw new Error('insert into course_lessons returned no row');
  return row;
}

export async function updateLesson(db: Db, id: string, values: Partial<NewLesson>): Promise<void> {
  await db.update(courseLessons).set(values).where(eq(courseLessons.id, id));
}

/** Removes the lesson (its completions go with it) and closes the gap behind it. */
export async function deleteLesson(db: Db, lesson: { id: string; courseId: string; position: number }) {
  await db.delete(courseLessons).where(eq(courseLessons.id, lesson.id));
  await db
    .update(courseLessons)
    .set({ position: sql`${courseLessons.position} - 1` })
    .where(and(eq(courseLessons.courseId, lesson.courseId), gt(courseLessons.position, lesson.position)));
}
