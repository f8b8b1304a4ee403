import { z } from 'zod';
import { TICKETS_PER_PURCHASE } from './checkout.js';
import { MONEY_MAX, isWholeCents } from './money.js';
import { ModerationNotice } from './moderation.js';
import { pageMessages, pageQuery } from './paging.js';
import { block, line } from './text.js';
import {
  EVENT_CATEGORIES,
  EVENT_PAGE_SIZE,
  EVENT_PAGE_MAX,
  EVENT_CAPACITY_MAX,
  EVENT_TITLE_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_MESSAGES,
  TICKET_STATUSES,
  ATTENDEE_PAGE_SIZE,
  ATTENDEE_PAGE_MAX,
  CHECK_INS_PER_SYNC,
  DOOR_MESSAGES,
} from './events-rules.js';

// Events' requests and answers (spec §3, §7 Events). The rules and messages they check are in
// events-rules.ts, which holds no schema, so a page that only shows events loads no zod.

// ---- requests ---------------------------------------------------------------------------------

/** An event's image is one of ours: an upload to /uploads/event-image (or a sample image). */
const EVENT_IMAGE = /^\/api\/uploads\/(events|sample)\/[a-f0-9]{32}\.webp$/;

/**
 * Spec §5: an empty price or number of tickets (a blank form field) becomes 0. Every branch carries
 * the message, as form resolvers show the words of a failed union's closest branch.
 */
const orZero = <T extends z.ZodNumber>(number: T, message: string) =>
  z
    .union([z.literal('', message), z.null(message), number], message)
    .transform((value) => (value === '' || value === null ? 0 : value));

const price = orZero(
  z
    .number(EVENT_MESSAGES.price)
    .finite(EVENT_MESSAGES.price)
    .min(0, EVENT_MESSAGES.price)
    .max(MONEY_MAX, EVENT_MESSAGES.price),
  EVENT_MESSAGES.price,
).refine(isWholeCents, EVENT_MESSAGES.price);

const tickets = orZero(
  z
    .number(EVENT_MESSAGES.tickets)
    .int(EVENT_MESSAGES.tickets)
    .min(0, EVENT_MESSAGES.tickets)
    .max(EVENT_CAPACITY_MAX, EVENT_MESSAGES.tickets),
  EVENT_MESSAGES.tickets,
);

const required = (text: typeof line, message: string, max: number, tooLong: string) =>
  text(message).trim().min(1, message).max(max, tooLong);

const eventFields = {
  title: required(line, EVENT_MESSAGES.titleRequired, EVENT_TITLE_MAX_LENGTH, EVENT_MESSAGES.titleTooLong),
  /** An ISO date-time with its offset; it must lie in the future (checked against the server's clock). */
  date: z.iso.datetime({ offset: true, error: EVENT_MESSAGES.dateRequired }),
  location: required(
    line,
    EVENT_MESSAGES.locationRequired,
    EVENT_LOCATION_MAX_LENGTH,
    EVENT_MESSAGES.locationTooLong,
  ),
  image: z
    .string(EVENT_MESSAGES.imageRequired)
    .min(1, EVENT_MESSAGES.imageRequired)
    .regex(EVENT_IMAGE, EVENT_MESSAGES.foreignImage),
  description: required(
    block,
    EVENT_MESSAGES.descriptionRequired,
    EVENT_DESCRIPTION_MAX_LENGTH,
    EVENT_MESSAGES.descriptionTooLong,
  ),
  category: z.enum(EVENT_CATEGORIES, EVENT_MESSAGES.category),
};

/**
 * POST /events (spec §7). The organizer is the caller, whatever `organizerId` says; `ticketsAvailable`
 * is the number of seats the event has; price 0 is a free event.
 */
export const CreateEventInput = z.object({
  ...eventFields,
  price: price.default(0),
  ticketsAvailable: tickets.default(0),
  organizerId: line().max(100).optional(),
});
export type CreateEventInput = z.input<typeof CreateEventInput>;
export type CreateEventData = z.output<typeof CreateEventInput>;

/**
 * PATCH /events/{id}: the fields to change. `capacity` is the event's seats in all (sold ones
 * included): it can be raised, and lowered no further than the tickets sold and held. The price
 * changes only while no ticket is sold.
 */
