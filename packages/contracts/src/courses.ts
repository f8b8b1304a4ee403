import { z } from 'zod';
import { MONEY_MAX, isWholeCents } from './money.js';
import { ModerationNotice } from './moderation.js';
import { pageMessages, pageQuery } from './paging.js';
import { isCalendarDay } from './stays-rules.js';
import { block, line } from './text.js';
import {
  COURSE_LEVELS,
  LESSON_CONTENT_TYPES,
  UNCATEGORIZED,
  COURSE_PAGE_SIZE,
  COURSE_PAGE_MAX,
  COURSE_TITLE_MAX_LENGTH,
  COURSE_DESCRIPTION_MAX_LENGTH,
  COURSE_CATEGORY_MAX_LENGTH,
  COURSE_LANGUAGE_MAX_LENGTH,
  COURSE_OBJECTIVES_MAX,
  COURSE_OBJECTIVE_MAX_LENGTH,
  INSTRUCTOR_NAME_MAX_LENGTH,
  INSTRUCTOR_TITLE_MAX_LENGTH,
  INSTRUCTOR_BIO_MAX_LENGTH,
  LESSON_TITLE_MAX_LENGTH,
  LESSON_TEXT_MAX_LENGTH,
  LESSON_MINUTES_MAX,
  COURSE_MESSAGES,
  lessonContentProblem,
} from './courses-rules.js';

// Courses' requests and answers (spec §3, §7 Courses). The rules, messages and display rules they
// check are in courses-rules.ts, which holds no schema, so a page that only shows courses loads no zod.

/** A course's image and an instructor's avatar are ours: uploads to /uploads/course-image (or sample images). */
const COURSE_IMAGE = /^\/api\/uploads\/(courses|sample)\/[a-f0-9]{32}\.webp$/;

// ---- requests ------------------------------------------------------------------------------------

const required = (text: typeof line, message: string, max: number, tooLong: string) =>
  text(message).trim().min(1, message).max(max, tooLong);
const optionalText = (text: typeof line, max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, tooLong)
    .transform((value) => value || null)
    .nullish();

const coursePrice = z
  .number(COURSE_MESSAGES.price)
  .finite(COURSE_MESSAGES.price)
  .min(0, COURSE_MESSAGES.price)
  .max(MONEY_MAX, COURSE_MESSAGES.price)
  .refine(isWholeCents, COURSE_MESSAGES.price);

const courseImage = z
  .string(COURSE_MESSAGES.imageRequired)
  .min(1, COURSE_MESSAGES.imageRequired)
  .regex(COURSE_IMAGE, COURSE_MESSAGES.foreignImage);

const courseFields = {
  title: required(line, COURSE_MESSAGES.titleRequired, COURSE_TITLE_MAX_LENGTH, COURSE_MESSAGES.titleTooLong),
  description: required(
    block,
    COURSE_MESSAGES.descriptionRequired,
    COURSE_DESCRIPTION_MAX_LENGTH,
    COURSE_MESSAGES.descriptionTooLong,
  ),
  /** KES; 0 is a free course. */
  price: coursePrice,
  image: courseImage,
  category: required(
    line,
    COURSE_MESSAGES.categoryRequired,
    COURSE_CATEGORY_MAX_LENGTH,
    COURSE_MESSAGES.categoryTooLong,
  ).refine((value) => value.toLowerCase() !== UNCATEGORIZED.toLowerCase(), COURSE_MESSAGES.categoryReserved),
  level: z.enum(COURSE_LEVELS, COURSE_MESSAGES.level),
  language: required(
    line,
    COURSE_MESSAGES.languageRequired,
    COURSE_LANGUAGE_MAX_LENGTH,
    COURSE_MESSAGES.languageTooLong,
  ),
  objectives: z
    .array(
      line(COURSE_MESSAGES.objectiveEmpty)
        .trim()
        .min(1, COURSE_MESSAGES.objectiveEmpty)
        .max(COURSE_OBJECTIVE_MAX_LENGTH, COURSE_MESSAGES.objectiveTooLong),
      COURSE_MESSAGES.objectiveEmpty,
    )
    .max(COURSE_OBJECTIVES_MAX, COURSE_MESSAGES.tooManyObjectives),
  instructorName: required(
    line,
    COURSE_MESSAGES.instructorNameRequired,
    INSTRUCTOR_NAME_MAX_LENGTH,
    COURSE_MESSAGES.instructorNameTooLong,
  ),
  instructorTitle: optionalText(line, INSTRUCTOR_TITLE_MAX_LENGTH, COURSE_MESSAGES.instructorTitleTooLong),
  instructorBio: optionalText(block, INSTRUCTOR_BIO_MAX_LENGTH, COURSE_MESSAGES.instructorBioTooLong),
  instructorAvatar: courseImage.nullish(),
};

