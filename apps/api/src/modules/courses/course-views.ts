import type {
  Certificate,
  Course,
  CourseSummary,
  Lesson,
  PublicCertificate,
} from '@sokoni/contracts/courses';
import {
  CERTIFICATE_TEXT,
  COURSE_MEDIA_PATH,
  UNKNOWN_INSTRUCTOR,
  isLessonLocked,
  type CertificateFacts,
} from '@sokoni/contracts/courses-rules';
import { centsToShillings } from '@sokoni/contracts/money';
import { nairobiDate } from '../../lib/clock.js';
import type { CourseRecord, LessonRecord } from './courses.repository.js';
import type { CertificateRecord } from './enrollments.repository.js';

// How the courses' rows are answered: the same shapes for the catalogue, the course page, the
// classroom, My Courses and the dashboard.

/** Mean of the ratings to one decimal; 0 with none. */
const ratingOf = (record: { ratingSum: number; ratingCount: number }) =>
  record.ratingCount === 0 ? 0 : Math.round((record.ratingSum / record.ratingCount) * 10) / 10;

/** The instructor's name as shown (and printed on certificates). */
export const instructorNameOf = (name: string) => name.trim() || UNKNOWN_INSTRUCTOR;

export function toSummary(record: CourseRecord): CourseSummary {
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    image: record.image,
    price: centsToShillings(record.priceCents),
    category: record.category,
    rating: ratingOf(record),
    ratingCount: record.ratingCount,
    enrolledCount: record.enrolledCount,
    duration: record.durationMinutes,
    level: record.level,
    language: record.language,
    lessonCount: record.lessonCount,
    instructorId: record.instructorId,
    instructor: {
      name: instructorNameOf(record.instructorName),
      title: record.instructorTitle,
      avatar: record.instructorAvatar,
    },
    createdAt: record.createdAt.toISOString(),
    publishedAt: record.publishedAt?.toISOString() ?? null,
  };
}

/** Moderators' reason for hiding the course (#28), for its instructor's eyes alone; nothing while it is shown. */
export const moderationOf = (record: Pick<CourseRecord, 'hiddenAt' | 'hiddenReason'>) =>
  record.hiddenAt ? { moderation: { hiddenReason: record.hiddenReason ?? '' } } : {};

/** Who is looking at a course's lessons, and so whose content they get. */
export type Viewer = 'public' | 'learner' | 'instructor';

/** How a lesson is answered: to whom, on which day (Nairobi's), and how our files are signed. */
export type LessonView = { viewer: Viewer; today: string; sign: (path: string) => string };

/**
 * The first lesson, once released, is the course's preview: its content is for everyone. Other
 * content is for a learner once released, and for the instructor always. A lesson file of ours is
 * answered signed, as only a signed address opens it.
 */
export function toLesson(lesson: LessonRecord, view: LessonView): Lesson {
  const locked = isLessonLocked(lesson.releaseDate, view.today);
  const preview = lesson.position === 1 && !locked;
  const open = preview || view.viewer === 'instructor' || (view.viewer === 'learner' && !locked);
  const ours = lesson.contentType !== 'text' && COURSE_MEDIA_PATH.test(lesson.contentUrl);
  const content = ours ? view.sign(lesson.contentUrl) : lesson.contentUrl;
  return {
    id: lesson.id,
    title: lesson.title,
    contentType: lesson.contentType,
    contentUrl: open ? content : null,
    contentBytes: open && ours ? lesson.contentBytes : null,
    duration: lesson.durationMinutes,
    releaseDate: lesson.releaseDate,
    position: lesson.position,
    locked,
    preview,
  };
}

/** A course with its outline, each lesson as `view` allows. */
export function toCourse(record: CourseRecord, lessons: LessonRecord[], view: LessonView): Course {
  return {
    ...toSummary(record),
    objectives: record.objectives,
    instructor: {
      name: instructorNameOf(record.instructorName),
      title: record.instructorTitle,
      avatar: record.instructorAvatar,
      bio: record.instructorBio,
    },
    lessons: lessons.map((lesson) => toLesson(lesson, view)),
  };
}

export const certificatePagePath = (code: string) => `/certificates/${code}`;

/** A certificate as anyone checking it sees it: what it proves and what it is not, and no account's id. */
export function toPublicCertificate(record: CertificateRecord): PublicCertificate {
  const facts: CertificateFacts = {
    learnerName: record.learnerName,
    courseTitle: record.courseTitle,
    lessonCount: record.lessonCount,
    contentMinutes: record.contentMinutes,
    instructorName: record.instructorName,
    instructorMemberSince: nairobiDate(record.instructorSince.getTime()).slice(0, 7),
  };
  return {
    id: record.id,
    courseId: record.courseId,
    ...facts,
    issuedDate: record.issuedAt.toISOString(),
    verificationCode: record.verificationCode,
    certificateUrl: certificatePagePath(record.verificationCode),
    pdfUrl: `/api${certificatePagePath(record.verificationCode)}/pdf`,
    proves: CERTIFICATE_TEXT.proves(facts),
    notAQualification: CERTIFICATE_TEXT.notAQualification,
  };
}

/** A certificate as its learner sees it. */
export const toCertificate = (record: CertificateRecord): Certificate => ({
  ...toPublicCertificate(record),
  userId: record.userId,
});
