import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@sokoni/contracts/errors';
import { bookingCancellation } from '@sokoni/contracts/cancellations';
import { BookStayInput, Booking, CancelledTrip, Trip } from '@sokoni/contracts/stays';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { callerOf } from '../../lib/auth-guard.js';
import { standingOf } from '../../lib/standing.js';
import { IdParams } from '../../lib/route-params.js';
import type { BookingsService } from './bookings.service.js';

export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (
  app,
  { bookings },
) => {
  // A booking sent with no details at all, even as an empty JSON body, is told 'Missing booking
  // details.' (spec §5) by the body's schema, not refused by the parser in other words.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    return text.length === 0 ? done(null, undefined) : json(request, text, done);
  });

  app.post(
    '/stays/:id/book',
    {
      config: { access: 'user', signInMessage: STAY_MESSAGES.bookingLoginRequired },
      schema: {
        tags: ['stays'],
        summary:
          'Book a stay for the caller: its nights are held for 15 minutes while the guest pays (paymentType booking), priced from the database',
        params: IdParams,
        body: BookStayInput,
        response: {
          201: Booking,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await bookings.book(callerOf(request), request.params.id, request.body, standingOf(request))),
  );

  app.get(
    '/bookings/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary:
          "My Trips: the caller's bookings, upcoming first, each with its stay; the host's contact once confirmed",
        response: { 200: z.array(Trip), 401: ErrorResponse },
      },
    },
    async (request) => bookings.listMine(callerOf(request)),
  );

  app.get(
    '/bookings/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary: "One of the caller's bookings (anyone else's is not found)",
        params: IdParams,
        response: { 200: Trip, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => bookings.getMine(callerOf(request), request.params.id),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary:
          "Cancel one of the caller's bookings, its nights free at once: one not paid for (not while a payment of it is under way), or a confirmed one before check-in under the host's policy, refunded through the ledger and both sides e-mailed",
        params: IdParams,
        response: { 200: CancelledTrip, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => bookings.cancel(callerOf(request), request.params.id),
  );

  app.get(
    '/bookings/:id/cancellation',
    {
      config: { access: 'user' },
      schema: {
        tags: ['stays'],
        summary:
          "What cancelling one of the caller's confirmed stays would give back now, under the host's policy",
        params: IdParams,
        response: { 200: bookingCancellation, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => bookings.cancellation(callerOf(request), request.params.id),
  );
};
