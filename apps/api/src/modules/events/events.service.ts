import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import {
  Event,
  type CreateEventData,
  type EventFilters,
  type OrganizerEvent,
  type Ticket,
  type TicketVerification,
  type TicketWithEvent,
  type UpdateEventData,
} from '@sokoni/contracts/events';
import { EVENT_MESSAGES, splitName } from '@sokoni/contracts/events-rules';
import { centsToShillings, shillingsToCents } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/errors.js';
import {
  holderOf,
  lockHolder,
  refuseBeyondClaimBound,
  refuseBeyondHoldBounds,
} from '../../lib/hold-bounds.js';
import { isUuid } from '../../lib/ids.js';
import { requireAccess, type Access } from '../../lib/access.js';
import type { Standing } from '../../lib/standing.js';
import type { PaymentHold } from '../payments/payment-handlers.js';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus.js';
import { encodeJsonBody, jsonArrayOf, type JsonBody } from '../../lib/json-body.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { MailService } from '../mail/mail.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import * as repo from './events.repository.js';
import { createEventsIndex, isIndexed } from './events-index.js';
import { calendarFileName, ticketCalendar } from './ticket-calendar.js';
import { ticketMail } from './ticket-mail.js';

/** 'tkt_' and 16 random bytes in hex: what a QR code carries, and nobody can guess. */
const TICKET_ID = /^tkt_[a-f0-9]{32}$/;
/** How long a page of the events list is served from memory. */
const LIST_TTL_MS = 5_000;
export const newTicketId = () => `tkt_${randomBytes(16).toString('hex')}`;

const eventNotFound = () => notFound(EVENT_MESSAGES.notFound, 'EVENT_NOT_FOUND');
const ticketNotFound = () => notFound(EVENT_MESSAGES.ticketNotFound, 'TICKET_NOT_FOUND');
/** Anyone sees an event; only its organizer changes it. */
const organizerAccess: Access<{ organizerId: string }> = {
  ownerOf: (event) => event.organizerId,
  notFound: eventNotFound,
  notOwner: () => forbidden(EVENT_MESSAGES.notOwner, 'NOT_OWNER'),
};

/** Why `seats` cannot be had of the event: sold out, or too few left (naming how many); else undefined. */
function shortfall(event: repo.EventRecord, seats: number): AppError | undefined {
  if (event.available <= 0) return conflict(EVENT_MESSAGES.soldOut(event.title), 'SOLD_OUT');
  if (event.available < seats) {
    return conflict(EVENT_MESSAGES.notEnoughSeats(event.title, event.available), 'NOT_ENOUGH_SEATS');
  }
  return undefined;
}

function toEvent(record: repo.EventRecord): Event {
  return {
    id: record.id,
    title: record.title,
    date: record.startsAt.toISOString(),
    location: record.location,
    image: record.image,
    price: centsToShillings(record.priceCents),
    description: record.description,
    category: record.category,
    organizerId: record.organizerId,
    organizer: { id: record.organizerId, name: record.organizerName },
    ticketsAvailable: Math.max(0, record.available),
    capacity: record.capacity,
  };
}

function toTicket(record: {
  id: string;
  eventId: string;
  userId: string;
  quantity: number;
  checkedInAt: Date | null;
}): Ticket {
  return {
    id: record.id,
    eventId: record.eventId,
    userId: record.userId,
    quantity: record.quantity,
    status: 'valid',
    checkedInAt: record.checkedInAt?.toISOString() ?? null,
  };
}

const EventList = z.array(Event);
/** A page of the events list as its encoded answer, and how many events its filters keep in all. */
type EventPage = { json: JsonBody; total: number };

export type SeatHoldRequest = { eventId: string; quantity: number };

export type EventsService = ReturnType<typeof createEventsService>;

