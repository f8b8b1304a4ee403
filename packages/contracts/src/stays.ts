import { z } from 'zod';
import { shillings } from './money-schema.js';
import { MONEY_MAX, formatKES } from './money.js';
import { pageMessages, pageQuery } from './paging.js';
import { block, line } from './text.js';

// Stays: listings, availability, bookings, reviews, hosts (spec §1, §3, §4, §5, §7 Stays, §8, §9;
// DESIGN §5 Stays). Dates are calendar days ('YYYY-MM-DD') in Nairobi, where Kenya keeps UTC+3.

/** Spec §9: the amenities a stay can offer, in the order the filter lists them. */
export const STAY_AMENITIES = [
  'Wi-Fi',
  'Hot Shower',
  'Kitchen',
  'Fireplace',
  'Pool',
  'Air Conditioning',
  'Balcony',
  'Elevator',
  'Private Beach',
] as const;
export type StayAmenity = (typeof STAY_AMENITIES)[number];

/** Spec §9: the stay sorts (rating: best rated first, applied for real). */
export const STAY_SORTS = ['priceLowHigh', 'priceHighLow', 'rating'] as const;
export type StaySort = (typeof STAY_SORTS)[number];
export const STAY_SORT_LABELS: Record<StaySort, string> = {
  priceLowHigh: 'Price: Low to High',
  priceHighLow: 'Price: High to Low',
  rating: 'Top rated',
};

