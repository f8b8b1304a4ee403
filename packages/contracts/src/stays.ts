import { z } from 'zod';
import { shillings } from './money-schema.js';
import { MONEY_MAX, formatKES } from './money.js';
import { ModerationNotice } from './moderation.js';
import { pageMessages, pageQuery } from './paging.js';
import { ReviewStanding } from './reviews.js';
import { block, line } from './text.js';
import {
  STAY_AMENITIES,
  STAY_SORTS,
  STAY_MAX_NIGHTS,
  STAY_IMAGES_MAX,
  STAY_PAGE_SIZE,
  STAY_PAGE_MAX,
  STAY_TITLE_MAX_LENGTH,
  STAY_LOCATION_MAX_LENGTH,
  STAY_DESCRIPTION_MAX_LENGTH,
  STAY_ROOMS_MAX,
  STAY_GUESTS_MAX,
  STAY_BLOCK_NOTE_MAX_LENGTH,
  STAY_REVIEW_COMMENT_MAX_LENGTH,
  STAY_MESSAGES,
  isCalendarDay,
  nightsOf,
  BOOKING_STATUSES,
  REFUND_STATUSES,
} from './stays-rules.js';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from './cancellations.js';

// Stays' requests and answers (spec §3, §7 Stays). The rules, messages and calendar days they check
// are in stays-rules.ts, which holds no schema, so a page that only shows stays loads no zod.

// ---- requests ---------------------------------------------------------------------------------

/** A stay's photo is one of ours: an upload to /uploads/stay-image (or a sample image). */
const STAY_IMAGE = /^\/api\/uploads\/(stays|sample)\/[a-f0-9]{32}\.webp$/;

const required = (text: typeof line, message: string, max: number, tooLong: string) =>
  text(message).trim().min(1, message).max(max, tooLong);
const whole = (message: string, min: number, max: number) =>
  z.number(message).int(message).min(min, message).max(max, message);

const stayFields = {
  title: required(line, STAY_MESSAGES.titleRequired, STAY_TITLE_MAX_LENGTH, STAY_MESSAGES.titleTooLong),
  description: required(
    block,
    STAY_MESSAGES.descriptionRequired,
    STAY_DESCRIPTION_MAX_LENGTH,
    STAY_MESSAGES.descriptionTooLong,
  ),
  location: required(
    line,
    STAY_MESSAGES.locationRequired,
    STAY_LOCATION_MAX_LENGTH,
    STAY_MESSAGES.locationTooLong,
  ),
  pricePerNight: shillings('Price per night', STAY_MESSAGES.price),
  bedrooms: whole(STAY_MESSAGES.bedrooms, 1, STAY_ROOMS_MAX),
  bathrooms: whole(STAY_MESSAGES.bathrooms, 0, STAY_ROOMS_MAX),
  guests: whole(STAY_MESSAGES.guests, 1, STAY_GUESTS_MAX),
  images: z
    .array(
      z.string(STAY_MESSAGES.foreignImage).regex(STAY_IMAGE, STAY_MESSAGES.foreignImage),
      STAY_MESSAGES.imageRequired,
    )
    .min(1, STAY_MESSAGES.imageRequired)
    .max(STAY_IMAGES_MAX, STAY_MESSAGES.tooManyImages),
  amenities: z
    .array(z.enum(STAY_AMENITIES, STAY_MESSAGES.amenity), STAY_MESSAGES.amenity)
    .max(STAY_AMENITIES.length, STAY_MESSAGES.duplicateAmenity)
    .refine((list) => new Set(list).size === list.length, STAY_MESSAGES.duplicateAmenity),
  /** #27: what a guest gets back when they cancel, shown on the stay page before booking. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES, STAY_MESSAGES.cancellationPolicy),
};

/** POST /stays (spec §7). The host is the caller, whatever `hostId` says. */
export const CreateStayInput = z.object({
  ...stayFields,
  amenities: stayFields.amenities.default([]),
  cancellationPolicy: stayFields.cancellationPolicy.default(DEFAULT_CANCELLATION_POLICY),
  hostId: line().max(100).optional(),
});
export type CreateStayInput = z.input<typeof CreateStayInput>;
export type CreateStayData = z.output<typeof CreateStayInput>;

/** PUT /stays/{id}: the fields to change (the host only). */
export const UpdateStayInput = z.object({ ...stayFields, hostId: line().max(100).optional() }).partial();
export type UpdateStayInput = z.input<typeof UpdateStayInput>;
export type UpdateStayData = z.output<typeof UpdateStayInput>;

const day = (message: string) => z.string(message).refine(isCalendarDay, message);

/** A repeatable query parameter (`?amenities=Pool&amenities=Wi-Fi`), also given comma-separated. */
const amenityList = z
  .union([z.string(), z.array(z.string())], STAY_MESSAGES.amenity)
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(STAY_AMENITIES, STAY_MESSAGES.amenity))
      .max(STAY_AMENITIES.length * 2, STAY_MESSAGES.amenity),
  );

