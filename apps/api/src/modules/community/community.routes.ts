import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import {
  CreateGroupInput,
  CreateReplyInput,
  CreateThreadInput,
  Group,
  Reply,
  ThreadDetail,
  ThreadQuery,
  ThreadSummary,
  UpvoteResponse,
} from '@sokoni/contracts/community';
import { callerOf } from '../../lib/auth-guard.js';
import type { CommunityService } from './community.service.js';
import { IdParams } from '../../lib/route-params.js';

export const communityRoutes: FastifyPluginAsyncZod<{ community: CommunityService }> = async (
  app,
  { community },
) => {
  app.get(
    '/community/groups',
    {
      config: { access: 'public' },
      schema: { tags: ['community'], summary: 'All groups, by name', response: { 200: z.array(Group) } },
    },
    async () => community.listGroups(),
  );

  app.post(
    '/community/groups',
    {
      config: { access: 'user' },
      schema: {
        tags: ['community'],
        summary: 'Create a group (names unique, whatever their case)',
        body: CreateGroupInput,
        response: { 201: Group, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await community.createGroup(callerOf(request), request.body)),
  );

  app.get(
    '/community/threads',
    {
      config: { access: 'public' },
      schema: {
        tags: ['community'],
        summary: 'Threads, newest first (X-Total-Count carries the total)',
        querystring: ThreadQuery,
        response: { 200: z.array(ThreadSummary), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { items, total } = await community.listThreads(request.query);
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.get(
    '/community/threads/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['community'],
        summary: 'A thread with its replies (a flat list with parentReplyId) — public',
        params: IdParams,
        response: { 200: ThreadDetail, 404: ErrorResponse },
      },
    },
    async (request) => community.getThread(request.params.id, request.user),
  );

  app.post(
    '/community/threads',
    {
      config: { access: 'user' },
      schema: {
        tags: ['community'],
        summary: 'Start a thread (the author is the caller)',
        body: CreateThreadInput,
        response: { 201: ThreadSummary, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await community.createThread(callerOf(request), request.body)),
  );

  app.post(
    '/community/replies',
    {
      config: { access: 'user' },
      schema: {
        tags: ['community'],
        summary: 'Reply to a thread or to a reply in it',
        body: CreateReplyInput,
        response: { 201: Reply, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await community.createReply(callerOf(request), request.body)),
  );

  app.post(
    '/community/replies/:id/upvote',
    {
      config: { access: 'user' },
      schema: {
        tags: ['community'],
        summary: 'Upvote a reply, once per user, not one of your own',
        params: IdParams,
        response: {
          200: UpvoteResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => community.upvote(callerOf(request), request.params.id),
  );
};