/**
 * Events and their tickets. Seats are counted in the database: every sale, hold and capacity change
 * of an event locks its row first, so two buyers in any two server processes can never take the
 * same last seat; a ticket is checked in by one conditional update, so it is used once.
 */
export function createEventsService(deps: {
  db: Db;
  uploads: Pick<UploadsService, 'claim'>;
  mail: Pick<MailService, 'queue'>;
  /** Sokoni's own origin, for the links in tickets' e-mails and calendar entries (read when one is made). */
  siteUrl: () => string;
  clock?: Clock;
  /** How the other server processes on the database hear of changes (alone: none). */
  caches?: CacheBus;
}) {
  const { db } = deps;
  const { now } = deps.clock ?? systemClock;
  const at = () => new Date(now());
  /**
   * Pages of the events list (kept from their second asking) and events' answers, for a few seconds:
   * seats left may trail a sale by that much on the list (never on an event's own page, and never at
   * the sale, which the database decides). Every write clears them (a sale's, when it starts), here
   * and in every other process on the database (docs/decisions/0013). Which events a page holds is
   * chosen in memory (docs/decisions/0014), but for a search.
   */
  const listPages = createTtlCache<EventPage>({
    ttlMs: LIST_TTL_MS,
    maxEntries: 500,
    now,
    fromSecondAsking: true,
  });
  const answers = createTtlCache<JsonBody | undefined>({ ttlMs: LIST_TTL_MS, maxEntries: 5000, now });
  const caches = deps.caches ?? localCacheBus;
  const listChanged = caches.topic('events', () => {
    listPages.clear();
    answers.clear();
  });
  const index = createEventsIndex(db, now);
  /** An event's start or category changed, or it was listed (or, without an id, many changed). */
  const listingChanged = caches.topic('event-listing', index.forget);
  /** An event listed or changed: its answer and the pages it is on, here and in every process. */
  const eventChanged = async (id: string) => {
    await listingChanged(undefined, id);
    await listChanged();
  };

  /** A page chosen by the index: its events' kept answers, one after the other. */
  async function indexedPage(filters: EventFilters): Promise<EventPage> {
    const moment = at();
    const { ids, total } = await index.page(filters, moment);
    const found = await answers.getMany(
      ids,
      async (missing) => {
        const records = await repo.findEventsByIds(db, missing, moment);
        return new Map(records.map((record) => [record.id, encodeJsonBody(Event, toEvent(record))]));
      },
      undefined,
    );
    // An event gone after its page was chosen is left out.
    return { json: jsonArrayOf(found.filter((event) => event !== undefined)), total };
  }

  /** A page of a search, from the database with its total. */
  async function searchedPage(filters: EventFilters): Promise<EventPage> {
    const moment = at();
    const [records, total] = await Promise.all([
      repo.findEvents(db, filters, moment),
      repo.countEvents(db, filters, moment),
    ]);
    return { json: encodeJsonBody(EventList, records.map(toEvent)), total };
  }

  async function findOrThrow(id: string, tx: Db = db): Promise<repo.EventRecord> {
    const record = isUuid(id) ? await repo.findEventById(tx, id, at()) : undefined;
    if (!record) throw eventNotFound();
    return record;
  }

  /** The event's image must be the organizer's own upload (or a sample image). */
  async function claimImage(tx: Db, caller: AuthUser, image: string): Promise<void> {
    if (!(await deps.uploads.claim(tx, caller, [image])))
      throw badRequest(EVENT_MESSAGES.foreignImage, 'FOREIGN_IMAGE');
  }

  function refuseUnlessFuture(date: string): Date {
    const startsAt = new Date(date);
    if (startsAt.getTime() <= now()) throw badRequest(EVENT_MESSAGES.datePast, 'EVENT_DATE_PAST');
    return startsAt;
  }

  /**
   * Writes the ticket's e-mail into the mail outbox in the transaction that issues the ticket: it goes
   * once that commits, never if it rolls back, and never twice, as a ticket is issued once.
   */
  async function queueTicketMail(tx: Db, ticketId: string): Promise<void> {
    const ticket = await repo.findTicketDetails(tx, ticketId);
    if (!ticket) throw new Error(`ticket ${ticketId} vanished while it was being issued`);
    await deps.mail.queue(tx, await ticketMail(ticket, deps.siteUrl()));
  }

  /** The event locked for a sale, refused when it is unknown or already over. */
  async function lockForSale(tx: Db, eventId: string): Promise<repo.EventRecord> {
    const event = isUuid(eventId) ? await repo.lockEventForSale(tx, eventId, { at: at() }) : undefined;
    if (!event) throw eventNotFound();
    if (event.startsAt.getTime() <= now()) throw conflict(EVENT_MESSAGES.eventPast, 'EVENT_PAST');
    return event;
  }

  return {
    /**
     * One page of upcoming (or, asked, all) events as its encoded answer, and how many there are
     * under the same filters.
     */
    list(filters: EventFilters): Promise<EventPage> {
      return listPages.get(JSON.stringify(filters), () =>
        isIndexed(filters) ? indexedPage(filters) : searchedPage(filters),
      );
    },

    async get(id: string): Promise<Event> {
      return toEvent(await findOrThrow(id));
    },

    /**
     * An organizer's events, upcoming first. The sales figures (tickets sold, revenue, checked in)
     * are the organizer's business: only they see them.
     */
    async listByOrganizer(
      organizerId: string,
      viewer: AuthUser | null,
    ): Promise<Array<Event | OrganizerEvent>> {
      if (!isUuid(organizerId) || !(await repo.userExists(db, organizerId)))
        throw notFound(AUTH_MESSAGES.userNotFound, 'USER_NOT_FOUND');
      const records = await repo.findEventsByOrganizer(db, organizerId, at());
      const own = viewer?.sub === organizerId;
      return records.map((record) =>
        own
          ? {
              ...toEvent(record),
              ticketsSold: record.sold,
              revenue: centsToShillings(record.revenueCents),
              checkedIn: record.checkedIn,
            }
          : toEvent(record),
      );
    },

    /** Creates an event for the caller: the organizer is whoever is signed in, whatever the body says. */
    async create(caller: AuthUser, input: CreateEventData): Promise<Event> {
      const startsAt = refuseUnlessFuture(input.date);
      const id = await db.transaction(async (tx) => {
        await claimImage(tx, caller, input.image);
        return repo.insertEvent(tx, {
          title: input.title,
          description: input.description,
          location: input.location,
          image: input.image,
          category: input.category,
          startsAt,
          priceCents: shillingsToCents(input.price),
          capacity: input.ticketsAvailable,
          organizerId: caller.sub,
        });
      });
      await eventChanged(id);
      return toEvent(await findOrThrow(id));
    },

    /**
     * Only the organizer changes an event. A new date must be in the future; the capacity can be
     * raised, and lowered no further than the seats sold and held for buyers paying now.
     */
    async update(caller: AuthUser, id: string, input: UpdateEventData): Promise<Event> {
      const current = requireAccess(caller, await findOrThrow(id), organizerAccess);
      const startsAt =
        input.date === undefined || new Date(input.date).getTime() === current.startsAt.getTime()
          ? undefined
          : refuseUnlessFuture(input.date);
      await db.transaction(async (tx) => {
        if (input.image !== undefined && input.image !== current.image)
          await claimImage(tx, caller, input.image);
        if (input.capacity !== undefined) {
          // Locked, so no seat is held or sold between the check and the change.
          const locked = await repo.lockEventForSale(tx, id, { at: at() });
          if (!locked) throw eventNotFound();
          const held = locked.capacity - locked.sold - locked.available;
          if (input.capacity < locked.sold + held) {
            throw conflict(EVENT_MESSAGES.capacityBelowTaken(locked.sold, held), 'CAPACITY_BELOW_TAKEN');
          }
        }
        await repo.updateEvent(tx, id, {
          title: input.title,
          description: input.description,
          location: input.location,
          image: input.image,
          category: input.category,
          startsAt,
          priceCents: input.price === undefined ? undefined : shillingsToCents(input.price),
          capacity: input.capacity,
        });
      });
      await eventChanged(id);
      return toEvent(await findOrThrow(id));
    },

    /**
     * Tickets of a free event, issued (and mailed) at once: the same seat accounting as a sale, 1 to
     * 10 a claim, and at most FREE_CLAIM_BOUND seats per account per event (fewer for a young
     * account, and for the young accounts of one network together), so nobody empties a free event.
     */
    async claimFree(
      caller: AuthUser,
      eventId: string,
      quantity: number,
      standing: Standing,
    ): Promise<Ticket> {
      return db.transaction(async (tx) => {
        await lockHolder(tx, caller.sub, standing);
        await listChanged(tx);
        const event = await lockForSale(tx, eventId);
        if (event.priceCents > 0) throw conflict(EVENT_MESSAGES.paidEvent, 'PAID_EVENT');
        const refusal = shortfall(event, quantity);
        if (refusal) throw refusal;
        const holder = holderOf(caller.sub, standing, at());
        refuseBeyondClaimBound(standing, quantity, await repo.seatsClaimed(tx, event.id, holder));
        const ticket = await repo.insertTicket(tx, {
          id: newTicketId(),
          eventId: event.id,
          userId: caller.sub,
          quantity,
          unitPriceCents: 0,
          network: standing.network,
        });
        if (!ticket) throw new Error('insert into tickets returned no row');
        await repo.addSold(tx, event.id, quantity);
        await queueTicketMail(tx, ticket.id);
        return toTicket(ticket);
      });
    },

    /** The caller's tickets, each with its event, upcoming events first. */
    async listMine(caller: AuthUser): Promise<TicketWithEvent[]> {
      const rows = await repo.findTicketsOfUser(db, caller.sub, at());
      return rows.map((row) => ({ ...toTicket(row.ticket), event: toEvent(row.event) }));
    },

    /**
     * One of the caller's tickets as a calendar file (Add to calendar). Another user's ticket is
     * answered like an unknown one: whether a ticket ID exists is nobody else's business.
     */
    async calendarOf(caller: AuthUser, ticketId: string): Promise<{ fileName: string; calendar: string }> {
      const ticket = requireAccess(
        caller,
        TICKET_ID.test(ticketId) ? await repo.findTicketDetails(db, ticketId) : undefined,
        { ownerOf: (own) => own.userId, notFound: ticketNotFound },
      );
      return {
        fileName: calendarFileName(ticket.event.title),
        calendar: ticketCalendar(ticket, deps.siteUrl()),
      };
    },

    /**
     * Checks a ticket in at the door, for its event's organizer only, once: the first scan wins,
     * every later one is told when that was. Anyone else is answered as for an unknown ticket, so
     * the door is no oracle of which ticket IDs exist. Every scan is logged with its true result.
     */
    async verify(caller: AuthUser, ticketId: string): Promise<TicketVerification> {
      const ticket = TICKET_ID.test(ticketId) ? await repo.findTicketForDoor(db, ticketId) : undefined;
      const log = (tx: Db, result: repo.ScanResult) =>
        repo.insertScan(tx, {
          ticketId,
          eventId: ticket?.eventId ?? null,
          scannedBy: caller.sub,
          result,
          scannedAt: at(),
        });
      if (!ticket) {
        await log(db, 'not_found');
        throw ticketNotFound();
      }
      if (ticket.organizerId !== caller.sub) {
        await log(db, 'not_organizer');
        throw ticketNotFound();
      }
      const first = await db.transaction(async (tx) => {
        const checkedIn = await repo.checkIn(tx, ticket.id, caller.sub, at());
        await log(tx, checkedIn ? 'checked_in' : 'already_checked_in');
        return checkedIn;
      });
      if (!first) {
        const used = (await repo.findTicketById(db, ticket.id))?.checkedInAt ?? ticket.checkedInAt;
        throw conflict(EVENT_MESSAGES.alreadyCheckedIn((used ?? at()).toISOString()), 'ALREADY_CHECKED_IN');
      }
      return {
        message: EVENT_MESSAGES.verified,
        ticket: {
          user: splitName(ticket.holderName),
          event: { title: ticket.eventTitle },
          quantity: ticket.quantity,
        },
      };
    },

    // ---- the payment engine's side (event-payments.ts) ------------------------------------------

    /**
     * Holds seats for a payment until `until`, in the paying transaction: refused when the event is
     * unknown, over, free (claimed, not paid), short of seats, or when the buyer (or their network's
     * young accounts) would hold more seats unpaid than they may. Answers what is to be paid:
     * the database's price × quantity.
     */
    async holdSeats(
      tx: Db,
      caller: AuthUser,
      request: SeatHoldRequest,
      hold: PaymentHold,
    ): Promise<{ eventId: string; title: string; totalCents: number }> {
      await listChanged(tx);
      const event = await lockForSale(tx, request.eventId);
      if (event.priceCents === 0) throw badRequest(EVENT_MESSAGES.invalidAmount, 'FREE_EVENT');
      const refusal = shortfall(event, request.quantity);
      if (refusal) throw refusal;
      const held = await repo.seatsHeld(tx, event.id, holderOf(caller.sub, hold.standing, at()));
      refuseBeyondHoldBounds('seats', hold.standing, {
        subjects: [{ wanted: request.quantity, ...held.subject }],
        total: { wanted: request.quantity, ...held.total },
      });
      await repo.insertHold(tx, {
        reference: hold.reference,
        eventId: event.id,
        userId: caller.sub,
        quantity: request.quantity,
        unitPriceCents: event.priceCents,
        expiresAt: hold.until,
      });
      return { eventId: event.id, title: event.title, totalCents: event.priceCents * request.quantity };
    },

    /**
     * Issues the one ticket of a paid payment: from its own hold, or, if that lapsed or was given
     * back, from seats still free. 'unavailable' when they are gone (the charge is to be refunded).
     */
    async issuePaidTicket(
      tx: Db,
      reference: string,
    ): Promise<'fulfilled' | 'already_fulfilled' | 'unavailable'> {
      await listChanged(tx);
      const hold = await repo.findHold(tx, reference);
      if (!hold) return 'unavailable';
      const event = await repo.lockEventForSale(tx, hold.eventId, { at: at(), except: reference });
      if (!event) return 'unavailable';
      if (hold.state === 'sold') return 'already_fulfilled';
      if (event.available < hold.quantity) return 'unavailable';
      const ticket = await repo.insertTicket(tx, {
        id: newTicketId(),
        eventId: hold.eventId,
        userId: hold.userId,
        quantity: hold.quantity,
        unitPriceCents: hold.unitPriceCents,
        paymentReference: reference,
      });
      if (!ticket) return 'already_fulfilled';
      await repo.addSold(tx, hold.eventId, hold.quantity);
      await repo.endHold(tx, reference, 'sold');
      await queueTicketMail(tx, ticket.id);
      return 'fulfilled';
    },

    /** Gives a payment's held seats back (a no-op for seats already sold or given back). */
    async releaseSeats(tx: Db, reference: string): Promise<void> {
      await listChanged(tx);
      await repo.endHold(tx, reference, 'released');
    },

    /** What the sandbox checkout shows a payment for. */
    async describe(eventId: string): Promise<string> {
      const title = isUuid(eventId) ? await repo.findEventTitle(db, eventId) : undefined;
      return `Tickets: ${title ?? 'an event'}`;
    },
  };
}
