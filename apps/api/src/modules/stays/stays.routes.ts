import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import {
  BlockDatesInput,
  CreateStayInput,
  CreateStayReviewInput,
  HostListing,
  Stay,
  StayAvailability,
  StayBlock,
  StayQuery,
  StayReview,
  StaySummary,
  UpdateStayInput,
} from '@sokoni/contracts/stays';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { callerOf } from '../../lib/auth-guard.js';
import { sendJsonBody } from '../../lib/json-body.js';
import { IdParams } from '../../lib/route-params.js';
import type { StaysService } from './stays.service.js';

export const staysRoutes: FastifyPluginAsyncZod<{ stays: StaysService }> = async (app, { stays }) => {
  app.get(
    '/stays',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stays'],
        summary:
          'Stays: search over title and location, price per night, amenities (all of them), guests, free for from–to; sorted and paged (X-Total-Count carries the total)',
        querystring: StayQuery,
        response: { 200: z.array(StaySummary), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { json, total } = await stays.list(request.query);
      return sendJsonBody(reply.header('x-total-count', total), json);
    },
  );

  app.get(
    '/stays/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stays'],
        summary: 'One stay with its reviews and the nights taken from today on (never who took them)',
        params: IdParams,
        response: { 200: Stay, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      sendJsonBody(reply, (await stays.get(request.params.id, request.user?.sub)).json),
  );

  app.get(
    '/stays/:id/availability',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary:
          'The nights taken from today on as the caller sees them: their own bookings awaiting payment are not counted (booking those nights again supersedes them); and whether they may review the stay now, or why not',
        params: IdParams,
        response: { 200: StayAvailability, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => stays.availabilityFor(callerOf(request), request.params.id),
  );

  app.post(
    '/stays',
    {
      config: { access: 'user', signInMessage: STAY_MESSAGES.listingLoginRequired },
      schema: {
        tags: ['stays'],
        summary: 'List a place (the host is the caller); photos must be their own uploads',
        body: CreateStayInput,
        response: { 201: Stay, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await stays.create(callerOf(request), request.body)),
  );

  app.put(
    '/stays/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary: 'Change a listing (its host only)',
        params: IdParams,
        body: UpdateStayInput,
        response: {
          200: Stay,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => stays.update(callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/host/stays',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary:
          "The caller's listings with their bookings to come (guest's first name), blocked dates, earnings and calendar feed",
        response: { 200: z.array(HostListing), 401: ErrorResponse },
      },
    },
    async (request) => stays.listOfHost(callerOf(request)),
  );

  app.post(
    '/stays/:id/blocks',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary: 'Block nights of a listing (its host only); refused where a booking or block holds them',
        params: IdParams,
        body: BlockDatesInput,
        response: {
          201: StayBlock,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await stays.block(callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/stays/:id/blocks/:blockId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary: 'Open blocked nights again (the host only)',
        params: z.object({ id: z.string(), blockId: z.string() }),
        response: { 204: z.null(), 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await stays.unblock(callerOf(request), request.params.id, request.params.blockId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/stays/:id/calendar.ics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stays'],
        summary:
          "A listing's booked and blocked nights as an iCalendar feed, for the host's other calendars (key = the feed's secret)",
        params: IdParams,
        querystring: z.object({ key: z.string().optional() }),
        response: {
          200: {
            description: 'The nights taken, one all-day entry each',
            content: { 'text/calendar': { schema: z.string() } },
          },
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const calendar = await stays.calendarFeed(request.params.id, request.query.key);
      // Calendars poll the feed; each poll should see blocks and bookings made since the last one.
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'no-store').send(calendar);
    },
  );

  app.post(
    '/stays/:id/reviews',
    {
      config: { access: 'user', signInMessage: STAY_MESSAGES.reviewLoginRequired },
      schema: {
        tags: ['stays'],
        summary:
          'Review a stay: a guest whose confirmed booking has reached check-out, once per booking (403 before check-out or for anyone else)',
        params: IdParams,
        body: CreateStayReviewInput,
        response: {
          201: StayReview,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await stays.review(callerOf(request), request.params.id, request.body)),
  );
};
