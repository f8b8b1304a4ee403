import { MONEY_MAX, formatKES } from './money.js';
import { plural } from './wording.js';

// Stays: listings, availability, bookings, reviews, hosts (spec §1, §3, §4, §5, §7 Stays, §8, §9;
// DESIGN §5 Stays). Dates are calendar days ('YYYY-MM-DD') in Nairobi, where Kenya keeps UTC+3.
// No zod here: pages that only show stays read these; the schemas are in stays.ts.

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
  cancellationPolicy: 'Choose a cancellation policy: flexible, moderate or strict.',
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
  /** A guest whose confirmed stay is not over: `day` is its check-out day. */
  reviewAfterCheckOut: (day: string) => `You can review after check-out on ${formatStayDay(day)}.`,
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

/**
 * Check-out is by 10:00 in Kenya on the day after a stay's last night (check-in is at 14:00 on its
 * first: CHECK_IN_TIME, cancellation-rules.ts).
 */
export const CHECK_OUT_TIME = '10:00';
export const checkOutMoment = (day: string): number => Date.parse(`${day}T${CHECK_OUT_TIME}:00+03:00`);

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

export const BOOKING_STATUSES = ['held', 'confirmed', 'expired', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** An expired booking is one not paid for: its payment failed, was abandoned, or its hold lapsed (#26). */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  held: 'Awaiting payment',
  confirmed: 'Confirmed',
  expired: 'Not paid',
  cancelled: 'Cancelled',
};
export const REFUND_STATUSES = ['pending', 'refunded'] as const;