/**
 * POST /courses (spec §5 Create Course form): the instructor is the caller, whatever
 * `instructorId` says; the instructor's name on the course is theirs to give (their own by default
 * in the form). Level defaults to Beginner, language to English, objectives to none.
 */
export const CreateCourseInput = z.object({
  ...courseFields,
  level: courseFields.level.default('Beginner'),
  language: courseFields.language.default('English'),
  objectives: courseFields.objectives.default([]),
  instructorId: line().max(100).optional(),
});
export type CreateCourseInput = z.input<typeof CreateCourseInput>;
export type CreateCourseData = z.output<typeof CreateCourseInput>;

/** PUT /courses/{id}: the fields to change (its instructor only). */
export const UpdateCourseInput = z
  .object({ ...courseFields, instructorId: line().max(100).optional() })
  .partial();
export type UpdateCourseInput = z.input<typeof UpdateCourseInput>;
export type UpdateCourseData = z.output<typeof UpdateCourseInput>;

const releaseDate = z
  .string(COURSE_MESSAGES.releaseDate)
  .refine(isCalendarDay, COURSE_MESSAGES.releaseDate)
  .nullable();

const lessonFields = {
  title: required(
    line,
    COURSE_MESSAGES.lessonTitleRequired,
    LESSON_TITLE_MAX_LENGTH,
    COURSE_MESSAGES.lessonTitleTooLong,
  ),
  contentType: z.enum(LESSON_CONTENT_TYPES, COURSE_MESSAGES.contentType),
  /**
   * Spec §3 Lesson: the video's or the PDF's address (an upload of ours, COURSE_MEDIA_PATH, or an
   * https:// address), or a text lesson's body.
   */
  contentUrl: block(COURSE_MESSAGES.textRequired)
    .trim()
    .max(LESSON_TEXT_MAX_LENGTH, COURSE_MESSAGES.textTooLong),
  duration: z
    .number(COURSE_MESSAGES.duration)
    .int(COURSE_MESSAGES.duration)
    .min(1, COURSE_MESSAGES.duration)
    .max(LESSON_MINUTES_MAX, COURSE_MESSAGES.duration),
  /** Nairobi's day it unlocks; null: at once. */
  releaseDate,
  /** 1-based place in the course; left out: last. Other lessons move to make room. */
  position: z.number(COURSE_MESSAGES.position).int(COURSE_MESSAGES.position).min(1, COURSE_MESSAGES.position),
};

/** POST /courses/{id}/lessons (its instructor only). */
export const CreateLessonInput = z
  .object({
    ...lessonFields,
    releaseDate: releaseDate.default(null),
    position: lessonFields.position.optional(),
  })
  .superRefine((lesson, context) => {
    const problem = lessonContentProblem(lesson.contentType, lesson.contentUrl);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['contentUrl'] });
  });
export type CreateLessonInput = z.input<typeof CreateLessonInput>;
export type CreateLessonData = z.output<typeof CreateLessonInput>;

/**
 * PUT /courses/{id}/lessons/{lessonId}: the fields to change. A change of type or content is
 * checked against the lesson as it then stands (the server has both).
 */
export const UpdateLessonInput = z.object(lessonFields).partial();
export type UpdateLessonInput = z.input<typeof UpdateLessonInput>;
export type UpdateLessonData = z.output<typeof UpdateLessonInput>;

/**
 * GET /courses (spec §5 Course search): a case-insensitive substring of the title or the
 * instructor's name, and the category ('Uncategorized': courses without one); newest first, paged
 * (X-Total-Count carries the total). `instructor` lists one instructor's courses.
 */
