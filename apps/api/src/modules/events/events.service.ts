import { z } from 'zod';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import {
  Event,
  type Attendee,
  type CreateEventData,
  type EventFilters,
  type OrganizerEvent,
  type UpdateEventData,
} from '@sokoni/contracts/events';
import { EVENT_MESSAGES, attendeesCsvFileName } from '@sokoni/contracts/events-rules';
import { centsToShillings, shillingsToCents } from '@sokoni/contracts/money';
import type { PageQuery } from '@sokoni/contracts/paging';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { requireAccess, type Access } from '../../lib/access.js';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus.js';
import { encodeJsonBody, jsonArrayOf, type JsonBody } from '../../lib/json-body.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { attendeesCsv } from './attendees-csv.js';
import * as repo from './events.repository.js';
import { createEventsIndex, isIndexed } from './events-index.js';

/** How long a page of the events list is served from memory. */
const LIST_TTL_MS = 5_000;

export const eventNotFound = () => notFound(EVENT_MESSAGES.notFound, 'EVENT_NOT_FOUND');
/** Anyone sees an event; only its organizer changes it. */
export const organizerAccess: Access<{ organizerId: string }> = {
  ownerOf: (event) => event.organizerId,
  notFound: eventNotFound,
  notOwner: () => forbidden(EVENT_MESSAGES.notOwner, 'NOT_OWNER'),
};

/**
 * The event as its answer. Moderators' reason for hiding it (#28) goes to its organizer alone
 * (`viewerId`): a ticket holder still sees the event of their ticket, never why it was hidden.
 */
export function toEvent(record: repo.EventRecord, viewerId?: string): Event {
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
    // A cancelled event sells nothing more.
    ticketsAvailable: record.cancelledAt ? 0 : Math.max(0, record.available),
    capacity: record.capacity,
    cancelled: record.cancelledAt !== null,
    ...(record.hiddenAt && viewerId === record.organizerId
      ? { moderation: { hiddenReason: record.hiddenReason ?? '' } }
      : {}),
  };
}

const toAttendee = (row: { name: string; quantity: number; checkedInAt: Date | null }): Attendee => ({
  name: row.name,
  quantity: row.quantity,
  checkedInAt: row.checkedInAt?.toISOString() ?? null,
});

const EventList = z.array(Event);
/** A page of the events list as its encoded answer, and how many events its filters keep in all. */
type EventPage = { json: JsonBody; total: number };
/**
 * An event kept with its encoded answer, for its page and the list's pages alike. One moderators hid
 * is kept with the reason: it is its organizer's alone to see, and on no list.
 */
type CachedEvent = { event: Event; json: JsonBody };

const answerOf = (record: repo.EventRecord): CachedEvent => {
  const event = toEvent(record, record.organizerId);
  return { event, json: encodeJsonBody(Event, event) };
};

export type EventsService = ReturnType<typeof createEventsService>;

/**
 * Events: their lists, pages and what organizers change (tickets.service.ts sells and checks in their
 * seats). A capacity change locks the event's row, as every sale and hold does, so no seat is taken
 * between the check and the change.
 */
