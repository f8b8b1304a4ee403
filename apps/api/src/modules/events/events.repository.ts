import { and, asc, count, desc, eq, gt, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { EventFilters } from '@sokoni/contracts/events';
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from '@sokoni/contracts/events-rules';
import type { Db } from '../../db/client.js';
import { epochMicros } from '../../lib/memory-index.js';
import { users } from '../../db/schema/accounts.js';
import { events, seatHolds, ticketScans, tickets } from '../../db/schema/events.js';
import { payments } from '../../db/schema/payments.js';
import { heldOf, holderSums, type Holder } from '../../lib/hold-bounds.js';

export type EventRecord = {
  id: string;
  title: string;
  description: string;
  location: string;
  image: string;
  category: (typeof events.$inferSelect)['category'];
  startsAt: Date;
  priceCents: number;
  capacity: number;
  sold: number;
  /** Seats neither sold nor held at the time asked for (may be below 0 after a capacity cut races). */
  available: number;
  organizerId: string;
  organizerName: string;
  /** When its organizer cancelled it (#27); null while it stands. */
  cancelledAt: Date | null;
  /** #28: when moderators hid it (shown to its organizer only), and why; null while it is shown. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
};

export type NewEvent = typeof events.$inferInsert;

/**
 * Seats of the event (in the outer query) held at `at` for payments in progress, but for the payment
 * `except`. Expired holds count nothing, whether or not anything has released them yet.
 */
const heldSeats = (at: Date, except?: string) =>
  sql`coalesce((select sum(${seatHolds.quantity}) from ${seatHolds}
    where ${seatHolds.eventId} = ${events.id} and ${seatHolds.state} = 'held'
      and ${seatHolds.expiresAt} > ${at.toISOString()}::timestamptz${
        except ? sql` and ${seatHolds.reference} <> ${except}` : sql``
      }), 0)`;

const eventColumns = (at: Date, except?: string) => ({
  id: events.id,
  title: events.title,
  description: events.description,
  location: events.location,
  image: events.image,
  category: events.category,
  startsAt: events.startsAt,
  priceCents: events.priceCents,
  capacity: events.capacity,
  sold: events.sold,
  available: sql<number>`${events.capacity} - ${events.sold} - ${heldSeats(at, except)}`.mapWith(Number),
  organizerId: events.organizerId,
  // A scalar subquery, not a join: the page is cut by its index first, then its names are looked up.
  organizerName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${events.organizerId})`,
  cancelledAt: events.cancelledAt,
  hiddenAt: events.hiddenAt,
  hiddenReason: events.hiddenReason,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The text searched, as the events_text_trgm index holds it. */
const searchedText = sql`lower(${events.title} || E'\\n' || ${events.location} || E'\\n' || ${events.description})`;

/** The WHERE of a list query: events shown only (#28: not those moderators hid). */
function whereOf(filters: Pick<EventFilters, 'q' | 'category' | 'past'>, at: Date): SQL | undefined {
  const conditions: Array<SQL | undefined> = [isNull(events.hiddenAt)];
  if (filters.q) conditions.push(sql`${searchedText} like ${`%${escapeLike(filters.q.toLowerCase())}%`}`);
  if (filters.category) conditions.push(eq(events.category, filters.category));
  if (!filters.past) conditions.push(gte(events.startsAt, at));
  return and(...conditions);
}

/** Upcoming events soonest first, then (when past ones are listed) past ones latest first. */
const upcomingFirst = (at: Date): SQL[] => {
  const moment = sql`${at.toISOString()}::timestamptz`;
  return [
    sql`(${events.startsAt} < ${moment})`,
    sql`case when ${events.startsAt} >= ${moment} then ${events.startsAt} end asc`,
    desc(events.startsAt),
    asc(events.id),
  ];
};

export async function findEvents(db: Db, filters: EventFilters, at: Date): Promise<EventRecord[]> {
  return db
    .select(eventColumns(at))
    .from(events)
    .where(whereOf(filters, at))
    .orderBy(...(filters.past ? upcomingFirst(at) : [asc(events.startsAt), asc(events.id)]))
    .limit(filters.limit)
    .offset(filters.offset);
}

export async function countEvents(db: Db, filters: EventFilters, at: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(events).where(whereOf(filters, at));
  return row?.total ?? 0;
}

/**
 * These events (any order) with their seats at `at`, those moderators hid among them; an id with no
 * event is left out.
 */
export async function findEventsByIds(db: Db, ids: string[], at: Date): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select(eventColumns(at))
    .from(events)
    .where(sql`${events.id} = any(${sql.param(ids)}::uuid[])`);
}

/** What the events list is filtered and ordered by, for each event (or these events only). */
export type EventListingRow = {
  id: string;
  category: string;
  /** Microseconds since the epoch: the database's own precision, which the list's order uses. */
  startsMicros: number;
};

/** The rows of the events shown (moderators' hidden ones are not listed: #28). */
export async function findEventListingRows(db: Db, ids?: string[]): Promise<EventListingRow[]> {
  return db
    .select({
      id: events.id,
      category: events.category,
      startsMicros: epochMicros(events.startsAt),
    })
    .from(events)
    .where(
      and(isNull(events.hiddenAt), ids ? sql`${events.id} = any(${sql.param(ids)}::uuid[])` : undefined),
    );
}

export async function findEventById(db: Db, id: string, at: Date): Promise<EventRecord | undefined> {
  const [row] = await db.select(eventColumns(at)).from(events).where(eq(events.id, id));
  return row;
}

/**
 * An organizer's events, upcoming first, with their sales: seats sold, money taken, seats checked in.
 * Those moderators hid are left out, but for the organizer's own list (`withHidden`).
 */
export async function findEventsByOrganizer(db: Db, organizerId: string, at: Date, withHidden = false) {
  return db
    .select({
      ...eventColumns(at),
      // Written out with the tables named: inside a subquery of tickets, a bare "id" would be the ticket's.
      revenueCents: sql<number>`coalesce((select sum(t.quantity * t.unit_price_cents)
        from tickets t where t.event_id = "events"."id" and t.status = 'valid'), 0)`.mapWith(Number),
      checkedIn: sql<number>`coalesce((select sum(t.quantity) from tickets t
        where t.event_id = "events"."id" and t.checked_in_at is not null), 0)`.mapWith(Number),
    })
    .from(events)
    .where(and(eq(events.organizerId, organizerId), withHidden ? undefined : isNull(events.hiddenAt)))
    .orderBy(...upcomingFirst(at));
}

export async function insertEvent(db: Db, values: NewEvent): Promise<string> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  if (!row) throw new Error('insert into events returned no row');
  return row.id;
}

export async function updateEvent(db: Db, id: string, values: Partial<NewEvent>): Promise<void> {
  await db
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(events.id, id));
}

/**
 * The event, locked until the transaction ends, with its seats left at `at` (the payment `except`
 * left out, so it does not compete with its own hold). Seat holds and sales of one event are taken
 * one at a time; the figures are read after the lock, by a second statement, so they include every
 * hold committed before it.
 */
export async function lockEventForSale(
  db: Db,
  id: string,
  options: { at: Date; except?: string },
): Promise<EventRecord | undefined> {
  const [locked] = await db.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
  if (!locked) return undefined;
  const [row] = await db
    .select(eventColumns(options.at, options.except))
    .from(events)
    .where(eq(events.id, id));
  return row;
}

/** Seats held at `at` for payments in progress. */
export async function findHeldSeats(db: Db, id: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`${heldSeats(at)}`.mapWith(Number) })
    .from(events)
    .where(eq(events.id, id));
  return row?.held ?? 0;
}

export async function insertHold(db: Db, hold: typeof seatHolds.$inferInsert): Promise<void> {
  await db.insert(seatHolds).values(hold);
}

export async function findHold(db: Db, reference: string) {
  const [row] = await db.select().from(seatHolds).where(eq(seatHolds.reference, reference));
  return row;
}

/** Ends a payment's hold if it is still `held`, as sold or released. */
export async function endHold(db: Db, reference: string, state: 'sold' | 'released'): Promise<void> {
  await db
    .update(seatHolds)
    .set({ state })
    .where(and(eq(seatHolds.reference, reference), eq(seatHolds.state, 'held')));
}

/** Issues a ticket; undefined when its payment has one already. */
/** Eight characters of TICKET_CODE_ALPHABET from random bytes (the alphabet is short of 32, so a few bytes go to waste). */
export function newTicketCode(): string {
  let code = '';
  while (code.length < TICKET_CODE_LENGTH) {
    for (const byte of randomBytes(TICKET_CODE_LENGTH * 2)) {
      // 248 = 8 × 31: bytes above it would favour the alphabet's first letters.
      if (byte < 248 && code.length < TICKET_CODE_LENGTH) code += TICKET_CODE_ALPHABET[byte % 31];
    }
  }
  return code;
}

/**
 * Issues a ticket with a new short code; undefined when its payment already has one. A short code
 * that came up twice (one chance in 10^11 per pair) refuses the insert rather than pass as issued.
 */
export async function insertTicket(
  db: Db,
  ticket: Omit<typeof tickets.$inferInsert, 'shortCode'>,
): Promise<typeof tickets.$inferSelect | undefined> {
  const [row] = await db
    .insert(tickets)
    .values({ ...ticket, shortCode: newTicketCode() })
    .onConflictDoNothing({ target: tickets.paymentReference })
    .returning();
  return row;
}

/** Counts issued seats as sold; the event's check refuses more than its capacity. */
export async function addSold(db: Db, eventId: string, seats: number): Promise<void> {
  await db
    .update(events)
    .set({ sold: sql`${events.sold} + ${seats}` })
    .where(eq(events.id, eventId));
}

/**
 * Seats of one event the holder has tickets for, and (for a young holder) that young accounts of
 * their network claimed.
 */
export async function seatsClaimed(
  db: Db,
  eventId: string,
  holder: Holder,
): Promise<{ account: number; network: number }> {
  const sums = holderSums(
    holder,
    { userId: tickets.userId, network: tickets.network, accountCreatedAt: users.createdAt },
    tickets.quantity,
  );
  const [row] = await db
    .select({ account: sums.mine(), network: sums.ours() })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.eventId, eventId), sums.whose));
  return { account: row?.account ?? 0, network: row?.network ?? 0 };
}

/**
 * Seats held unpaid now, of one event and of all: by the holder, and (for a young holder) by young
 * accounts of their network. Read from the open payments (their partial indexes), as a live seat
 * hold always has one.
 */
export async function seatsHeld(db: Db, eventId: string, holder: Holder) {
  const sums = holderSums(
    holder,
    { userId: payments.userId, network: payments.network, accountCreatedAt: users.createdAt },
    seatHolds.quantity,
  );
  const here = sql`${seatHolds.eventId} = ${eventId}`;
  const [row] = await db
    .select(sums.hereAndAll(here))
    .from(payments)
    .innerJoin(seatHolds, eq(seatHolds.reference, payments.reference))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        eq(payments.status, 'pending'),
        isNull(payments.holdEndedAt),
        eq(seatHolds.state, 'held'),
        gt(seatHolds.expiresAt, holder.at),
        sums.whose,
      ),
    );
  return heldOf(row);
}

export async function findTicketById(db: Db, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

/** What a ticket's e-mail and calendar entry say: the ticket, its event and its holder. */
export async function findTicketDetails(db: Db, id: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      shortCode: tickets.shortCode,
      userId: tickets.userId,
      quantity: tickets.quantity,
      unitPriceCents: tickets.unitPriceCents,
      issuedAt: tickets.createdAt,
      event: {
        id: events.id,
        title: events.title,
        startsAt: events.startsAt,
        location: events.location,
        updatedAt: events.updatedAt,
      },
      holder: { name: users.name, email: users.email },
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.id, id));
  return row;
}

export type TicketDetails = NonNullable<Awaited<ReturnType<typeof findTicketDetails>>>;

/** What the receipt of a ticket payment says: the tickets it bought, their event and its organizer. */
export async function findTicketReceipt(db: Db, paymentReference: string) {
  const [row] = await db
    .select({
      quantity: tickets.quantity,
      unitPriceCents: tickets.unitPriceCents,
      event: { id: events.id, title: events.title, startsAt: events.startsAt },
      organizer: { id: users.id, name: users.name, email: users.email },
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(users, eq(users.id, events.organizerId))
    .where(eq(tickets.paymentReference, paymentReference));
  return row;
}

/**
 * What the door needs of a ticket, found by its ID (the QR code's) or its short code (typed): its
 * event, its organizer, and who holds it.
 */
export async function findTicketForDoor(db: Db, key: { id: string } | { shortCode: string }) {
  const [row] = await db
    .select({
      id: tickets.id,
      quantity: tickets.quantity,
      checkedInAt: tickets.checkedInAt,
      eventId: events.id,
      eventTitle: events.title,
      organizerId: events.organizerId,
      holderName: users.name,
      status: tickets.status,
      eventCancelledAt: events.cancelledAt,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .where('id' in key ? eq(tickets.id, key.id) : eq(tickets.shortCode, key.shortCode));
  return row;
}

/** The holders of an event's valid tickets: by name, then in the order the tickets were issued. */
export async function findAttendees(db: Db, eventId: string, page?: { limit: number; offset: number }) {
  const query = db
    .select({ name: users.name, quantity: tickets.quantity, checkedInAt: tickets.checkedInAt })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, 'valid')))
    .orderBy(asc(users.name), asc(tickets.createdAt), asc(tickets.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countAttendees(db: Db, eventId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, 'valid')));
  return row?.total ?? 0;
}

/** The event is cancelled (#27), once. */
export async function markEventCancelled(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(events)
    .set({ cancelledAt: at, updatedAt: at })
    .where(and(eq(events.id, id), isNull(events.cancelledAt)));
}

/**
 * Marks the event's valid tickets refunded, answering them with their holders. Run with the event
 * locked, as every ticket is issued: none is issued between the two statements.
 */
export async function refundTicketsOfEvent(db: Db, eventId: string) {
  const valid = and(eq(tickets.eventId, eventId), eq(tickets.status, 'valid'));
  const refunded = await db
    .select({
      quantity: tickets.quantity,
      unitPriceCents: tickets.unitPriceCents,
      paymentReference: tickets.paymentReference,
      holder: { id: users.id, name: users.name, email: users.email },
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(valid)
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  await db.update(tickets).set({ status: 'refunded' }).where(valid);
  return refunded;
}

/**
 * Checks the ticket in if nobody has: true for the one caller that does, false for every other
 * (however many scan it at once).
 */
export async function checkIn(db: Db, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ checkedInAt: at, checkedInBy: by })
    .where(and(eq(tickets.id, id), isNull(tickets.checkedInAt)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/** What the door (#29) needs of an event: what its device shows, whose it is, and when it was made. */
export async function findDoorEvent(db: Db, id: string) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      location: events.location,
      organizerId: events.organizerId,
      cancelledAt: events.cancelledAt,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(eq(events.id, id));
  return row;
}

/** Every ticket of the event, refunded ones too, as the door saves them (#29): in the order issued. */
export async function findDoorTickets(db: Db, eventId: string) {
  return db
    .select({
      id: tickets.id,
      shortCode: tickets.shortCode,
      holderName: users.name,
      quantity: tickets.quantity,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      checkedInDevice: tickets.checkedInDevice,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.eventId, eventId))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
}

/** The event's tickets that have one of these IDs or short codes, with their holders' names. */
export async function findEventTicketsByKeys(
  db: Db,
  eventId: string,
  keys: { ids: string[]; shortCodes: string[] },
) {
  return db
    .select({
      id: tickets.id,
      eventId: tickets.eventId,
      shortCode: tickets.shortCode,
      holderName: users.name,
      issuedAt: tickets.createdAt,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(
      and(
        eq(tickets.eventId, eventId),
        sql`(${tickets.id} = any(${sql.param(keys.ids)}::text[])
          or ${tickets.shortCode} = any(${sql.param(keys.shortCodes)}::text[]))`,
      ),
    );
}

/**
 * The event's row share-locked until the transaction ends, answering whether it is cancelled: an
 * edit, a sale or a cancellation (which lock it for update) waits for it, and it for them.
 */
export async function lockEventForDoor(
  db: Db,
  id: string,
): Promise<{ cancelledAt: Date | null } | undefined> {
  const [row] = await db
    .select({ cancelledAt: events.cancelledAt })
    .from(events)
    .where(eq(events.id, id))
    .for('key share');
  return row;
}

/** The ticket's row locked until the transaction ends, with its state at the door. */
export async function lockTicketForDoor(db: Db, id: string) {
  const [row] = await db
    .select({
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      checkedInDevice: tickets.checkedInDevice,
    })
    .from(tickets)
    .where(eq(tickets.id, id))
    .for('no key update');
  return row;
}

/** The ticket's check-in is this one (its row locked): when, by whom, on which device. */
export async function setCheckIn(
  db: Db,
  id: string,
  checkIn: { at: Date; by: string; device: string },
): Promise<void> {
  await db
    .update(tickets)
    .set({ checkedInAt: checkIn.at, checkedInBy: checkIn.by, checkedInDevice: checkIn.device })
    .where(eq(tickets.id, id));
}

export type ScanResult = (typeof ticketScans.$inferInsert)['result'];

export async function insertScan(db: Db, scan: typeof ticketScans.$inferInsert): Promise<void> {
  await db.insert(ticketScans).values(scan);
}

/** A user's tickets with their events, upcoming events first. */
export async function findTicketsOfUser(db: Db, userId: string, at: Date) {
  return db
    .select({ ticket: tickets, event: eventColumns(at) })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.userId, userId))
    .orderBy(...upcomingFirst(at), asc(tickets.createdAt), asc(tickets.id));
}

/** The title of an event, for payment descriptions. */
export async function findEventTitle(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ title: events.title }).from(events).where(eq(events.id, id));
  return row?.title;
}

/** Who to write to: a user's name and e-mail. */
export async function findUserContact(
  db: Db,
  id: string,
): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row;
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}