const priceBound = z.coerce
  .number('Prices must be numbers.')
  .finite('Prices must be numbers.')
  .min(0, 'Prices cannot be negative.')
  .max(MONEY_MAX, `Prices must be at most ${formatKES(MONEY_MAX)}.`);

/**
 * GET /stays: search over title and location, price per night within [minPrice, maxPrice], every
 * amenity asked for, room for at least `guests`, free for the whole of [from, to) (both or neither),
 * sorted; paged (X-Total-Count carries the total).
 */
export const StayQuery = z
  .object({
    q: line().trim().max(100, 'Search text is too long.').optional(),
    minPrice: priceBound.optional(),
    maxPrice: priceBound.optional(),
    amenities: amenityList.optional(),
    guests: z.coerce
      .number(STAY_MESSAGES.guests)
      .int(STAY_MESSAGES.guests)
      .min(1, STAY_MESSAGES.guests)
      .max(STAY_GUESTS_MAX, STAY_MESSAGES.guests)
      .optional(),
    from: day(STAY_MESSAGES.datesRequired).optional(),
    to: day(STAY_MESSAGES.datesRequired).optional(),
    sort: z.enum(STAY_SORTS, `Sort by one of: ${STAY_SORTS.join(', ')}.`).optional(),
    host: z.uuid(STAY_MESSAGES.notFound).optional(),
    ...pageQuery({
      defaultLimit: STAY_PAGE_SIZE,
      maxLimit: STAY_PAGE_MAX,
      messages: pageMessages(STAY_PAGE_MAX),
    }).shape,
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: STAY_MESSAGES.datesRequired,
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.to >= query.from, {
    message: STAY_MESSAGES.checkOutBeforeCheckIn,
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || nightsOf(query.from, query.to) <= STAY_MAX_NIGHTS, {
    message: STAY_MESSAGES.tooLong,
    path: ['to'],
  });
export type StayQuery = z.input<typeof StayQuery>;
export type StayFilters = z.output<typeof StayQuery>;

/** POST /stays/{id}/book (spec §7): the guest is the caller, whatever `userId` says. */
export const BookStayInput = z.object(
  {
    startDate: line(STAY_MESSAGES.datesRequired).max(40, STAY_MESSAGES.datesRequired).nullish(),
    endDate: line(STAY_MESSAGES.datesRequired).max(40, STAY_MESSAGES.datesRequired).nullish(),
    userId: line().max(100).optional(),
  },
  STAY_MESSAGES.missingDetails,
);
export type BookStayInput = z.input<typeof BookStayInput>;

/** POST /stays/{id}/blocks: nights the host closes (maintenance, booked elsewhere). */
export const BlockDatesInput = z.object({
  startDate: day(STAY_MESSAGES.datesRequired),
  endDate: day(STAY_MESSAGES.datesRequired),
  note: line().trim().max(STAY_BLOCK_NOTE_MAX_LENGTH, STAY_MESSAGES.blockNoteTooLong).default(''),
});
export type BlockDatesInput = z.input<typeof BlockDatesInput>;

/** POST /stays/{id}/reviews (spec §7): the reviewer is the caller. */
export const CreateStayReviewInput = z.object({
  rating: z
    .number(STAY_MESSAGES.reviewRating)
    .int(STAY_MESSAGES.reviewRating)
    .min(1, STAY_MESSAGES.reviewRating)
    .max(5, STAY_MESSAGES.reviewRating),
  comment: block(STAY_MESSAGES.reviewCommentRequired)
    .trim()
    .min(1, STAY_MESSAGES.reviewCommentRequired)
    .max(STAY_REVIEW_COMMENT_MAX_LENGTH, STAY_MESSAGES.reviewCommentTooLong),
  userId: line().max(100).optional(),
});
export type CreateStayReviewInput = z.input<typeof CreateStayReviewInput>;

// ---- responses --------------------------------------------------------------------------------

/** Nights a stay cannot be booked for: [startDate, endDate) as booked (never who booked). */
export const TakenRange = z.object({ startDate: z.string(), endDate: z.string() });
export type TakenRange = z.infer<typeof TakenRange>;

export const StayReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.iso.datetime(),
  user: z.object({ name: z.string() }),
  /** #28: set only on an item moderators hid, shown to its owner alone (everyone else: not found). */
  moderation: ModerationNotice.optional(),
});
export type StayReview = z.infer<typeof StayReview>;

