import { MONEY_MAX, formatKES } from './money.js';
import { plural } from './wording.js';

// Courses, made real on the server (spec §1, §2 Course screens, §3 Course, Lesson, Certificate,
// Progress, §4, §5 Create Course form and Course search, §6, §8, §9; DESIGN §7). Release dates are
// calendar days in Nairobi ('YYYY-MM-DD'): a lesson unlocks at midnight there.
// No zod here: pages that only show courses read these; the schemas are in courses.ts.

export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'All Levels'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
export const LESSON_CONTENT_TYPES = ['video', 'pdf', 'text'] as const;
export type LessonContentType = (typeof LESSON_CONTENT_TYPES)[number];

/** Spec §5 Course search: the category a course without one is listed under. */
export const UNCATEGORIZED = 'Uncategorized';
/** Spec §3 Course: the instructor's name shown for a course without one. */
export const UNKNOWN_INSTRUCTOR = 'Unknown Instructor';
/** Categories the create form suggests; an instructor may name another. */
export const SUGGESTED_COURSE_CATEGORIES = [
  'Agriculture',
  'Business',
  'Design',
  'Finance',
  'Health',
  'Languages',
  'Marketing',
  'Photography',
  'Technology',
] as const;

export const COURSE_PAGE_SIZE = 24;
export const COURSE_PAGE_MAX = 100;
export const COURSE_TITLE_MAX_LENGTH = 120;
export const COURSE_DESCRIPTION_MAX_LENGTH = 5000;
export const COURSE_CATEGORY_MAX_LENGTH = 60;
export const COURSE_LANGUAGE_MAX_LENGTH = 40;
export const COURSE_OBJECTIVES_MAX = 12;
export const COURSE_OBJECTIVE_MAX_LENGTH = 200;
export const INSTRUCTOR_NAME_MAX_LENGTH = 100;
export const INSTRUCTOR_TITLE_MAX_LENGTH = 120;
export const INSTRUCTOR_BIO_MAX_LENGTH = 2000;
export const COURSE_LESSONS_MAX = 200;
export const LESSON_TITLE_MAX_LENGTH = 160;
/** A text lesson's body. */
export const LESSON_TEXT_MAX_LENGTH = 50_000;
export const LESSON_URL_MAX_LENGTH = 2048;
/** A lesson's length in minutes. */
export const LESSON_MINUTES_MAX = 600;
/** How far ahead a lesson's release may be set (days from today). */
export const LESSON_RELEASE_HORIZON_DAYS = 730;

/** Spec §9: the catalogue's hero figures (fixed marketing texts, not measurements). */
export const COURSE_HERO = { learners: '10K+ Learners', rating: '4.8' } as const;
/** Spec §2: the featured external card, always first in the catalogue, opening in a new tab. */
export const FEATURED_COURSES_CARD = {
  badge: 'Featured Courses',
  action: 'Explore Now',
  title: 'More free courses online',
  description: 'Thousands of free lessons in maths, science, computing and more, on Khan Academy.',
  href: 'https://www.khanacademy.org/',
} as const;