/** Spec §9: the price filter's default bounds (KES per night) and its step. */
export const STAY_PRICE_FILTER = { min: 0, max: 20_000, step: 500 } as const;
/** Spec §9: the longest stay one booking may cover. */
export const STAY_MAX_NIGHTS = 30;
export const STAY_IMAGES_MAX = 12;
export const STAY_PAGE_SIZE = 24;
export const STAY_PAGE_MAX = 100;
export const STAY_TITLE_MAX_LENGTH = 120;
export const STAY_LOCATION_MAX_LENGTH = 200;
export const STAY_DESCRIPTION_MAX_LENGTH = 5000;
export const STAY_ROOMS_MAX = 50;
export const STAY_GUESTS_MAX = 100;
export const STAY_BLOCK_NOTE_MAX_LENGTH = 200;
/** The most nights one block of a host's dates may close (a year). */
export const STAY_BLOCK_MAX_NIGHTS = 365;
export const STAY_REVIEW_COMMENT_MAX_LENGTH = 2000;
/** How far ahead a stay can be booked or searched (days from today). */
export const STAY_BOOKING_HORIZON_DAYS = 730;
/** Bookings one guest may hold unpaid at once, so nobody can lock a calendar by booking and never paying. */
export const STAY_HELD_BOOKINGS_MAX = 3;

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const STAY_MESSAGES = {
  /** Spec §5 Stay dates. */
  datesRequired: 'Please select both check-in and check-out dates.',
  checkInPast: 'Check-in date cannot be in the past.',
  checkOutBeforeCheckIn: 'Check-out date must be the same day or after check-in date.',
  tooLong: 'Maximum stay duration is 30 days.',
  missingDetails: 'Missing booking details.',
  tooFarAhead: `Stays can be booked at most ${STAY_BOOKING_HORIZON_DAYS} days ahead.`,
  /** Spec §8 Stay dates booked / available. */
  datesBooked: 'Sorry, those dates are already booked.',
  datesAvailable: 'This stay is available for your selected dates!',
  /** Spec §8 Stay payment fails. */
  paymentFailed: 'Payment initiation failed. Try again.',
  notFound: 'Stay not found.',
  bookingNotFound: 'Booking not found.',
  ownStay: 'This is your own listing: you cannot book it.',
  notHost: 'Only the host can change this listing.',
  bookingLoginRequired: 'Please log in to book this stay.',
  listingLoginRequired: 'Please log in to list your place.',
  bookingNotHeld: 'This booking is no longer waiting for payment.',
  bookingAlreadyConfirmed: 'This booking is already confirmed and paid.',
  cannotCancel: 'Only a booking that is not paid yet can be cancelled.',
  cancelWhilePaying: 'This booking is being paid for right now. Try again once the payment is finished.',
  tooManyHeld: `You have ${STAY_HELD_BOOKINGS_MAX} bookings waiting for payment. Pay for or cancel one before booking more.`,
  titleRequired: 'Please enter a title for your listing.',
  titleTooLong: `Titles can be at most ${STAY_TITLE_MAX_LENGTH} characters.`,
  descriptionRequired: 'Please describe your place.',
  descriptionTooLong: `Descriptions can be at most ${STAY_DESCRIPTION_MAX_LENGTH} characters.`,
  locationRequired: 'Please enter where your place is.',
  locationTooLong: `Locations can be at most ${STAY_LOCATION_MAX_LENGTH} characters.`,
  price: `Price per night must be greater than 0 and at most ${formatKES(MONEY_MAX)}.`,
  bedrooms: `Bedrooms must be a whole number from 1 to ${STAY_ROOMS_MAX}.`,
  bathrooms: `Bathrooms must be a whole number from 0 to ${STAY_ROOMS_MAX}.`,
  guests: `Guests must be a whole number from 1 to ${STAY_GUESTS_MAX}.`,
  amenity: `Choose amenities from the list: ${STAY_AMENITIES.join(', ')}.`,
  duplicateAmenity: 'Each amenity can be listed once.',
  imageRequired: 'Please add at least one photo of your place.',
  tooManyImages: `You can add at most ${STAY_IMAGES_MAX} photos.`,
  foreignImage: 'Photos must be uploaded to Sokoni first.',
  blockNoteTooLong: `Notes can be at most ${STAY_BLOCK_NOTE_MAX_LENGTH} characters.`,
  blockNotFound: 'Those blocked dates were not found.',
  blockTooLong: `You can block at most ${STAY_BLOCK_MAX_NIGHTS} nights at once.`,
  /** Spec §5 Stay review: login, rating and comment. */
  reviewLoginRequired: 'Please log in to review this stay.',
  reviewRating: 'Please choose a rating from 1 to 5.',
  reviewCommentRequired: 'Please write a comment.',
  reviewCommentTooLong: `Reviews can be at most ${STAY_REVIEW_COMMENT_MAX_LENGTH.toLocaleString('en-KE')} characters.`,
  reviewNotEligible: 'Only guests who stayed here can review it.',
  reviewAlreadyWritten: 'You have already reviewed each of your stays here.',
  reviewSubmitted: 'Thank you for your review!',
  listingCreated: 'Listing created successfully!',
  listingUpdated: 'Listing updated.',
  listingSaveFailed: 'Could not save your listing. Please try again.',
  loadFailed: 'Failed to load stays. Please try again.',
  noStays: 'No stays match your search.',
  noTrips: "You haven't booked any stays yet.",
  noListings: "You haven't listed any places yet.",
  refundNotice: (amount: string) =>
    `Those dates were taken before your payment completed. Your payment of ${amount} is being refunded.`,
  refunded: (amount: string) => `Your payment of ${amount} has been refunded.`,
  nights: (nights: number) => `${nights} ${plural(nights, 'night', 'nights')}`,
  guestCount: (guests: number) => `${guests} ${plural(guests, 'guest', 'guests')}`,
} as const;