export const CourseQuery = z.object({
  q: line().trim().max(100, 'Search text is too long.').optional(),
  category: line().trim().max(COURSE_CATEGORY_MAX_LENGTH, COURSE_MESSAGES.categoryTooLong).optional(),
  instructor: z.uuid(COURSE_MESSAGES.classroomNotFound).optional(),
  ...pageQuery({
    defaultLimit: COURSE_PAGE_SIZE,
    maxLimit: COURSE_PAGE_MAX,
    messages: pageMessages(COURSE_PAGE_MAX),
  }).shape,
});
export type CourseQuery = z.input<typeof CourseQuery>;
export type CourseFilters = z.output<typeof CourseQuery>;

/** POST /courses/{id}/rating: an enrolled learner's stars; a second rating replaces the first. */
export const RateCourseInput = z.object({
  rating: z
    .number(COURSE_MESSAGES.ratingValue)
    .int(COURSE_MESSAGES.ratingValue)
    .min(1, COURSE_MESSAGES.ratingValue)
    .max(5, COURSE_MESSAGES.ratingValue),
});
export type RateCourseInput = z.input<typeof RateCourseInput>;

/** A signed address of a lesson's file: valid until `expires` (seconds since 1970), for anyone holding it. */
export const CourseMediaQuery = z.object({
  expires: z.coerce.number().int().min(0),
  signature: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
});

