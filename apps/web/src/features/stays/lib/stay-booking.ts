import {
  STAY_MESSAGES,
  nightsOf,
  occupiedNights,
  stayDatesProblem,
  staysOverlap,
} from '@sokoni/contracts/stays-rules';
import type { TakenRange } from '@sokoni/contracts/stays';
import { centsToShillings, formatKES, shillingsToCents } from '@sokoni/contracts/money';

/** The dates a guest picked: check-in first, then check-out ('YYYY-MM-DD' days in Nairobi). */
export type StayDates = { startDate: string | null; endDate: string | null };

export const NO_DATES: StayDates = { startDate: null, endDate: null };

/** The nights a stay cannot be booked for, each as [from, until): the check-out day is free. */
export type TakenNights = { from: string; until: string }[];

export const takenNightsOf = (bookings: TakenRange[]): TakenNights => bookings.map(occupiedNights);

export const isNightTaken = (day: string, taken: TakenNights): boolean =>
  taken.some((range) => range.from <= day && day < range.until);

/** The first taken night after `day`: a guest checking in on `day` may check out then, not later. */
export function firstTakenNightAfter(day: string, taken: TakenNights): string | null {
  let first: string | null = null;
  for (const range of taken)
    if (range.from > day && (first === null || range.from < first)) first = range.from;
  return first;
}

/**
 * A calendar day cannot be chosen when it is past (in Nairobi) or a taken night. The one exception:
 * once a check-in is chosen, the first taken night after it may be the check-out day, as another
 * guest's check-in day is this guest's check-out day.
 */
export function isDayUnavailable(day: string, dates: StayDates, taken: TakenNights, today: string): boolean {
  if (day < today) return true;
  if (!isNightTaken(day, taken)) return false;
  return !dates.startDate || day !== firstTakenNightAfter(dates.startDate, taken);
}

/**
 * A click on `day`: with a check-in and no check-out yet, a day from the check-in on is the
 * check-out (the same day is a one-night stay); any other click starts again from a new check-in,
 * which a taken night cannot be.
 */
export function selectDay(dates: StayDates, day: string, taken: TakenNights): StayDates {
  if (dates.startDate && !dates.endDate && day >= dates.startDate) return { ...dates, endDate: day };
  if (isNightTaken(day, taken)) return dates;
  return { startDate: day, endDate: null };
}

export type Availability =
  | { status: 'invalid'; message: string }
  | { status: 'booked'; message: string }
  | { status: 'available'; message: string };

/**
 * 'Check availability' (spec §4, §5, §8): the date rules first, then any overlap with the nights
 * already taken blocks; touching (one guest's check-out day is the next one's check-in) does not.
 */
export function checkAvailability(dates: StayDates, bookings: TakenRange[], today: string): Availability {
  const problem = stayDatesProblem(dates.startDate, dates.endDate, today);
  if (problem || !dates.startDate || !dates.endDate) {
    return { status: 'invalid', message: problem ?? STAY_MESSAGES.datesRequired };
  }
  const wanted = { startDate: dates.startDate, endDate: dates.endDate };
  return bookings.some((booking) => staysOverlap(booking, wanted))
    ? { status: 'booked', message: STAY_MESSAGES.datesBooked }
    : { status: 'available', message: STAY_MESSAGES.datesAvailable };
}

/** Nights × price per night in shillings, counted in cents so fractions of a shilling add up exactly. */
export const stayTotal = (pricePerNight: number, nights: number): number =>
  centsToShillings(shillingsToCents(pricePerNight) * nights);

/** '3 nights × KES 4,500 = KES 13,500'. */
export function stayPriceLine(pricePerNight: number, startDate: string, endDate: string): string {
  const nights = nightsOf(startDate, endDate);
  return `${STAY_MESSAGES.nights(nights)} × ${formatKES(pricePerNight)} = ${formatKES(stayTotal(pricePerNight, nights))}`;
}
