import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Course,
  CourseQuery,
  CourseSummary,
  CreateCourseInput,
  CreateLessonInput,
  Lesson,
  UpdateCourseInput,
  UpdateLessonInput,
} from '@sokoni/contracts/courses';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { callerOf } from '../../lib/auth-guard.js';
import { sendJsonBody } from '../../lib/json-body.js';
import { IdParams } from '../../lib/route-params.js';
import type { CoursesService } from './courses.service.js';

const LessonParams = z.object({ id: z.string(), lessonId: z.string() });

/** The catalogue, a course's page, and the instructor's course and lesson editing. */
export const coursesRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (app, { courses }) => {
  app.get(
    '/courses',
    {
      config: { access: 'public' },
      schema: {
        tags: ['courses'],
        summary:
          "Courses, newest first: search over title and instructor's name, category (Uncategorized: none), instructor; paged (X-Total-Count carries the total)",
        querystring: CourseQuery,
        response: { 200: z.array(CourseSummary), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { items, total } = await courses.list(request.query);
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.get(
    '/courses/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['courses'],
        summary: 'The categories courses are in, A–Z, then Uncategorized when a course has none',
        response: { 200: z.array(z.string()) },
      },
    },
    async () => courses.categories(),
  );

  app.get(
    '/courses/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['courses'],
        summary:
          "A course's page, the same for everyone: its outline, and the first lesson's content as a preview. A draft (publishedAt null) only for its instructor: anyone else 404",
        params: IdParams,
        response: { 200: Course, 404: ErrorResponse },
      },
    },
    async (request, reply) => sendJsonBody(reply, (await courses.get(request.params.id, request.user)).json),
  );

  app.post(
    '/courses',
    {
      config: { access: 'user', signInMessage: COURSE_MESSAGES.createLoginRequired },
      schema: {
        tags: ['courses'],
        summary:
          'Create a course (the instructor is the caller); its image and avatar must be their own uploads',
        body: CreateCourseInput,
        response: { 201: Course, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await courses.create(callerOf(request), request.body)),
  );

  app.put(
    '/courses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary: 'Change a course (its instructor only)',
        params: IdParams,
        body: UpdateCourseInput,
        response: {
          200: Course,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => courses.update(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/courses/:id/publish',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary:
          'Publish a draft (its instructor only): the catalogue lists it and learners may enrol. Refused while it has no lesson; publishing again changes nothing',
        params: IdParams,
        response: {
          200: Course,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => courses.publish(callerOf(request), request.params.id),
  );

  app.post(
    '/courses/:id/lessons',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary:
          'Add a lesson at a position (last if none; the lessons from there move down), its instructor only; files must be their own uploads or https:// addresses',
        params: IdParams,
        body: CreateLessonInput,
        response: {
          201: Lesson,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await courses.addLesson(callerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/courses/:id/lessons/:lessonId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary: 'Change a lesson or move it to another position (its instructor only)',
        params: LessonParams,
        body: UpdateLessonInput,
        response: {
          200: Lesson,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) =>
      courses.updateLesson(callerOf(request), request.params.id, request.params.lessonId, request.body),
  );

  app.delete(
    '/courses/:id/lessons/:lessonId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary:
          'Remove a lesson (its instructor only); the lessons after it move up. A published course keeps at least one lesson (409)',
        params: LessonParams,
        response: {
          204: z.null(),
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      await courses.deleteLesson(callerOf(request), request.params.id, request.params.lessonId);
      return reply.code(204).send(null);
    },
  );
};
