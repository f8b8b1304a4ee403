import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CancelEventInput, cancelResult } from '@sokoni/contracts/cancellations';
import { ErrorResponse } from '@sokoni/contracts/errors';
import {
  Attendee,
  AttendeeQuery,
  CheckInSyncInput,
  CheckInSyncResult,
  ClaimTicketsInput,
  CreateEventInput,
  DoorList,
  Event,
  EventQuery,
  LastTicketPayment,
  OrganizerEventListItem,
  Ticket,
  TicketVerification,
  TicketWithEvent,
  UpdateEventInput,
  VerifyTicketInput,
} from '@sokoni/contracts/events';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { callerOf } from '../../lib/auth-guard.js';
import { standingOf } from '../../lib/standing.js';
import { sendJsonBody } from '../../lib/json-body.js';
import type { DoorService } from './door.service.js';
import type { EventCancellationService } from './event-cancellation.service.js';
import type { EventsService } from './events.service.js';
import type { TicketsService } from './tickets.service.js';
import { IdParams } from '../../lib/route-params.js';

export const eventsRoutes: FastifyPluginAsyncZod<{
  events: EventsService;
  tickets: TicketsService;
  door: DoorService;
  cancellation: EventCancellationService;
}> = async (app, { events, tickets, door, cancellation }) => {
  app.get(
    '/events',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary:
          'Upcoming events, soonest first (past ones with past=true); search, category, paging (X-Total-Count carries the total)',
        querystring: EventQuery,
        response: { 200: z.array(Event), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { json, total } = await events.list(request.query);
      return sendJsonBody(reply.header('x-total-count', total), json);
    },
  );

  app.get(
    '/events/organizer/:organizerId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary:
          "An organizer's events, upcoming first; tickets sold, revenue and checked in for that organizer only",
        params: z.object({ organizerId: z.string() }),
        response: { 200: z.array(OrganizerEventListItem), 404: ErrorResponse },
      },
    },
    async (request) => events.listByOrganizer(request.params.organizerId, request.user),
  );

  app.get(
    '/events/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'One event',
        params: IdParams,
        response: { 200: Event, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      sendJsonBody(reply, (await events.get(request.params.id, request.user?.sub)).json),
  );

  app.post(
    '/events',
    {
      config: { access: 'user', signInMessage: EVENT_MESSAGES.loginRequired },
      schema: {
        tags: ['events'],
        summary: 'Create an event (the organizer is the caller); price 0 is a free event',
        body: CreateEventInput,
        response: { 201: Event, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await events.create(callerOf(request), request.body)),
  );

  app.patch(
    '/events/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary:
          'Change an event (its organizer only): the fields sent; the price only while no ticket is sold, the capacity never below the seats sold and held',
        params: IdParams,
        body: UpdateEventInput,
        response: {
          200: Event,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => events.update(callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/events/:id/attendees',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary:
          "The event's attendees (its organizer only): each valid ticket's holder, seats and check-in time, by name; paged (X-Total-Count carries the total)",
        params: IdParams,
        querystring: AttendeeQuery,
        response: {
          200: z.array(Attendee),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { attendees, total } = await events.attendees(
        callerOf(request),
        request.params.id,
        request.query,
      );
      return reply.header('x-total-count', total).send(attendees);
    },
  );

  app.get(
    '/events/:id/attendees.csv',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary: "The event's whole attendee list as a CSV download (its organizer only; times in EAT)",
        params: IdParams,
        response: {
          200: {
            description: 'A header row (Name, Tickets, Checked in at), then every attendee by name',
            content: { 'text/csv': { schema: z.string() } },
          },
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await events.attendeesCsv(callerOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/events/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary:
          'Cancel an event before it starts (its organizer only): every ticket refunded through the ledger, every holder e-mailed, nothing sold and no one checked in from then on',
        params: IdParams,
        body: CancelEventInput,
        response: {
          200: cancelResult,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => cancellation.cancel(callerOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/events/:id/tickets',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary:
          'Claim tickets of a free event: issued at once, no payment (paid events go through /payments)',
        params: IdParams,
        body: ClaimTicketsInput,
        response: {
          201: Ticket,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await tickets.claimFree(
            callerOf(request),
            request.params.id,
            request.body.quantity,
            standingOf(request),
          ),
        ),
  );

  app.post(
    '/events/tickets/verify',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary:
          "Check a ticket in at the door by its ID or its short code, once (the event's organizer only); every scan is logged",
        body: VerifyTicketInput,
        response: {
          200: TicketVerification,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => tickets.verify(callerOf(request), request.body.ticketId),
  );

  app.get(
    '/events/:id/door-list',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary:
          'Every ticket of the event, refunded ones too, for a door device to check tickets offline (its organizer only); no paging',
        params: IdParams,
        response: { 200: DoorList, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => door.list(callerOf(request), request.params.id),
  );

  app.post(
    '/events/:id/check-ins',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary:
          "A door device's offline check-ins of the event, with their scan times (its organizer only): each one's outcome, in the order sent; a ticket's earliest scan wins",
        params: IdParams,
        body: CheckInSyncInput,
        response: {
          200: CheckInSyncResult,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => door.sync(callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/events/:id/last-payment',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary:
          "The caller's latest payment for tickets of the event when it ended unpaid, and for how many (the event page offers to pay again)",
        params: IdParams,
        response: { 200: LastTicketPayment, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => tickets.lastUnpaidPayment(callerOf(request), request.params.id),
  );

  app.get(
    '/tickets/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary: "The caller's tickets with their events, upcoming first",
        response: { 200: z.array(TicketWithEvent), 401: ErrorResponse },
      },
    },
    async (request) => tickets.listMine(callerOf(request)),
  );

  app.get(
    '/tickets/:id/calendar.ics',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary: "One of the caller's tickets as an iCalendar file (Add to calendar)",
        params: IdParams,
        response: {
          200: {
            description: 'The event, as a calendar entry',
            content: { 'text/calendar': { schema: z.string() } },
          },
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { fileName, calendar } = await tickets.calendarOf(callerOf(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(calendar);
    },
  );
};