export function createEventsService(deps: {
  db: Db;
  uploads: Pick<UploadsService, 'claim'>;
  clock?: Clock;
  /** How the other server processes on the database hear of changes (alone: none). */
  caches?: CacheBus;
}) {
  const { db } = deps;
  const { now } = deps.clock ?? systemClock;
  const at = () => new Date(now());
  /**
   * Pages of the events list (kept from their second asking) and events' answers, which are also
   * their pages, for a few seconds. Every write clears them, here and in every other process on the
   * database (docs/decisions/0013): every sale, hold and release of seats too, once it commits, so
   * seats left trail only a hold lapsing by the clock, by the time to live at most, and never at the
   * sale, which the database decides. Which events a page holds is chosen in memory
   * (docs/decisions/0014), but for a search.
   */
  const listPages = createTtlCache<EventPage>({
    ttlMs: LIST_TTL_MS,
    maxEntries: 500,
    now,
    fromSecondAsking: true,
  });
  const answers = createTtlCache<CachedEvent | undefined>({ ttlMs: LIST_TTL_MS, maxEntries: 5000, now });
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
        return new Map(records.map((record) => [record.id, answerOf(record)]));
      },
      undefined,
    );
    // An event gone (or hidden by moderators) after its page was chosen is left out.
    const shown = found.filter(
      (event): event is CachedEvent => event !== undefined && !event.event.moderation,
    );
    return { json: jsonArrayOf(shown.map((event) => event.json)), total };
  }

  /** A page of a search, from the database with its total. */
  async function searchedPage(filters: EventFilters): Promise<EventPage> {
    const moment = at();
    const [records, total] = await Promise.all([
      repo.findEvents(db, filters, moment),
      repo.countEvents(db, filters, moment),
    ]);
    return {
      json: encodeJsonBody(
        EventList,
        records.map((record) => toEvent(record)),
      ),
      total,
    };
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

  return {
    /** Seats of an event were sold, held or given back (in `tx`): its page and the lists show it once it commits. */
    seatsChanged: (tx: Db) => listChanged(tx),

    /**
     * One page of upcoming (or, asked, all) events as its encoded answer, and how many there are
     * under the same filters.
     */
    list(filters: EventFilters): Promise<EventPage> {
      return listPages.get(JSON.stringify(filters), () =>
        isIndexed(filters) ? indexedPage(filters) : searchedPage(filters),
      );
    },

    /**
     * One event and its encoded answer, as kept for the lists; one moderators hid is its organizer's
     * (`callerId`) alone, with the reason (#28).
     */
    async get(id: string, callerId?: string): Promise<CachedEvent> {
      const cached = isUuid(id)
        ? await answers.get(id, async () => {
            const record = await repo.findEventById(db, id, at());
            return record && answerOf(record);
          })
        : undefined;
      if (!cached || (cached.event.moderation && cached.event.organizerId !== callerId))
        throw eventNotFound();
      return cached;
    },

    /**
     * An organizer's events, upcoming first. The sales figures (tickets sold, revenue, checked in)
     * are the organizer's business: only they see them, and those moderators hid, with the reason.
     */
    async listByOrganizer(
      organizerId: string,
      viewer: AuthUser | null,
    ): Promise<Array<Event | OrganizerEvent>> {
      if (!isUuid(organizerId) || !(await repo.userExists(db, organizerId)))
        throw notFound(AUTH_MESSAGES.userNotFound, 'USER_NOT_FOUND');
      const own = viewer?.sub === organizerId;
      const records = await repo.findEventsByOrganizer(db, organizerId, at(), own);
      return records.map((record) =>
        own
          ? {
              ...toEvent(record, organizerId),
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
      return toEvent(await findOrThrow(id), caller.sub);
    },

    /**
     * Only the organizer changes an event. A new date must be in the future; the price changes only
     * while no ticket is sold; the capacity can be raised, and lowered no further than the seats sold
     * and held for buyers paying now. The event's row is locked first, as every sale and hold locks
     * it, so no seat is taken between the checks and the change.
     */
    async update(caller: AuthUser, id: string, input: UpdateEventData): Promise<Event> {
      await db.transaction(async (tx) => {
        const current = requireAccess(
          caller,
          isUuid(id) ? await repo.lockEventForSale(tx, id, { at: at() }) : undefined,
          organizerAccess,
        );
        const startsAt =
          input.date === undefined || new Date(input.date).getTime() === current.startsAt.getTime()
            ? undefined
            : refuseUnlessFuture(input.date);
        const priceCents = input.price === undefined ? undefined : shillingsToCents(input.price);
        if (priceCents !== undefined && priceCents !== current.priceCents && current.sold > 0)
          throw conflict(EVENT_MESSAGES.priceLocked(current.sold), 'PRICE_LOCKED');
        if (input.capacity !== undefined) {
          const held = current.capacity - current.sold - current.available;
          if (input.capacity < current.sold + held) {
            throw conflict(EVENT_MESSAGES.capacityBelowTaken(current.sold, held), 'CAPACITY_BELOW_TAKEN');
          }
        }
        if (input.image !== undefined && input.image !== current.image)
          await claimImage(tx, caller, input.image);
        await repo.updateEvent(tx, id, {
          title: input.title,
          description: input.description,
          location: input.location,
          image: input.image,
          category: input.category,
          startsAt,
          priceCents,
          capacity: input.capacity,
        });
      });
      await eventChanged(id);
      return toEvent(await findOrThrow(id), caller.sub);
    },

    /**
     * Moderators hid these events or showed them again (#28), in `tx`: forgotten by the index and the
     * kept answers here and in every process once it commits.
     */
    async moderated(tx: Db, ids: string[]): Promise<void> {
      for (const id of ids) await listingChanged(tx, id);
      await listChanged(tx);
    },

    /** A page of the event's attendees, for its organizer only, and how many there are in all. */
    async attendees(
      caller: AuthUser,
      id: string,
      page: PageQuery,
    ): Promise<{ attendees: Attendee[]; total: number }> {
      requireAccess(caller, await findOrThrow(id), organizerAccess);
      const [rows, total] = await Promise.all([
        repo.findAttendees(db, id, page),
        repo.countAttendees(db, id),
      ]);
      return { attendees: rows.map(toAttendee), total };
    },

    /** Every attendee of the event as a CSV file, for its organizer only, named after the event. */
    async attendeesCsv(caller: AuthUser, id: string): Promise<{ fileName: string; csv: string }> {
      const event = requireAccess(caller, await findOrThrow(id), organizerAccess);
      return {
        fileName: attendeesCsvFileName(event.title),
        csv: attendeesCsv((await repo.findAttendees(db, id)).map(toAttendee)),
      };
    },
  };
}
