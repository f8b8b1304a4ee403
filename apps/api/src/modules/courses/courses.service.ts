import {
  Course,
  type CourseFilters,
  type CourseSummary,
  type CreateCourseData,
  type CreateLessonData,
  type Lesson,
  type UpdateCourseData,
  type UpdateLessonData,
} from '@sokoni/contracts/courses';
import {
  COURSE_LESSONS_MAX,
  COURSE_MEDIA_PATH,
  COURSE_MESSAGES,
  LESSON_RELEASE_HORIZON_DAYS,
  UNCATEGORIZED,
  lessonContentProblem,
} from '@sokoni/contracts/courses-rules';
import { shillingsToCents } from '@sokoni/contracts/money';
import { addDays } from '@sokoni/contracts/stays-rules';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { requireAccess, type Access } from '../../lib/access.js';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus.js';
import { encodeJsonBody, type JsonBody } from '../../lib/json-body.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { Certifier } from './certificates.js';
import { courseNotFound, lessonNotFound } from './course-errors.js';
import { moderationOf, toCourse, toLesson, toSummary, type Viewer } from './course-views.js';
import * as repo from './courses.repository.js';

/** How long a course's page is served from memory. */
const PAGE_TTL_MS = 5_000;

/**
 * A course's page kept with its encoded answer, the same for everyone who may see it: a draft, or one
 * moderators hid (kept with the reason), is its instructor's alone (`shown` false).
 */
type CoursePage = { course: Course; json: JsonBody; shown: boolean };

/** Anyone sees a course; only its instructor changes it. */
const instructorAccess: Access<{ instructorId: string }> = {
  ownerOf: (course) => course.instructorId,
  notFound: courseNotFound,
  notOwner: () => forbidden(COURSE_MESSAGES.notInstructor, 'NOT_INSTRUCTOR'),
};

export type CourseDeps = {
  db: Db;
  uploads: Pick<UploadsService, 'claim'>;
  /** A lesson file's stored address (COURSE_MEDIA_PATH) → an address that opens it for a while. */
  signMedia: (path: string) => string;
  /** Certifies learners whom a removed lesson leaves finished, with their e-mails. */
  certifier: Pick<Certifier, 'certifyFinishers'>;
  clock?: Clock;
  /** How the other server processes on the database hear of changes (alone: none). */
  caches?: CacheBus;
};

export type CoursesService = ReturnType<typeof createCoursesService>;

/**
 * The catalogue, each course's page, and what its instructor does: the course and its lessons.
 * A course's lessons are changed with its row locked, so their positions stay 1..n however many
 * edits run at once.
 */
