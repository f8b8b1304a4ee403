import { CourseQuery } from '@sokoni/contracts/courses';
import {
  CERTIFICATE_TEXT,
  COURSE_PAGE_SIZE,
  courseListQuery,
  formatCoursePrice,
} from '@sokoni/contracts/courses-rules';
import { nairobiDate } from '../../lib/clock.js';
import type { PageHead } from '../../lib/page-meta.js';
import { AppError } from '../../lib/errors.js';
import type { CoursesService } from './courses.service.js';
import type { EnrollmentsService } from './enrollments.service.js';

const COURSES_PAGE = /^\/courses\/?$/;
const COURSE_PAGE = /^\/courses\/([^/]+)\/?$/;
const CERTIFICATE_PAGE = /^\/certificates\/([^/]+)\/?$/;

type CoursesPages = { courses: CoursesService; enrollments: EnrollmentsService };

const unlessNotFound = async (head: () => Promise<PageHead>): Promise<PageHead | null> => {
  try {
    return await head();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
};

/** The catalogue's first page and its category list, as /courses asks for them when it opens with no filters. */
async function coursesPageHead(courses: CoursesService): Promise<PageHead> {
  const [{ items, total }, categories] = await Promise.all([
    courses.list(CourseQuery.parse({})),
    courses.categories(),
  ]);
  return {
    pageModule: 'src/features/courses/pages/courses-page.tsx',
    answers: [
      {
        url: `/api/courses?${new URLSearchParams(courseListQuery({}, { limit: COURSE_PAGE_SIZE, offset: 0 }))}`,
        body: items,
        total,
      },
      { url: '/api/courses/categories', body: categories },
    ],
  };
}

/** A course's page: its link preview (title, price, lessons, instructor, image) and the course itself. */
async function coursePageHead(courses: CoursesService, id: string, origin: string): Promise<PageHead> {
  const { course, json } = await courses.get(id);
  return {
    meta: {
      title: course.title,
      description: `${formatCoursePrice(course.price)} · ${course.lessonCount} lessons · by ${course.instructor.name}`,
      // A course's image is always our upload, a path on our origin (the contract's rule).
      image: `${origin}${course.image}`,
    },
    pageModule: 'src/features/courses/pages/course-detail-page.tsx',
    answers: [{ url: `/api/courses/${encodeURIComponent(id)}`, body: JSON.parse(json.raw.toString('utf8')) }],
    leadImage: course.image,
  };
}

/**
 * A certificate's public page, the link a learner puts on a CV or shares on LinkedIn: the preview
 * says whose it is, what it proves (a course on Sokoni, taught by which Sokoni account) and when,
 * and the page shows it without asking.
 */
async function certificatePageHead(
  { courses, enrollments }: CoursesPages,
  code: string,
  origin: string,
): Promise<PageHead> {
  const certificate = await enrollments.verify(code);
  const { course } = await courses.get(certificate.courseId);
  return {
    meta: {
      title: `${certificate.learnerName} completed a course on Sokoni: ${certificate.courseTitle}`,
      description: [
        CERTIFICATE_TEXT.content(certificate.lessonCount, certificate.contentMinutes),
        CERTIFICATE_TEXT.taughtBy(certificate.instructorName, certificate.instructorMemberSince),
        CERTIFICATE_TEXT.issued(nairobiDate(Date.parse(certificate.issuedDate))),
        CERTIFICATE_TEXT.code(certificate.verificationCode),
      ].join(' · '),
      image: `${origin}${course.image}`,
    },
    pageModule: 'src/features/courses/pages/certificate-verification-page.tsx',
    answers: [{ url: `/api/certificates/${encodeURIComponent(code)}`, body: certificate }],
  };
}

/** The head of the catalogue, a course's page and a certificate's public page; null for any other path. */
export async function coursesPagesHead(
  services: CoursesPages,
  path: string,
  origin: string,
): Promise<PageHead | null> {
  if (COURSES_PAGE.test(path)) return coursesPageHead(services.courses);
  const courseId = COURSE_PAGE.exec(path)?.[1];
  if (courseId) return unlessNotFound(() => coursePageHead(services.courses, courseId, origin));
  // The page asks for the code as its router decoded it (Fastify refuses a path that does not decode).
  const code = CERTIFICATE_PAGE.exec(path)?.[1];
  return code ? unlessNotFound(() => certificatePageHead(services, decodeURIComponent(code), origin)) : null;
}
