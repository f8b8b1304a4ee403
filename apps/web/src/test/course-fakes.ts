import type {
  Certificate,
  Classroom,
  Course,
  CourseSummary,
  Enrollment,
  InstructorCourse,
  Lesson,
  MyCourse,
} from '@sokoni/contracts/courses';
import { CERTIFICATE_TEXT } from '@sokoni/contracts/courses-rules';

// Courses as the API answers them, and the people who take and teach them.

/** A learner (the auth store's user). */
export const LEARNER = {
  id: '00000000-0000-4000-8000-00000000c001',
  name: 'Achieng Odhiambo',
  email: 'achieng@example.co.ke',
  role: 'user',
  token: 'jwt-achieng',
};

/** The instructor of the courses built here (the auth store's user). */
export const INSTRUCTOR = {
  id: '00000000-0000-4000-8000-00000000c0de',
  name: 'Wambui Njoroge',
  email: 'wambui@example.co.ke',
  role: 'user',
  token: 'jwt-wambui',
};

/** A stored course image's address, as an upload to 'courses' answers it. */
export const courseImage = (n: number) => `/api/uploads/courses/${n.toString(16).padStart(32, '0')}.webp`;

let nextId = 1;
const id = (group: string) => `00000000-0000-4000-${group}-${String(nextId++).padStart(12, '0')}`;

/**
 * A released text lesson at `position`, with its content, unless told otherwise; the first is the
 * course's preview.
 */
export function buildLesson(position: number, overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: id('c100'),
    title: `Lesson ${position}`,
    contentType: 'text',
    contentUrl: `The body of lesson ${position}.`,
    contentBytes: null,
    duration: 10,
    releaseDate: null,
    position,
    locked: false,
    preview: position === 1,
    ...overrides,
  };
}

/**
 * A free published course by INSTRUCTOR that nobody has rated yet, as GET /api/courses/{id} and the
 * classroom answer it, with `lessons` (three text lessons unless told); each call gets its own id.
 */
export function buildCourse(overrides: Partial<Course> = {}): Course {
  const lessons = overrides.lessons ?? [buildLesson(1), buildLesson(2), buildLesson(3)];
  return {
    id: id('c200'),
    title: 'Poultry Farming for Profit',
    description: 'Raise healthy layers and sell their eggs.',
    image: courseImage(nextId),
    price: 0,
    category: 'Agriculture',
    rating: 0,
    ratingCount: 0,
    enrolledCount: 0,
    duration: lessons.reduce((total, lesson) => total + lesson.duration, 0),
    level: 'Beginner',
    language: 'English',
    lessonCount: lessons.length,
    instructorId: INSTRUCTOR.id,
    instructor: { name: INSTRUCTOR.name, title: 'Veterinarian', avatar: null, bio: null },
    createdAt: '2026-01-10T09:00:00.000Z',
    publishedAt: '2026-01-10T09:00:00.000Z',
    objectives: ['Feed layers well'],
    ...overrides,
    lessons,
  };
}

/** The course as the catalogue lists it: without objectives, lessons or the instructor's bio. */
export function summaryOf({ objectives: _objectives, lessons: _lessons, ...course }: Course): CourseSummary {
  const { bio: _bio, ...instructor } = course.instructor;
  return { ...course, instructor };
}

/** The caller's standing in `courseId`: not enrolled unless told. */
export function buildEnrollment(courseId: string, overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    courseId,
    enrolled: false,
    instructor: false,
    enrolledAt: null,
    completedLessonIds: [],
    progress: 0,
    completedAt: null,
    certificate: null,
    rating: null,
    refundedAt: null,
    canAskRefund: false,
    ...overrides,
  };
}

/** An enrolled learner's standing, `progress` per cent through. */
export function enrolledIn(courseId: string, progress = 0, overrides: Partial<Enrollment> = {}): Enrollment {
  return buildEnrollment(courseId, {
    enrolled: true,
    enrolledAt: '2026-02-01T09:00:00.000Z',
    progress,
    ...overrides,
  });
}

/** The classroom of `course` as an enrolled learner sees it, nothing done yet unless told. */
export function buildClassroom(
  course: Course = buildCourse(),
  enrollment: Partial<Enrollment> = {},
): Classroom {
  return { course, enrollment: enrolledIn(course.id, 0, enrollment) };
}

/** One of INSTRUCTOR's courses as GET /instructor/courses answers it, nobody enrolled unless told. */
export function buildInstructorCourse(overrides: Partial<InstructorCourse> = {}): InstructorCourse {
  const { lessons, objectives: _objectives, instructor, ...summary } = buildCourse();
  return {
    ...summary,
    instructor: { name: instructor.name, title: instructor.title, avatar: instructor.avatar },
    enrolledCount: 0,
    rating: 0,
    ratingCount: 0,
    lessonCount: lessons.length,
    completions: 0,
    completionRate: 0,
    revenue: 0,
    ...overrides,
  };
}

/** The certificate the server issued LEARNER for `course`, its words made as the server makes them. */
export function buildCertificate(
  course: Pick<Course, 'id' | 'title' | 'instructor' | 'lessonCount' | 'duration'>,
  overrides: Partial<Certificate> = {},
): Certificate {
  const code = overrides.verificationCode ?? 'SKN-7Q2M-X4PD-9KTR';
  const certificate = {
    id: '00000000-0000-4000-c300-000000000001',
    userId: LEARNER.id,
    courseId: course.id,
    learnerName: LEARNER.name,
    courseTitle: course.title,
    instructorName: course.instructor.name,
    instructorMemberSince: '2024-11',
    lessonCount: course.lessonCount,
    contentMinutes: course.duration,
    issuedDate: '2026-03-09T21:30:00.000Z',
    verificationCode: code,
    certificateUrl: `/certificates/${code}`,
    pdfUrl: `/api/certificates/${code}/pdf`,
    ...overrides,
  };
  return {
    proves: CERTIFICATE_TEXT.proves(certificate),
    notAQualification: CERTIFICATE_TEXT.notAQualification,
    ...certificate,
  };
}

/** A course in My Courses with the learner's standing in it. */
export function buildMyCourse(course: Course, enrollment: Partial<Enrollment> = {}): MyCourse {
  return { ...summaryOf(course), enrollment: enrolledIn(course.id, 0, enrollment) };
}
