import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { STAY_AMENITIES } from '@sokoni/contracts/stays-rules';
import { users } from './accounts.js';
import { moderationColumns } from './moderation.js';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '@sokoni/contracts/cancellations';

/** A place to stay, listed by its host. The rating is kept as a sum and a count, like products'. */
export const stays = pgTable(
  'stays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    pricePerNightCents: bigint('price_per_night_cents', { mode: 'number' }).notNull(),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: integer('bathrooms').notNull(),
    guests: integer('guests').notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id),
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** The secret in the listing's calendar feed address (32 hex digits): only the host knows it. */
    calendarToken: text('calendar_token').notNull().unique(),
    /** What a guest gets back when they cancel (#27), shown before booking. */
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES })
      .notNull()
      .default(DEFAULT_CANCELLATION_POLICY),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...moderationColumns(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'stays_cancellation_policy_known',
      sql.raw(`cancellation_policy in ('flexible', 'moderate', 'strict')`),
    ),
    check('stays_price_positive', sql`${table.pricePerNightCents} > 0`),
    check('stays_rooms', sql`${table.bedrooms} >= 1 and ${table.bathrooms} >= 0 and ${table.guests} >= 1`),
    check(
      'stays_amenities_known',
      sql.raw(`amenities <@ array[${STAY_AMENITIES.map((amenity) => `'${amenity}'`).join(', ')}]::text[]`),
    ),
    check(
      'stays_rating_consistent',
      sql`${table.ratingSum} between ${table.reviewCount} and 5 * ${table.reviewCount}`,
    ),
    index('stays_newest').on(table.createdAt.desc(), table.id.desc()),
    index('stays_price').on(table.pricePerNightCents, table.id),
    index('stays_host').on(table.hostId, table.createdAt.desc()),
    index('stays_amenities').using('gin', table.amenities),
    // Search over title and location as one text (a line feed between them, so no match spans both).
    index('stays_text_trgm').using(
      'gin',
      sql`lower(${table.title} || E'\\n' || ${table.location}) gin_trgm_ops`,
    ),
  ],
);

export const STAY_BOOKING_STATES = ['held', 'confirmed', 'expired', 'cancelled', 'blocked'] as const;

/**
 * Every claim on a stay's nights: guests' bookings and the host's blocked dates, in one table so
 * one exclusion constraint (migration 0013, btree_gist) keeps them apart: no two rows of a stay
 * whose status is held, confirmed or blocked occupy the same night, whatever runs at the same time
 * in however many server processes. The nights occupied are [start_date, start_date + nights);
 * check-out day is the next guest's check-in day.
 *
 * A booking is `held` until `hold_expires_at` while its guest pays; a held row past that time
 * still holds its row in the constraint, so every booking first marks the lapsed holds on its
 * nights `expired` in its own transaction: the dates are free again at once, no worker needed.
 *
 * Migration 0013 also indexes the taken nights alone (gist), for the list's "free on these dates".
 */
export const stayBookings = pgTable(
  'stay_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => stays.id),
    /** The guest; null for the host's blocked dates. */
    guestId: uuid('guest_id').references(() => users.id),
    status: text('status', { enum: STAY_BOOKING_STATES }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** As booked: check-out day (the same day as check-in for a same-day stay). */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Nights occupied from start_date: the ceiling of the day difference, at least 1. */
    nights: integer('nights').notNull(),
    /** The price per night when booked, and nights × it: what the guest pays (0 for a block). */
    pricePerNightCents: bigint('price_per_night_cents', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The payment that confirmed it: a booking is confirmed by one payment, once. */
    paymentReference: text('payment_reference').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** A confirmed stay the guest cancelled (#27), and what of its price went back to them. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundCents: bigint('refund_cents', { mode: 'number' }),
    /** Why the host blocked the nights (their own note). */
    note: text('note').notNull().default(''),
    /** The network a guest booked from (null for a block): new accounts share its bounds (lib/standing.ts). */
    network: text('network'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'stay_bookings_status_known',
      sql`${table.status} in ('held', 'confirmed', 'expired', 'cancelled', 'blocked')`,
    ),
    check('stay_bookings_guest', sql`(${table.guestId} is null) = (${table.status} = 'blocked')`),
    check(
      'stay_bookings_nights',
      sql`${table.nights} >= 1 and ${table.nights} = greatest(1, ${table.endDate} - ${table.startDate})`,
    ),
    check(
      'stay_bookings_amount',
      sql`${table.status} = 'blocked' or (${table.pricePerNightCents} > 0 and ${table.amountCents} = ${table.nights} * ${table.pricePerNightCents})`,
    ),
    check('stay_bookings_held_until', sql`${table.status} <> 'held' or ${table.holdExpiresAt} is not null`),
    index('stay_bookings_guest').on(table.guestId, table.startDate),
    index('stay_bookings_held_network')
      .on(table.network)
      .where(sql`${table.status} = 'held'`),
    index('stay_bookings_stay').on(table.stayId, table.startDate),
  ],
);

/** A guest's review of a stay: one per confirmed booking whose check-out has come. */
export const stayReviews = pgTable(
  'stay_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => stays.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => stayBookings.id),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('stay_reviews_rating_range', sql`${table.rating} between 1 and 5`),
    index('stay_reviews_stay').on(table.stayId, table.createdAt.desc()),
  ],
);