/** GET /certificates/{code}: a certificate's code as printed ('SKN-7Q2M-X4PD-9KTR'), case-insensitive. */
export const CERTIFICATE_CODE = /^SKN(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
export const CertificateCodeParams = z.object({
  code: z
    .string()
    .max(40)
    .transform((code) => code.trim().toUpperCase())
    .pipe(z.string().regex(CERTIFICATE_CODE, COURSE_MESSAGES.certificateCodeNotFound)),
});

// ---- responses -----------------------------------------------------------------------------------

export const Instructor = z.object({
  /** Spec §3: 'Unknown Instructor' when a course has none. */
  name: z.string(),
  title: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type Instructor = z.infer<typeof Instructor>;

/** A course as the catalogue, My Courses and the dashboard show it (spec §3 Course without its lessons). */
export const CourseSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  /** KES; 0 is free. */
  price: z.number(),
  /** Null: listed as Uncategorized. */
  category: z.string().nullable(),
  /** Mean of the learners' ratings, to one decimal; 0 with none. */
  rating: z.number(),
  ratingCount: z.number().int(),
  enrolledCount: z.number().int(),
  /** Minutes: the sum of its lessons'. */
  duration: z.number().int(),
  level: z.enum(COURSE_LEVELS),
  language: z.string(),
  lessonCount: z.number().int(),
  instructorId: z.string(),
  instructor: Instructor,
  createdAt: z.iso.datetime(),
  /** #28: null while a draft (only its instructor sees it); learners only ever see published courses. */
  publishedAt: z.iso.datetime().nullable(),
  /** #28: set only on an item moderators hid, shown to its owner alone (everyone else: not found). */
  moderation: ModerationNotice.optional(),
});
export type CourseSummary = z.infer<typeof CourseSummary>;

/**
 * A lesson in a course's outline. `contentUrl` is the content for someone who may open it (an
 * enrolled learner once it is released, the instructor always, anyone for the first lesson's
 * preview), null otherwise; a lesson file of ours comes as a signed address.
 */
export const Lesson = z.object({
  id: z.string(),
  title: z.string(),
  contentType: z.enum(LESSON_CONTENT_TYPES),
  contentUrl: z.string().nullable(),
  /**
   * #29: the size of a video or PDF of ours, with its contentUrl, so that a data saver can say
   * what loading it costs before it does; null for a text, another site's address or no content.
   */
  contentBytes: z.number().int().nullable(),
  /** Minutes. */
  duration: z.number().int(),
  releaseDate: z.string().nullable(),
  /** 1-based. */
  position: z.number().int(),
  /** Not released yet (Nairobi's today): greyed, unselectable, 'Unlocks {date}'. */
  locked: z.boolean(),
  /** The first lesson: its content is shown to everyone on the course page. */
  preview: z.boolean(),
});
export type Lesson = z.infer<typeof Lesson>;

/** GET /courses/{id} (spec §3 Course): the same for everyone; only the preview lesson has content. */
export const Course = CourseSummary.extend({
  objectives: z.array(z.string()),
  instructor: Instructor.extend({ bio: z.string().nullable() }),
  lessons: z.array(Lesson),
});
export type Course = z.infer<typeof Course>;

/**
 * GET /certificates/{code}: a certificate as anyone checking it sees it (an employer reading a CV).
 * It says what it proves — a course completed on Sokoni, its lessons and length, taught by which
 * Sokoni account since when — and what it is not; it carries no account's id.
 */
export const PublicCertificate = z.object({
  id: z.string(),
  courseId: z.string(),
  learnerName: z.string(),
  courseTitle: z.string(),
  /** The name of the instructor's Sokoni account when the certificate was issued. */
  instructorName: z.string(),
  /** The month the instructor's account was opened, in Nairobi: 'YYYY-MM'. */
  instructorMemberSince: z.string().regex(/^\d{4}-\d{2}$/),
  /** The course's lessons the learner completed, and their length in minutes. */
  lessonCount: z.number().int(),
  contentMinutes: z.number().int(),
  /** ISO date-time (UTC). */
  issuedDate: z.iso.datetime(),
  verificationCode: z.string(),
  /** The public page that verifies it: /certificates/{code}. */
  certificateUrl: z.string(),
  /** The PDF: /api/certificates/{code}/pdf. */
  pdfUrl: z.string(),
  /** What it proves, in words: CERTIFICATE_TEXT.proves. */
  proves: z.string(),
  /** What it is not: CERTIFICATE_TEXT.notAQualification. */
  notAQualification: z.string(),
});
export type PublicCertificate = z.infer<typeof PublicCertificate>;

/** A certificate as its learner sees it (spec §3 Certificate, with the learner's real name). */
export const Certificate = PublicCertificate.extend({
  /** The learner's account (spec §3 Certificate: userId). */
  userId: z.string(),
});
export type Certificate = z.infer<typeof Certificate>;

/** The caller's standing in a course: what the enrolment card, the classroom and My Courses show. */
export const Enrollment = z.object({
  courseId: z.string(),
  enrolled: z.boolean(),
  /** The caller teaches it (they see every lesson, and are not enrolled). */
  instructor: z.boolean(),
  enrolledAt: z.iso.datetime().nullable(),
  completedLessonIds: z.array(z.string()),
  /** round(done / total × 100) over the course's lessons now. */
  progress: z.number().int(),
  completedAt: z.iso.datetime().nullable(),
  certificate: Certificate.nullable(),
  /** The caller's own rating of the course, 1–5, or null. */
  rating: z.number().int().nullable(),
  /** #27: when the learner was refunded and gave up their place (they are no longer enrolled). */
  refundedAt: z.iso.datetime().nullable(),
  /** 'Ask for a refund' is offered: a paid place, within the window, under the progress limit. */
  canAskRefund: z.boolean(),
});
export type Enrollment = z.infer<typeof Enrollment>;

/**
 * GET /courses/{id}/last-payment: whether the caller's latest payment for the course ended unpaid
 * (declined, unanswered, lapsed) rather than being paid or under way (#26: the course page says so
 * and offers to pay again).
 */
export const LastCoursePayment = z.object({ unpaid: z.boolean() });
export type LastCoursePayment = z.infer<typeof LastCoursePayment>;

/**
 * GET /courses/{id}/classroom (enrolled learners and the instructor; others 403): the course with
 * every released lesson's content (all of them for the instructor), and the caller's standing.
 */
export const Classroom = z.object({ course: Course, enrollment: Enrollment });
export type Classroom = z.infer<typeof Classroom>;

/** GET /me/courses: the learner's courses, most recently enrolled first, each with its progress. */
export const MyCourse = CourseSummary.extend({ enrollment: Enrollment });
export type MyCourse = z.infer<typeof MyCourse>;

/** GET /instructor/courses: the caller's courses with their figures. */
export const InstructorCourse = CourseSummary.extend({
  /** Learners who finished every lesson. */
  completions: z.number().int(),
  /** completions / enrolledCount, as a whole percentage (0 with no one enrolled). */
  completionRate: z.number().int(),
  /** KES taken for it, at the price each learner paid. */
  revenue: z.number(),
});
export type InstructorCourse = z.infer<typeof InstructorCourse>;

/** POST /courses/{id}/rating answers the course's rating after it. */
export const CourseRating = z.object({
  rating: z.number(),
  ratingCount: z.number().int(),
  yourRating: z.number().int(),
});
export type CourseRating = z.infer<typeof CourseRating>;