// ---- calendar days ------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date in Nairobi (UTC+3 all year) at the moment `nowMs`: 'YYYY-MM-DD'. */
export function nairobiToday(nowMs: number): string {
  return new Date(nowMs + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after `day` ('2026-12-31', 1 → '2027-01-01'). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Spec §5: nights = the ceiling of the day difference, at least 1 (a same-day stay is one night). */
export function nightsOf(startDate: string, endDate: string): number {
  return Math.max(1, Math.ceil(daysBetween(startDate, endDate)));
}

/**
 * The nights a stay occupies, as a half-open range of days [first night, day after the last night):
 * check-out day is free for the next guest's check-in. A same-day stay occupies its one night.
 */
export function occupiedNights(range: { startDate: string; endDate: string }): {
  from: string;
  until: string;
} {
  return { from: range.startDate, until: addDays(range.startDate, nightsOf(range.startDate, range.endDate)) };
}

/** Spec §4: any overlap of the nights two stays occupy blocks; touching (out = in) does not. */
export function staysOverlap(
  a: { startDate: string; endDate: string },
  b: { startDate: string; endDate: string },
): boolean {
  const x = occupiedNights(a);
  const y = occupiedNights(b);
  return x.from < y.until && y.from < x.until;
}

/**
 * Spec §5 Stay dates, in the spec's order; the first rule broken, or null. The one check of the
 * booking form and the server: today is Nairobi's today.
 */
export function stayDatesProblem(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  today: string,
): string | null {
  if (!startDate || !endDate || !isCalendarDay(startDate) || !isCalendarDay(endDate))
    return STAY_MESSAGES.datesRequired;
  if (startDate < today) return STAY_MESSAGES.checkInPast;
  if (endDate < startDate) return STAY_MESSAGES.checkOutBeforeCheckIn;
  if (nightsOf(startDate, endDate) > STAY_MAX_NIGHTS) return STAY_MESSAGES.tooLong;
  if (daysBetween(today, startDate) > STAY_BOOKING_HORIZON_DAYS) return STAY_MESSAGES.tooFarAhead;
  return null;
}

/**
 * The dates a host blocks, the first rule broken or null: like a booking's (not in the past, in
 * order, within the booking horizon), but up to STAY_BLOCK_MAX_NIGHTS nights rather than 30.
 */
export function stayBlockProblem(startDate: string, endDate: string, today: string): string | null {
  if (!isCalendarDay(startDate) || !isCalendarDay(endDate)) return STAY_MESSAGES.datesRequired;
  if (startDate < today) return STAY_MESSAGES.checkInPast;
  if (endDate < startDate) return STAY_MESSAGES.checkOutBeforeCheckIn;
  if (nightsOf(startDate, endDate) > STAY_BLOCK_MAX_NIGHTS) return STAY_MESSAGES.blockTooLong;
  if (daysBetween(today, startDate) > STAY_BOOKING_HORIZON_DAYS) return STAY_MESSAGES.tooFarAhead;
  return null;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** '2026-12-24' → 'Thu, 24 Dec 2026'. */
export const formatStayDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));

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
};

/** POST /stays (spec §7). The host is the caller, whatever `hostId` says. */
export const CreateStayInput = z.object({
  ...stayFields,
  amenities: stayFields.amenities.default([]),
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

/** The list's filters as the stays page keeps them (its address) and sends them. */
export type StayListFilters = {
  q?: string;
  minPrice?: number | null;
  maxPrice?: number | null;
  amenities?: readonly StayAmenity[];
  guests?: number | null;
  from?: string | null;
  to?: string | null;
  sort?: StaySort | null;
};

/**
 * GET /stays' query as the web app sends it (and, without `page`, the /stays page's own address), in
 * one order: the server puts the first page of /stays into the page it serves under this very
 * address, so both build it here. Price bounds at the filter's defaults are left out.
 */
export function stayListQuery(
  filters: StayListFilters,
  page?: { limit: number; offset: number },
): Array<[string, string]> {
  const q = filters.q?.trim();
  const entries: Array<[string, string]> = [];
  if (q) entries.push(['q', q]);
  if (filters.minPrice != null && filters.minPrice > STAY_PRICE_FILTER.min)
    entries.push(['minPrice', String(filters.minPrice)]);
  if (filters.maxPrice != null && filters.maxPrice < STAY_PRICE_FILTER.max)
    entries.push(['maxPrice', String(filters.maxPrice)]);
  for (const amenity of STAY_AMENITIES)
    if (filters.amenities?.includes(amenity)) entries.push(['amenities', amenity]);
  if (filters.guests != null && filters.guests > 1) entries.push(['guests', String(filters.guests)]);
  if (filters.from && filters.to) entries.push(['from', filters.from], ['to', filters.to]);
  if (filters.sort) entries.push(['sort', filters.sort]);
  if (page) entries.push(['limit', String(page.limit)], ['offset', String(page.offset)]);
  return entries;
}

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
});
export type StaySummary = z.infer<typeof StaySummary>;

/** GET /stays/{id} (spec §3 Stay): the nights taken (bookings held or confirmed, and blocked dates). */
export const Stay = StaySummary.extend({
  bookings: z.array(TakenRange),
  reviews: z.array(StayReview),
});
export type Stay = z.infer<typeof Stay>;

export const BOOKING_STATUSES = ['held', 'confirmed', 'expired', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  held: 'Awaiting payment',
  confirmed: 'Confirmed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
export const REFUND_STATUSES = ['pending', 'refunded'] as const;

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
});
export type Trip = z.infer<typeof Trip>;

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