export const UpdateEventInput = z.object({ ...eventFields, price, capacity: tickets }).partial();
export type UpdateEventInput = z.input<typeof UpdateEventInput>;
export type UpdateEventData = z.output<typeof UpdateEventInput>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /events: upcoming events, soonest first; past ones only with `past=true` (after the upcoming). */
export const EventQuery = z.object({
  q: line().trim().max(100, 'Search text is too long.').optional(),
  category: z.enum(EVENT_CATEGORIES, EVENT_MESSAGES.category).optional(),
  past: flag.optional(),
  ...pageQuery({
    defaultLimit: EVENT_PAGE_SIZE,
    maxLimit: EVENT_PAGE_MAX,
    messages: pageMessages(EVENT_PAGE_MAX),
  }).shape,
});
export type EventQuery = z.input<typeof EventQuery>;
export type EventFilters = z.output<typeof EventQuery>;
/** GET /events/{id}/attendees: a page of the event's ticket holders (X-Total-Count carries how many). */
export const AttendeeQuery = pageQuery({
  defaultLimit: ATTENDEE_PAGE_SIZE,
  maxLimit: ATTENDEE_PAGE_MAX,
  messages: pageMessages(ATTENDEE_PAGE_MAX),
});
export type AttendeeQuery = z.input<typeof AttendeeQuery>;

/** POST /events/{id}/tickets: claiming tickets of a free event, no payment. */
export const ClaimTicketsInput = z.object({
  quantity: z
    .number(EVENT_MESSAGES.invalidAmount)
    .int(EVENT_MESSAGES.invalidAmount)
    .min(TICKETS_PER_PURCHASE.min, EVENT_MESSAGES.invalidAmount)
    .max(TICKETS_PER_PURCHASE.max, EVENT_MESSAGES.invalidAmount),
});
export type ClaimTicketsInput = z.input<typeof ClaimTicketsInput>;

/**
 * POST /events/tickets/verify: the ticket ID scanned from its QR code, or typed, or the ticket's
 * short code typed at the gate (any case; spaces and dashes ignored).
 */
export const VerifyTicketInput = z.object({
  ticketId: line(EVENT_MESSAGES.ticketIdRequired)
    .trim()
    .min(1, EVENT_MESSAGES.ticketIdRequired)
    .max(200, EVENT_MESSAGES.ticketNotFound),
});
export type VerifyTicketInput = z.input<typeof VerifyTicketInput>;

/**
 * POST /events/{id}/check-ins (#29): the door device's offline check-ins, each with the moment it
 * was scanned on the device, sent when the network returns. The device names itself with a random
 * ID it keeps, so a retried sync is told its own check-ins again rather than refused.
 */
export const CheckInSyncInput = z.object({
  deviceId: z.uuid(DOOR_MESSAGES.deviceRequired),
  checkIns: z
    .array(
      z.object({
        ticketId: line(EVENT_MESSAGES.ticketIdRequired)
          .trim()
          .min(1, EVENT_MESSAGES.ticketIdRequired)
          .max(200, EVENT_MESSAGES.ticketNotFound),
        scannedAt: z.iso.datetime({ offset: true, message: DOOR_MESSAGES.scannedAtInvalid }),
      }),
      DOOR_MESSAGES.checkInsRequired,
    )
    .min(1, DOOR_MESSAGES.checkInsRequired)
    .max(CHECK_INS_PER_SYNC, DOOR_MESSAGES.tooManyCheckIns),
});
export type CheckInSyncInput = z.input<typeof CheckInSyncInput>;

// ---- responses --------------------------------------------------------------------------------

/** Spec §3 Event, with the organizer's name and the seats in all. */
export const Event = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO date-time (UTC). */
  date: z.iso.datetime(),
  location: z.string(),
  image: z.string(),
  /** KES per ticket; 0 is a free event. */
  price: z.number(),
  description: z.string(),
  category: z.enum(EVENT_CATEGORIES),
  organizerId: z.string(),
  organizer: z.object({ id: z.string(), name: z.string() }),
  /** Seats left now: the capacity less tickets sold and seats held for buyers paying; never below 0. */
  ticketsAvailable: z.number().int(),
  capacity: z.number().int(),
  /** #27: its organizer cancelled it: every ticket refunded, nothing sold, no one checked in. */
  cancelled: z.boolean(),
  /** #28: set only on an item moderators hid, shown to its owner alone (everyone else: not found). */
  moderation: ModerationNotice.optional(),
});
export type Event = z.infer<typeof Event>;