/** A stay as the list shows it (spec §3 Stay without bookings and reviews). */
export const StaySummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  /** KES per night. */
  pricePerNight: z.number(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  guests: z.number().int(),
  images: z.array(z.string()),
  amenities: z.array(z.enum(STAY_AMENITIES)),
  hostId: z.string(),
  host: z.object({ id: z.string(), name: z.string() }),
  /** Mean of the reviews' ratings, to one decimal; 0 with none. */
  rating: z.number(),
  reviewCount: z.number().int(),
  /** #27: the host's cancellation policy (CANCELLATION_POLICY_TEXTS says what it gives back). */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** #28: set only on an item moderators hid, shown to its owner alone (everyone else: not found). */
  moderation: ModerationNotice.optional(),
});
export type StaySummary = z.infer<typeof StaySummary>;

/** GET /stays/{id} (spec §3 Stay): the nights taken (bookings held or confirmed, and blocked dates). */
export const Stay = StaySummary.extend({
  bookings: z.array(TakenRange),
  reviews: z.array(StayReview),
});
export type Stay = z.infer<typeof Stay>;

/**
 * GET /stays/{id}/availability: the nights taken as the signed-in caller sees them. Their own
 * bookings awaiting payment are not counted: booking those nights again supersedes them (#26).
 * `review`: whether they may review the stay now, or why not (#28).
 */
export const StayAvailability = z.object({ bookings: z.array(TakenRange), review: ReviewStanding });
export type StayAvailability = z.infer<typeof StayAvailability>;

/** POST /stays/{id}/book answers the booking (spec §3 Booking: id), held while its guest pays. */
export const Booking = z.object({
  id: z.string(),
  stayId: z.string(),
  userId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  nights: z.number().int(),
  pricePerNight: z.number(),
  /** KES: nights × the price per night when booked. */
  amount: z.number(),
  status: z.enum(BOOKING_STATUSES),
  /** Until when a held booking keeps its nights; null once confirmed, expired or cancelled. */
  holdExpiresAt: z.iso.datetime().nullable(),
  /** A payment that came too late for its nights is refunded. */
  refund: z.enum(REFUND_STATUSES).nullable(),
  createdAt: z.iso.datetime(),
});
export type Booking = z.infer<typeof Booking>;

/** GET /bookings/mine and /bookings/{id}: a guest's booking with its stay; the host's contact once confirmed. */
export const Trip = Booking.extend({
  stay: z.object({
    id: z.string(),
    title: z.string(),
    location: z.string(),
    image: z.string().nullable(),
  }),
  host: z.object({ name: z.string(), email: z.string().nullable() }),
  /**
   * Pay again is offered (#26): the booking awaits payment, or it ended unpaid (not cancelled) and
   * its nights are still free and its check-in has not passed; paying holds it again.
   */
  canPayAgain: z.boolean(),
  /** #27: when the guest cancelled it once confirmed, and what of its price went back to them (KES). */
  cancelledAt: z.iso.datetime().nullable(),
  refundAmount: z.number().nullable(),
  /** A confirmed stay whose check-in has not come: the guest may cancel it under the policy. */
  canCancel: z.boolean(),
});
export type Trip = z.infer<typeof Trip>;

/** POST /bookings/{id}/cancel: the booking as it now stands, and what its guest is told. */
export const CancelledTrip = Trip.extend({ message: z.string() });
export type CancelledTrip = z.infer<typeof CancelledTrip>;

/** A booking of a listing as its host sees it: the guest's first name only. */
export const HostBooking = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  nights: z.number().int(),
  amount: z.number(),
  status: z.enum(BOOKING_STATUSES),
  guest: z.object({ firstName: z.string() }),
});
export type HostBooking = z.infer<typeof HostBooking>;

export const StayBlock = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  note: z.string(),
});
export type StayBlock = z.infer<typeof StayBlock>;

/** GET /host/stays: each of the caller's listings with its bookings to come, earnings and calendar. */
export const HostListing = StaySummary.extend({
  /** Held and confirmed bookings whose check-out is today or later, soonest first. */
  upcomingBookings: z.array(HostBooking),
  blocks: z.array(StayBlock),
  /** KES from confirmed bookings, all time. */
  earnings: z.number(),
  /** The listing's calendar feed (iCalendar), an unguessable address for the host's other calendars. */
  calendarUrl: z.string(),
});
export type HostListing = z.infer<typeof HostListing>;
