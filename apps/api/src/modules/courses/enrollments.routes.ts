import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Certificate,
  Classroom,
  CourseRating,
  Enrollment,
  InstructorCourse,
  LastCoursePayment,
  MyCourse,
  PublicCertificate,
  RateCourseInput,
} from '@sokoni/contracts/courses';
import { cancelResult } from '@sokoni/contracts/cancellations';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { callerOf } from '../../lib/auth-guard.js';
import { IdParams } from '../../lib/route-params.js';
import type { CourseRefundsService } from './course-refunds.service.js';
import type { EnrollmentsService } from './enrollments.service.js';

/** As typed or linked: any case; a code that cannot be one is answered like an unknown one. */
const CodeParams = z.object({ code: z.string() });

/** Learners in courses: enrolling, the classroom, progress, certificates, ratings; the two dashboards. */
export const enrollmentsRoutes: FastifyPluginAsyncZod<{
  enrollments: EnrollmentsService;
  refunds: CourseRefundsService;
}> = async (app, { enrollments, refunds }) => {
  app.get(
    '/courses/:id/enrollment',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary: "The caller's standing in a course: enrolled, lessons done, progress, certificate, rating",
        params: IdParams,
        response: { 200: Enrollment, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => enrollments.enrollment(callerOf(request), request.params.id),
  );

  app.post(
    '/courses/:id/refund',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary:
          'The caller asks for their money back for a paid course, within 7 days of enrolling and under 30% through: refunded through the ledger, their place (and classroom) given up, learner and instructor e-mailed',
        params: IdParams,
        response: {
          200: cancelResult,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => refunds.refund(callerOf(request), request.params.id),
  );

  app.get(
    '/courses/:id/last-payment',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary:
          "Whether the caller's latest payment for the course ended unpaid (the course page offers to pay again)",
        params: IdParams,
        response: { 200: LastCoursePayment, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => enrollments.lastUnpaidPayment(callerOf(request), request.params.id),
  );

  app.post(
    '/courses/:id/enroll',
    {
      config: { access: 'user', signInMessage: COURSE_MESSAGES.enrolLoginRequired },
      schema: {
        tags: ['courses'],
        summary:
          'Enrol in a free course (201; 200 when already enrolled); a paid course is paid for through /payments/initialize (402)',
        params: IdParams,
        response: {
          200: Enrollment,
          201: Enrollment,
          401: ErrorResponse,
          402: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { enrollment, created } = await enrollments.enrol(callerOf(request), request.params.id);
      return reply.code(created ? 201 : 200).send(enrollment);
    },
  );

  app.get(
    '/courses/:id/classroom',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary:
          "The classroom: every released lesson's content for an enrolled learner, every lesson's for the instructor; the caller's standing",
        params: IdParams,
        response: { 200: Classroom, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => enrollments.classroom(callerOf(request), request.params.id),
  );

  app.post(
    '/courses/:id/lessons/:lessonId/complete',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary:
          'Mark a released lesson done (enrolled learners; for good, again is harmless); the last one issues the certificate',
        params: z.object({ id: z.string(), lessonId: z.string() }),
        response: {
          200: Enrollment,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => enrollments.complete(callerOf(request), request.params.id, request.params.lessonId),
  );

  app.get(
    '/courses/:id/certificate',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary: "The caller's certificate of a course they finished",
        params: IdParams,
        response: { 200: Certificate, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => enrollments.certificateOf(callerOf(request), request.params.id),
  );

  app.get(
    '/certificates/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['courses'],
        summary:
          'A certificate by its code (any case), for anyone checking it: what it proves, and no account id',
        params: CodeParams,
        response: { 200: PublicCertificate, 404: ErrorResponse },
      },
    },
    async (request) => enrollments.verify(request.params.code),
  );

  app.get(
    '/certificates/:code/pdf',
    {
      config: { access: 'public' },
      schema: {
        tags: ['courses'],
        summary: 'A certificate as a PDF, with the address (and QR code) of its public page',
        params: CodeParams,
        response: {
          200: {
            description: 'The certificate, to download',
            content: { 'application/pdf': { schema: z.instanceof(Buffer) } },
          },
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { code, pdf } = await enrollments.certificatePdf(request.params.code);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="sokoni-certificate-${code}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/courses/:id/rating',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary: "Rate a course 1–5 (enrolled learners; a new rating replaces the caller's)",
        params: IdParams,
        body: RateCourseInput,
        response: {
          200: CourseRating,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => enrollments.rate(callerOf(request), request.params.id, request.body.rating),
  );

  app.get(
    '/me/courses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary: "The caller's courses, most recently enrolled first, each with their progress",
        response: { 200: z.array(MyCourse), 401: ErrorResponse },
      },
    },
    async (request) => enrollments.myCourses(callerOf(request)),
  );

  app.get(
    '/instructor/courses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['courses'],
        summary: "The caller's courses with their learners, completions, completion rate and revenue",
        response: { 200: z.array(InstructorCourse), 401: ErrorResponse },
      },
    },
    async (request) => enrollments.instructorCourses(callerOf(request)),
  );
};