/** An event as its organizer sees it on 'Your Events': with its sales. */
export const OrganizerEvent = Event.extend({
  ticketsSold: z.number().int(),
  /** KES taken for the tickets sold, at the price each was bought for. */
  revenue: z.number(),
  /** Tickets (seats) checked in at the door. */
  checkedIn: z.number().int(),
});
export type OrganizerEvent = z.infer<typeof OrganizerEvent>;

/** GET /events/organizer/{organizerId}: the figures only when the caller is that organizer. */
export const OrganizerEventListItem = z.union([OrganizerEvent, Event]);

export const Ticket = z.object({
  /** Unguessable: what the QR code holds and the organizer verifies. */
  id: z.string(),
  eventId: z.string(),
  userId: z.string(),
  quantity: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  checkedInAt: z.iso.datetime().nullable(),
  /** Eight characters a person types at the gate (shown as formatTicketCode: 'K7QM 4XPT'). */
  shortCode: z.string(),
});
export type Ticket = z.infer<typeof Ticket>;

/** One line of an event's attendee list (its organizer's only): who, for how many, when let in. */
export const Attendee = z.object({
  name: z.string(),
  quantity: z.number().int(),
  checkedInAt: z.iso.datetime().nullable(),
});
export type Attendee = z.infer<typeof Attendee>;

/** GET /tickets/mine: each ticket with its event. */
export const TicketWithEvent = Ticket.extend({ event: Event });

/**
 * GET /events/{id}/last-payment: the caller's latest payment for tickets of the event when it ended
 * unpaid (declined, unanswered, lapsed), and for how many tickets; null when it was paid, is under
 * way, or there was none (#26: the event page offers to pay again).
 */
export const LastTicketPayment = z.object({
  unpaid: z.object({ quantity: z.number().int().nullable() }).nullable(),
});
export type LastTicketPayment = z.infer<typeof LastTicketPayment>;
export type TicketWithEvent = z.infer<typeof TicketWithEvent>;

/** Spec §3 Ticket verification response. */
export const TicketVerification = z.object({
  message: z.string(),
  ticket: z.object({
    user: z.object({ firstName: z.string(), lastName: z.string() }),
    event: z.object({ title: z.string() }),
    quantity: z.number().int(),
  }),
});
export type TicketVerification = z.infer<typeof TicketVerification>;

/** One ticket of the list the door device saves (#29): what it needs to verify it offline. */
export const DoorTicket = z.object({
  id: z.string(),
  shortCode: z.string(),
  holderName: z.string(),
  quantity: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  checkedInAt: z.iso.datetime().nullable(),
  /** The device that checked it in offline; null when it was checked in online (or is not yet). */
  checkedInDevice: z.string().nullable(),
});
export type DoorTicket = z.infer<typeof DoorTicket>;

/** GET /events/{id}/door-list (#29, its organizer only): every ticket of the event, for the door. */
export const DoorList = z.object({
  event: z.object({
    id: z.string(),
    title: z.string(),
    date: z.iso.datetime(),
    location: z.string(),
    cancelled: z.boolean(),
  }),
  tickets: z.array(DoorTicket),
  /** When the server read the list: what "saved at" on the device says. */
  savedAt: z.iso.datetime(),
});
export type DoorList = z.infer<typeof DoorList>;

/**
 * POST /events/{id}/check-ins' answer: each sent check-in's outcome, in the order sent.
 * `checked_in`: this device's scan is the ticket's check-in (also when it is sent again).
 * `already_checked_in`: another device, or the door online, let it in first, at `checkedInAt`.
 * `refunded`: refunded or its event cancelled since the list was saved: not valid.
 * `not_found`: no ticket of this event has that ID or code.
 */
export const CheckInOutcome = z.object({
  ticketId: z.string(),
  outcome: z.enum(['checked_in', 'already_checked_in', 'refunded', 'not_found']),
  checkedInAt: z.iso.datetime().nullable(),
  message: z.string(),
});
export type CheckInOutcome = z.infer<typeof CheckInOutcome>;

export const CheckInSyncResult = z.object({ outcomes: z.array(CheckInOutcome) });
export type CheckInSyncResult = z.infer<typeof CheckInSyncResult>;