export const COURSE_MESSAGES = {
  /** Spec §2 / §8: an unknown course on its page, in the classroom, and a certificate's. */
  notFound: 'Course Not Found',
  notFoundText: "This course doesn't exist or has been removed.",
  classroomNotFound: 'Course not found.',
  certificateNotFound: 'Certificate not found for this course.',
  certificateCodeNotFound: 'Certificate not found',
  /** Spec §2 / §4: the enrolment card and the lists. */
  enrolling: 'Enrolling...',
  enrolled: "You're In!",
  noEnrolments: 'You are not enrolled in any courses yet.',
  dashboardIntro: 'View and manage your published courses',
  noCourses: 'No Courses Yet',
  noCoursesMatch: 'No courses match your search.',
  loadFailed: 'Failed to load courses. Please try again.',
  /** Spec §8 Stay/course payment fails: the same words for a course. */
  paymentFailed: 'Payment initiation failed. Try again.',
  enrolLoginRequired: 'Please log in to enroll in this course.',
  createLoginRequired: 'Please log in to create a course.',
  paidCourse: 'This course is paid: use Pay & Enrol to join it.',
  alreadyEnrolled: 'You are already enrolled in this course.',
  ownCourse: 'You teach this course: open it from your dashboard.',
  freeCourse: 'This course is free: enrol in it without paying.',
  /** A payment that completed for a learner already enrolled (they paid twice) is given back. */
  refundNotice: (amount: string) =>
    `You were already enrolled in this course when your payment completed. Your payment of ${amount} is being refunded.`,
  notEnrolled: 'Enroll in this course to open its lessons.',
  notInstructor: 'Only the instructor can change this course.',
  lessonNotFound: 'Lesson not found.',
  lessonLocked: (day: string) => `This lesson unlocks on ${formatCourseDay(day)}.`,
  unlocks: (day: string) => `Unlocks ${formatCourseDay(day)}`,
  courseCreated: 'Course created successfully!',
  courseUpdated: 'Course updated.',
  courseSaveFailed: 'Could not save your course. Please try again.',
  lessonSaved: 'Lesson saved.',
  lessonDeleted: 'Lesson deleted.',
  /**
   * #28: a course without a lesson is a draft, seen only by its instructor until they publish it;
   * a published course keeps at least one lesson.
   */
  draft: 'Draft',
  draftNotice: 'This course is a draft: only you can see it. Publish it once it has a lesson.',
  publish: 'Publish',
  publishing: 'Publishing...',
  published: 'Course published: learners can find it now.',
  publishNeedsLesson: 'Add a lesson before publishing this course.',
  lastLesson: 'A published course keeps at least one lesson: add another before deleting this one.',
  certificateIssued: 'Congratulations! You have completed this course.',
  /** The Create Course form (spec §5: title, description, price, image, category, instructor name required). */
  titleRequired: 'Please enter a title for the course.',
  titleTooLong: `Titles can be at most ${COURSE_TITLE_MAX_LENGTH} characters.`,
  descriptionRequired: 'Please describe the course.',
  descriptionTooLong: `Descriptions can be at most ${COURSE_DESCRIPTION_MAX_LENGTH} characters.`,
  price: `Price must be a number from 0 (free) to ${formatKES(MONEY_MAX)}, with at most 2 decimal places.`,
  imageRequired: 'Please upload a course image.',
  foreignImage: 'Course images must be uploaded to Sokoni first.',
  categoryRequired: 'Please enter a category.',
  categoryTooLong: `Categories can be at most ${COURSE_CATEGORY_MAX_LENGTH} characters.`,
  categoryReserved: `"${UNCATEGORIZED}" is for courses without a category: please name one.`,
  instructorNameRequired: "Please enter the instructor's name.",
  instructorNameTooLong: `Names can be at most ${INSTRUCTOR_NAME_MAX_LENGTH} characters.`,
  instructorTitleTooLong: `Titles can be at most ${INSTRUCTOR_TITLE_MAX_LENGTH} characters.`,
  instructorBioTooLong: `Bios can be at most ${INSTRUCTOR_BIO_MAX_LENGTH} characters.`,
  level: `Choose a level: ${COURSE_LEVELS.join(', ')}.`,
  languageRequired: 'Please enter the language the course is taught in.',
  languageTooLong: `Languages can be at most ${COURSE_LANGUAGE_MAX_LENGTH} characters.`,
  objectiveEmpty: 'Objectives cannot be empty.',
  objectiveTooLong: `Each objective can be at most ${COURSE_OBJECTIVE_MAX_LENGTH} characters.`,
  tooManyObjectives: `A course can list at most ${COURSE_OBJECTIVES_MAX} objectives.`,
  /** The lesson editor. */
  lessonTitleRequired: 'Please enter a title for the lesson.',
  lessonTitleTooLong: `Lesson titles can be at most ${LESSON_TITLE_MAX_LENGTH} characters.`,
  contentType: `Choose a lesson type: ${LESSON_CONTENT_TYPES.join(', ')}.`,
  textRequired: "Please write the lesson's text.",
  textTooLong: `A lesson's text can be at most ${LESSON_TEXT_MAX_LENGTH.toLocaleString('en-KE')} characters.`,
  videoRequired: 'Please upload a video or give its https:// address.',
  pdfRequired: 'Please upload a PDF or give its https:// address.',
  mediaUrl: 'Files must be uploaded to Sokoni or given as an https:// address.',
  wrongMediaKind:
    'That file is not of the lesson’s type: upload a video for a video lesson and a PDF for a PDF lesson.',
  duration: `Duration must be a whole number of minutes from 1 to ${LESSON_MINUTES_MAX}.`,
  releaseDate: 'Release date must be a real date (YYYY-MM-DD).',
  releaseTooFar: `Lessons can be released at most ${LESSON_RELEASE_HORIZON_DAYS} days ahead.`,
  position: 'Position must be a whole number from 1.',
  tooManyLessons: `A course can have at most ${COURSE_LESSONS_MAX} lessons.`,
  /** Rating a course (enrolled learners, once each; a new rating replaces the old). */
  ratingValue: 'Please choose a rating from 1 to 5.',
  ratingNotEnrolled: 'Only learners enrolled in this course can rate it.',
  progressLabel: (percent: number) => `${percent}% complete`,
  lessons: (count: number) => `${count} ${plural(count, 'lesson', 'lessons')}`,
  enrolledCount: (count: number) => `${count.toLocaleString('en-KE')} enrolled`,
} as const;

