import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import {
  moderationCase,
  moderationQueue,
  ReportInput,
  reportCreated,
  ResolveReportInput,
  SuspendUserInput,
  userSuspended,
} from '@sokoni/contracts/moderation';
import { callerOf } from '../../lib/auth-guard.js';
import { IdParams } from '../../lib/route-params.js';
import type { ModerationService } from './moderation.service.js';

/** Reports (any signed-in user) and the admins' moderation queue, decisions and suspensions (#28). */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  app.post(
    '/reports',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary:
          "Report a product, stay, event, course, thread, reply or review (once per item, never one's own); three reports from different accounts hide it pending review",
        body: ReportInput,
        response: {
          201: reportCreated,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await moderation.report(callerOf(request), request.body)),
  );

  app.get(
    '/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary:
          'The moderation queue (admin only): open cases, the longest waiting first, with their reports',
        response: { 200: moderationQueue, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async () => moderation.queue(),
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Hide a reported item (with the reason its owner sees) or restore it (admin only); logged',
        params: IdParams,
        body: ResolveReportInput,
        response: {
          200: moderationCase,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => moderation.resolve(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary:
          "Suspend an account (admin only; never an admin's): sign-in refused with the reason, its listings hidden; logged",
        params: IdParams,
        body: SuspendUserInput,
        response: {
          200: userSuspended,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => moderation.suspend(callerOf(request), request.params.id, request.body),
  );
};