export function createCoursesService(deps: CourseDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const at = () => new Date(clock.now());
  /**
   * Courses' pages for a few seconds, kept per day (a lesson's release day opens it). Every change to
   * what a page shows clears them, here and in every other process on the database
   * (docs/decisions/0013): the instructor's edits, moderators' decisions, and learners enrolling,
   * leaving or rating (learnersChanged).
   */
  const pages = createTtlCache<CoursePage | undefined>({
    ttlMs: PAGE_TTL_MS,
    maxEntries: 1000,
    now: clock.now,
  });
  const caches = deps.caches ?? localCacheBus;
  const courseChanged = caches.topic('courses', () => pages.clear());

  /** A course's page as of `today`, from the database. */
  async function readPage(id: string, today: string): Promise<CoursePage | undefined> {
    const [record, lessons] = await Promise.all([
      repo.findCourseById(db, id),
      repo.findLessonsOfCourse(db, id),
    ]);
    if (!record) return undefined;
    const course: Course = {
      ...toCourse(record, lessons, { viewer: 'public', today, sign: deps.signMedia }),
      ...moderationOf(record),
    };
    return {
      course,
      json: encodeJsonBody(Course, course),
      shown: record.publishedAt !== null && record.hiddenAt === null,
    };
  }

  async function findOrThrow(id: string): Promise<repo.CourseRecord> {
    const record = isUuid(id) ? await repo.findCourseById(db, id) : undefined;
    if (!record) throw courseNotFound();
    return record;
  }

  /** The course as `viewer` sees it, each lesson's content as they may open it. */
  async function courseFor(record: repo.CourseRecord, viewer: Viewer): Promise<Course> {
    const lessons = await repo.findLessonsOfCourse(db, record.id);
    return toCourse(record, lessons, { viewer, today: clock.today(), sign: deps.signMedia });
  }

  const lessonForInstructor = (lesson: repo.LessonRecord): Lesson =>
    toLesson(lesson, { viewer: 'instructor', today: clock.today(), sign: deps.signMedia });

  /** The course locked for a change of its lessons, refused unless the caller teaches it. */
  async function lockForInstructor(tx: Db, caller: AuthUser, id: string): Promise<repo.CourseKeys> {
    return requireAccess(
      caller,
      isUuid(id) ? await repo.lockCourse(tx, id, 'update') : undefined,
      instructorAccess,
    );
  }

  async function findLessonOrThrow(tx: Db, courseId: string, lessonId: string): Promise<repo.LessonRecord> {
    const lesson = isUuid(lessonId) ? await repo.findLesson(tx, courseId, lessonId) : undefined;
    if (!lesson) throw lessonNotFound();
    return lesson;
  }

  /** A course's image and avatar must be the caller's own uploads (or sample images). */
  async function claimImages(tx: Db, caller: AuthUser, images: Array<string | null | undefined>) {
    if (!(await deps.uploads.claim(tx, caller, images)))
      throw badRequest(COURSE_MESSAGES.foreignImage, 'FOREIGN_IMAGE');
  }

  /** A lesson's file of ours must be the caller's own upload; an https:// address is anyone's. */
  async function claimMedia(tx: Db, caller: AuthUser, lesson: { contentType: string; contentUrl: string }) {
    if (lesson.contentType === 'text' || !COURSE_MEDIA_PATH.test(lesson.contentUrl)) return;
    if (!(await deps.uploads.claim(tx, caller, [lesson.contentUrl])))
      throw badRequest(COURSE_MESSAGES.mediaUrl, 'FOREIGN_MEDIA');
  }

  function refuseReleaseBeyondHorizon(releaseDate: string | null | undefined): void {
    if (releaseDate && releaseDate > addDays(clock.today(), LESSON_RELEASE_HORIZON_DAYS))
      throw badRequest(COURSE_MESSAGES.releaseTooFar, 'LESSON_RELEASE_TOO_FAR');
  }

  return {
    /** One page of the catalogue under the filters, newest first, and how many there are under them. */
    async list(filters: CourseFilters): Promise<{ items: CourseSummary[]; total: number }> {
      const [records, total] = await Promise.all([
        repo.findCourses(db, filters),
        repo.countCourses(db, filters),
      ]);
      return { items: records.map(toSummary), total };
    },

    /** The categories courses are in, A–Z, then Uncategorized when a course has none. */
    async categories(): Promise<string[]> {
      const found = await repo.findCategories(db);
      const named = found
        .filter((category): category is string => category !== null)
        .sort((a, b) => a.localeCompare(b, 'en'));
      return found.includes(null) ? [...named, UNCATEGORIZED] : named;
    },

    /**
     * A course's page and its encoded answer: the same for everyone (only its preview lesson's
     * content). A draft is its instructor's alone: anyone else (`caller` null: a visitor) is told it
     * does not exist. One moderators hid (#28) is its instructor's alone too, with the reason.
     */
    async get(id: string, caller: AuthUser | null = null): Promise<CoursePage> {
      const today = clock.today();
      const page = isUuid(id) ? await pages.get(`${today}|${id}`, () => readPage(id, today)) : undefined;
      if (!page || (!page.shown && page.course.instructorId !== caller?.sub)) throw courseNotFound();
      return page;
    },

    /** A course's learners changed in `tx` (one enrolled, left or rated it): its page shows it once that commits. */
    learnersChanged: (tx: Db) => courseChanged(tx),

    /**
     * Moderators hid courses or showed them again (#28), in `tx`: their pages are forgotten here and
     * in every process once it commits.
     */
    moderated: (tx: Db) => courseChanged(tx),

    /**
     * Publishes the caller's draft, once it has a lesson: from then on the catalogue lists it and
     * learners may enrol. Publishing again changes nothing.
     */
    async publish(caller: AuthUser, id: string): Promise<Course> {
      await db.transaction(async (tx) => {
        const course = await lockForInstructor(tx, caller, id);
        if ((await repo.countLessons(tx, course.id)) === 0)
          throw conflict(COURSE_MESSAGES.publishNeedsLesson, 'COURSE_HAS_NO_LESSONS');
        await repo.publishCourse(tx, course.id, at());
      });
      await courseChanged();
      return courseFor(await findOrThrow(id), 'instructor');
    },

    /** Creates a course taught by the caller, whatever instructorId the body names: a draft until published. */
    async create(caller: AuthUser, input: CreateCourseData): Promise<Course> {
      const moment = at();
      const id = await db.transaction(async (tx) => {
        await claimImages(tx, caller, [input.image, input.instructorAvatar]);
        return repo.insertCourse(tx, {
          title: input.title,
          description: input.description,
          priceCents: shillingsToCents(input.price),
          image: input.image,
          category: input.category,
          level: input.level,
          language: input.language,
          objectives: input.objectives,
          instructorId: caller.sub,
          instructorName: input.instructorName,
          instructorTitle: input.instructorTitle ?? null,
          instructorBio: input.instructorBio ?? null,
          instructorAvatar: input.instructorAvatar ?? null,
          createdAt: moment,
          updatedAt: moment,
        });
      });
      return courseFor(await findOrThrow(id), 'instructor');
    },

    /** Changes a course, for its instructor only; a new image or avatar must be their own upload. */
    async update(caller: AuthUser, id: string, input: UpdateCourseData): Promise<Course> {
      const current = requireAccess(caller, await findOrThrow(id), instructorAccess);
      await db.transaction(async (tx) => {
        await claimImages(tx, caller, [
          input.image === current.image ? undefined : input.image,
          input.instructorAvatar === current.instructorAvatar ? undefined : input.instructorAvatar,
        ]);
        await repo.updateCourse(tx, current.id, {
          title: input.title,
          description: input.description,
          priceCents: input.price === undefined ? undefined : shillingsToCents(input.price),
          image: input.image,
          category: input.category,
          level: input.level,
          language: input.language,
          objectives: input.objectives,
          instructorName: input.instructorName,
          instructorTitle: input.instructorTitle,
          instructorBio: input.instructorBio,
          instructorAvatar: input.instructorAvatar,
          updatedAt: at(),
        });
      });
      await courseChanged();
      return courseFor(await findOrThrow(current.id), 'instructor');
    },

    /** Adds a lesson at `position` (left out, or past the end: last); the lessons from there move down one. */
    async addLesson(caller: AuthUser, courseId: string, input: CreateLessonData): Promise<Lesson> {
      const lesson = await db.transaction(async (tx) => {
        const course = await lockForInstructor(tx, caller, courseId);
        refuseReleaseBeyondHorizon(input.releaseDate);
        const total = await repo.countLessons(tx, course.id);
        if (total >= COURSE_LESSONS_MAX) throw conflict(COURSE_MESSAGES.tooManyLessons, 'TOO_MANY_LESSONS');
        await claimMedia(tx, caller, input);
        const position = Math.min(input.position ?? total + 1, total + 1);
        await repo.shiftLessons(tx, course.id, { from: position, to: null }, 1);
        const { id } = await repo.insertLesson(tx, {
          courseId: course.id,
          position,
          title: input.title,
          contentType: input.contentType,
          contentUrl: input.contentUrl,
          durationMinutes: input.duration,
          releaseDate: input.releaseDate,
          createdAt: at(),
        });
        return findLessonOrThrow(tx, course.id, id);
      });
      await courseChanged();
      return lessonForInstructor(lesson);
    },

    /**
     * Changes a lesson. A new type or content is checked against the lesson as it then stands; a new
     * position (past the end: last) moves the lessons in between by one.
     */
    async updateLesson(
      caller: AuthUser,
      courseId: string,
      lessonId: string,
      input: UpdateLessonData,
    ): Promise<Lesson> {
      const updated = await db.transaction(async (tx) => {
        const course = await lockForInstructor(tx, caller, courseId);
        const lesson = await findLessonOrThrow(tx, course.id, lessonId);
        const content = {
          contentType: input.contentType ?? lesson.contentType,
          contentUrl: input.contentUrl ?? lesson.contentUrl,
        };
        const problem = lessonContentProblem(content.contentType, content.contentUrl);
        if (problem) throw badRequest(problem, 'LESSON_CONTENT_INVALID');
        refuseReleaseBeyondHorizon(input.releaseDate);
        if (content.contentUrl !== lesson.contentUrl || content.contentType !== lesson.contentType)
          await claimMedia(tx, caller, content);
        let position = lesson.position;
        if (input.position !== undefined) {
          position = Math.min(input.position, await repo.countLessons(tx, course.id));
          if (position < lesson.position)
            await repo.shiftLessons(tx, course.id, { from: position, to: lesson.position - 1 }, 1);
          if (position > lesson.position)
            await repo.shiftLessons(tx, course.id, { from: lesson.position + 1, to: position }, -1);
        }
        await repo.updateLesson(tx, lesson.id, {
          title: input.title,
          ...content,
          durationMinutes: input.duration,
          releaseDate: input.releaseDate,
          position,
        });
        return findLessonOrThrow(tx, course.id, lesson.id);
      });
      await courseChanged();
      return lessonForInstructor(updated);
    },

    /**
     * Removes a lesson and closes the gap. Learners who had done every other lesson have now finished
     * the course: they get their certificates at once. A published course keeps at least one lesson:
     * turning it back into a draft instead would take a course learners paid for out of the catalogue
     * and their links without a word to them.
     */
    async deleteLesson(caller: AuthUser, courseId: string, lessonId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const course = await lockForInstructor(tx, caller, courseId);
        const lesson = await findLessonOrThrow(tx, course.id, lessonId);
        if (course.publishedAt !== null && (await repo.countLessons(tx, course.id)) === 1)
          throw conflict(COURSE_MESSAGES.lastLesson, 'LAST_LESSON');
        await repo.deleteLesson(tx, lesson);
        await deps.certifier.certifyFinishers(tx, course, at());
      });
      await courseChanged();
    },
  };
}