/** What a certificate vouches for: the course as the learner completed it, and who taught it on Sokoni. */
export type CertificateFacts = {
  learnerName: string;
  courseTitle: string;
  /** The lessons of the course the learner completed, and their length in minutes. */
  lessonCount: number;
  contentMinutes: number;
  /** The instructor's Sokoni account: its name, and the month it was opened ('YYYY-MM', Nairobi). */
  instructorName: string;
  instructorMemberSince: string;
};

/** Who taught a certified course: 'the Sokoni account Grace Wanjiru, member since March 2025'. */
function instructorAccount(instructorName: string, memberSince: string): string {
  return `the Sokoni account ${instructorName}, member since ${formatCourseMonth(memberSince)}`;
}

/**
 * The certificate's own words, on its page, in its PDF and in its public answer (spec §2
 * Certificate). Anyone may publish a course under any title and instructor's name, so a
 * certificate says plainly what it proves — a course completed on Sokoni, how long, taught by
 * which Sokoni account and since when — and that it is no degree or qualification of anyone named.
 */
export const CERTIFICATE_TEXT = {
  title: 'Certificate of Completion',
  certifies: 'This certifies that',
  completed: 'has completed the online course on Sokoni',
  content: (lessonCount: number, contentMinutes: number) =>
    `${COURSE_MESSAGES.lessons(lessonCount)} · ${formatContentLength(contentMinutes)} of content`,
  account: instructorAccount,
  taughtBy: (instructorName: string, memberSince: string) =>
    `taught by ${instructorAccount(instructorName, memberSince)}`,
  proves: (facts: CertificateFacts) =>
    `${facts.learnerName} completed the online course “${facts.courseTitle}” on Sokoni ` +
    `(${COURSE_MESSAGES.lessons(facts.lessonCount)}, ${formatContentLength(facts.contentMinutes)} of content), ` +
    `taught by ${instructorAccount(facts.instructorName, facts.instructorMemberSince)}.`,
  notAQualification:
    'Anyone with a Sokoni account may publish a course, and Sokoni does not check who teaches it. ' +
    'This certificate is not a degree, diploma or other qualification, and no institution named in ' +
    'the course title or the instructor’s name issued or endorses it.',
  issued: (day: string) => `Issued ${formatCourseDay(day)}`,
  code: (code: string) => `Verification code: ${code}`,
  verifyAt: 'Verify this certificate at',
  scanToVerify: 'Scan to verify',
} as const;

