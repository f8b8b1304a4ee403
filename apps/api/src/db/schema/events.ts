import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EVENT_CATEGORIES, TICKET_STATUSES } from '@sokoni/contracts/events-rules';
import { users } from './accounts.js';
import { moderationColumns } from './moderation.js';

/**
 * An event and its seats. `sold` counts the seats of every ticket issued; what is left to sell is
 * `capacity - sold` less the live seat holds, and the check keeps `sold` within the capacity whatever
 * a query does.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    image: text('image').notNull(),
    category: text('category', { enum: EVENT_CATEGORIES }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Per ticket; 0 is a free event. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its organizer cancelled it (#27): every ticket refunded, check-in refused. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...moderationColumns(),
  },
  (table) => [
    check('events_price_not_negative', sql`${table.priceCents} >= 0`),
    check('events_sold_within_capacity', sql`${table.sold} >= 0 and ${table.sold} <= ${table.capacity}`),
    check(
      'events_category_known',
      sql.raw(`category in (${EVENT_CATEGORIES.map((category) => `'${category}'`).join(', ')})`),
    ),
    // The list: upcoming soonest first, overall and per category; an organizer's events.
    index('events_starts').on(table.startsAt, table.id),
    index('events_category_starts').on(table.category, table.startsAt, table.id),
    index('events_organizer').on(table.organizerId, table.startsAt),
    // Search over title, location and description as one text (a line feed, which no search holds,
    // between them so a match never spans two fields).
    index('events_text_trgm').using(
      'gin',
      sql`lower(${table.title} || E'\\n' || ${table.location} || E'\\n' || ${table.description}) gin_trgm_ops`,
    ),
  ],
);

/** A ticket: one per paid payment (or free claim), for `quantity` seats of one event. */
export const tickets = pgTable(
  'tickets',
  {
    /** 'tkt_' and 32 hex digits of 16 random bytes: unguessable. */
    id: text('id').primaryKey(),
    /**
     * What a person types at the gate (#28): 8 characters of TICKET_CODE_ALPHABET, stored in capitals;
     * the QR keeps the unguessable id.
     */
    shortCode: text('short_code').notNull().unique(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    /** What each seat was bought for (0 for a free claim). */
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('valid'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id),
    /**
     * The door device that checked it in offline (#29), as the device named itself; null when it was
     * checked in online. Two devices' offline check-ins of one ticket: the earlier scan keeps it.
     */
    checkedInDevice: text('checked_in_device'),
    /** The payment that bought it: one ticket per payment, however often fulfilment is asked for. */
    paymentReference: text('payment_reference').unique(),
    /** The network a free ticket was claimed from (null for a paid one): lib/standing.ts. */
    network: text('network'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tickets_quantity_range', sql`${table.quantity} between 1 and 10`),
    check('tickets_status_known', sql`${table.status} in ('valid', 'refunded')`),
    index('tickets_user').on(table.userId),
    index('tickets_event').on(table.eventId),
  ],
);

/**
 * Seats of an event held for a payment in progress (one row per payment). A hold counts against what
 * others can buy while it is `held` and not yet expired; it becomes `sold` when the payment succeeds
 * and `released` when it fails, is abandoned or lapses. A lapsed hold stops counting at `expires_at`
 * by itself; nothing has to run for its seats to come back.
 */
export const seatHolds = pgTable(
  'seat_holds',
  {
    reference: text('reference').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    /** The buyer, and the price per seat they were asked for: what the ticket is issued with. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    state: text('state', { enum: ['held', 'sold', 'released'] })
      .notNull()
      .default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('seat_holds_quantity_range', sql`${table.quantity} between 1 and 10`),
    check('seat_holds_state_known', sql`${table.state} in ('held', 'sold', 'released')`),
    index('seat_holds_active')
      .on(table.eventId, table.expiresAt)
      .where(sql`${table.state} = 'held'`),
  ],
);

/** Every verification attempt at the door: who scanned what, when, and what came of it. */
export const ticketScans = pgTable(
  'ticket_scans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** As scanned or typed (an unknown id too). */
    ticketId: text('ticket_id').notNull(),
    eventId: uuid('event_id').references(() => events.id),
    scannedBy: uuid('scanned_by')
      .notNull()
      .references(() => users.id),
    result: text('result', {
      enum: ['checked_in', 'already_checked_in', 'not_found', 'not_organizer', 'refunded'],
    }).notNull(),
    /** When it was scanned: for an offline scan (#29), the device's own time, sent at sync. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
    /** The door device of an offline scan, sent with it at sync; null for a scan made online. */
    device: text('device'),
  },
  (table) => [
    check(
      'ticket_scans_result_known',
      sql`${table.result} in ('checked_in', 'already_checked_in', 'not_found', 'not_organizer', 'refunded')`,
    ),
    index('ticket_scans_event').on(table.eventId, table.scannedAt),
  ],
);
