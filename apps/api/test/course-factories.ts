import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type {
  Course,
  CreateCourseInput,
  CreateLessonInput,
  Enrollment,
  Lesson,
} from '@sokoni/contracts/courses';
import { bearer, type RegisteredUser } from './factories.js';

/** A sample image: the course routes accept it as an image or an avatar without an upload. */
export const SAMPLE_COURSE_IMAGE = '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp';

export const courseBody = (overrides: Partial<Record<keyof CreateCourseInput, unknown>> = {}) => ({
  title: 'Poultry farming for beginners',
  description: 'Raise healthy layers and broilers on a small plot.',
  price: 0,
  image: SAMPLE_COURSE_IMAGE,
  category: 'Agriculture',
  level: 'Beginner',
  language: 'English',
  objectives: ['Build a chicken house', 'Vaccinate a flock'],
  instructorName: 'Grace Wanjiru',
  instructorTitle: 'Poultry farmer, Kiambu',
  instructorBio: 'Twenty years of layers and broilers.',
  instructorAvatar: null,
  ...overrides,
});

/** A course created through the API by `instructor` (a draft, #28); fails the test unless it is. */
export async function createCourse(
  app: FastifyInstance,
  instructor: RegisteredUser,
  overrides: Partial<Record<keyof CreateCourseInput, unknown>> = {},
): Promise<Course> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: bearer(instructor.token),
    payload: courseBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Course>();
}

export const lessonBody = (overrides: Partial<Record<keyof CreateLessonInput, unknown>> = {}) => ({
  title: 'Choosing your breed',
  contentType: 'text',
  contentUrl: 'Kienyeji, layers or broilers: what each needs and gives.',
  duration: 15,
  ...overrides,
});

/** A lesson added through the API by the course's instructor; fails the test unless it is. */
export async function addLesson(
  app: FastifyInstance,
  instructor: RegisteredUser,
  courseId: string,
  overrides: Partial<Record<keyof CreateLessonInput, unknown>> = {},
): Promise<Lesson> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/lessons`,
    headers: bearer(instructor.token),
    payload: lessonBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Lesson>();
}

/** Publishes a course of `instructor`'s through the API (#28); fails the test unless it is. */
export async function publishCourse(
  app: FastifyInstance,
  instructor: RegisteredUser,
  courseId: string,
): Promise<Course> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/publish`,
    headers: bearer(instructor.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Course>();
}

/**
 * A published course of `instructor`'s with text lessons of these titles, in this order (at least
 * one: a course is published once it has a lesson). `course` is as published, before the lessons.
 */
export async function createCourseWithLessons(
  app: FastifyInstance,
  instructor: RegisteredUser,
  titles: string[],
  overrides: Partial<Record<keyof CreateCourseInput, unknown>> = {},
): Promise<{ course: Course; lessons: Lesson[] }> {
  const draft = await createCourse(app, instructor, overrides);
  const lessons: Lesson[] = [];
  for (const title of titles) lessons.push(await addLesson(app, instructor, draft.id, { title }));
  const published = await publishCourse(app, instructor, draft.id);
  return { course: { ...draft, publishedAt: published.publishedAt }, lessons };
}

/** A published course of `instructor`'s with one text lesson, for tests about learners and payments. */
export async function createPublishedCourse(
  app: FastifyInstance,
  instructor: RegisteredUser,
  overrides: Partial<Record<keyof CreateCourseInput, unknown>> = {},
): Promise<Course> {
  return (await createCourseWithLessons(app, instructor, ['Welcome'], overrides)).course;
}

/** Enrols `learner` in a free course through the API; fails the test unless they are (201 or 200). */
export async function enrol(
  app: FastifyInstance,
  learner: RegisteredUser,
  courseId: string,
): Promise<Enrollment> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/enroll`,
    headers: bearer(learner.token),
  });
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json<Enrollment>();
}

/** Marks a lesson done for `learner`, answering the raw response. */
export const completeLesson = (
  app: FastifyInstance,
  learner: RegisteredUser,
  courseId: string,
  lessonId: string,
) =>
  app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/lessons/${lessonId}/complete`,
    headers: bearer(learner.token),
  });

/** Starts paying for a course as a learner does (POST /payments/initialize), answering the response. */
export const initializeCoursePayment = (
  app: FastifyInstance,
  learner: RegisteredUser,
  course: { id: string; price: number },
  siteOrigin = 'http://127.0.0.1:3000',
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(learner.token),
    payload: {
      email: learner.email,
      amount: course.price,
      callback_url: `${siteOrigin}/payment/callback`,
      paymentType: 'course',
      courseId: course.id,
    },
  });

/** Starts paying for a course, answering the reference; fails the test unless it started. */
export async function startCoursePayment(
  app: FastifyInstance,
  learner: RegisteredUser,
  course: { id: string; price: number },
): Promise<string> {
  const response = await initializeCoursePayment(app, learner, course);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { reference: string } }>().data.reference;
}

/** Pays for a course through the sandbox as a learner does: initialize, Pay on the sandbox page. */
export async function payForCourse(
  app: FastifyInstance,
  learner: RegisteredUser,
  course: { id: string; price: number },
): Promise<string> {
  const reference = await startCoursePayment(app, learner, course);
  await app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });
  return reference;
}