// ---- display rules (spec §9) ----------------------------------------------------------------------

/** Spec §9: a course's price is 'KES {amount}' with thousands separators; 0 is 'Free'. */
export const formatCoursePrice = (price: number): string => (price === 0 ? 'Free' : formatKES(price));

/** Spec §9: a course's rating to one decimal ('4.0'). */
export const formatCourseRating = (rating: number): string => rating.toFixed(1);

/** Spec §9: progress = round(completed / total × 100); 0 for a course without lessons. */
export function progressPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((Math.min(completed, total) / total) * 100);
}

/** A length in minutes as a course shows it: 45 → '45 min', 150 → '2h 30m', 120 → '2h'. */
export function formatCourseDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours}h ${rest}m` : `${hours}h`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** '2026-12-24' → '24 Dec 2026'. */
export const formatCourseDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));

const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });
/** '2026-03' → 'March 2026'. */
const formatCourseMonth = (month: string): string => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** A length in words, as a certificate states it: 5 → '5 minutes', 60 → '1 hour', 150 → '2 hours 30 minutes'. */
function formatContentLength(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours ? `${hours} ${plural(hours, 'hour', 'hours')}` : '',
    rest || !hours ? `${rest} ${plural(rest, 'minute', 'minutes')}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** A lesson is locked until Nairobi's `today` reaches its release day (none: released at once). */
export const isLessonLocked = (releaseDate: string | null, today: string): boolean =>
  releaseDate !== null && releaseDate > today;

/** The category a course is listed under (spec §5: Uncategorized for a missing one). */
export const categoryOf = (category: string | null): string => category ?? UNCATEGORIZED;

// ---- files ---------------------------------------------------------------------------------------

/**
 * A lesson's own file: an upload to /uploads/course-video or /uploads/course-pdf. Such files are
 * never public: their address is signed for the learners and the instructor who may open them
 * (CourseMediaQuery) and answered with HTTP range requests, so a phone seeks without downloading.
 */
export const COURSE_MEDIA_PATH = /^\/api\/course-media\/[a-f0-9]{32}\.(mp4|webm|pdf)$/;
const HTTPS_URL = /^https:\/\/[^\s]+$/;

/** Which kind of lesson a stored or external file address fits (by its extension for ours). */
export function mediaKindOf(url: string): 'video' | 'pdf' | 'external' {
  const own = COURSE_MEDIA_PATH.exec(url);
  if (!own) return 'external';
  return own[1] === 'pdf' ? 'pdf' : 'video';
}

/** The content a lesson of its type needs: a body for text, a file or https:// address for the others. */
export function lessonContentProblem(contentType: LessonContentType, contentUrl: string): string | null {
  if (contentType === 'text') return contentUrl.trim() ? null : COURSE_MESSAGES.textRequired;
  const url = contentUrl.trim();
  if (!url) return contentType === 'video' ? COURSE_MESSAGES.videoRequired : COURSE_MESSAGES.pdfRequired;
  if (url.length > LESSON_URL_MAX_LENGTH || /\s/.test(url)) return COURSE_MESSAGES.mediaUrl;
  const kind = mediaKindOf(url);
  if (kind === 'external') return HTTPS_URL.test(url) ? null : COURSE_MESSAGES.mediaUrl;
  return kind === contentType ? null : COURSE_MESSAGES.wrongMediaKind;
}

/**
 * GET /courses' query as the web app sends it (and, without `page`, the catalogue's own address),
 * in one order: the server puts the first page of /courses into the page it serves under this very
 * address, so both build it here. 'All' categories is no category.
 */
export function courseListQuery(
  filters: { q?: string; category?: string | null },
  page?: { limit: number; offset: number },
): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  const q = filters.q?.trim();
  if (q) entries.push(['q', q]);
  if (filters.category) entries.push(['category', filters.category]);
  if (page) entries.push(['limit', String(page.limit)], ['offset', String(page.offset)]);
  return entries;
}
