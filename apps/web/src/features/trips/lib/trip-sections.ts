import { nairobiToday } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';

type TripDates = Pick<Trip, 'startDate' | 'endDate' | 'status' | 'createdAt' | 'refundAmount'>;

/** A trip is past once its check-out day is before today in Nairobi; checking out today is still upcoming. */
export const isPastTrip = (trip: Pick<Trip, 'endDate'>, today: string): boolean => trip.endDate < today;

/** A paid stay its guest cancelled (#27): what came back to them is known, nothing included. */
export const isCancelledStay = (trip: Pick<Trip, 'status' | 'refundAmount'>): boolean =>
  trip.status === 'cancelled' && trip.refundAmount !== null;

/** An attempt that ended unpaid (its payment failed, was abandoned or lapsed, or it was let go unpaid). */
export const isNotCompleted = (trip: Pick<Trip, 'status' | 'refundAmount'>): boolean =>
  trip.status === 'expired' || (trip.status === 'cancelled' && !isCancelledStay(trip));

const soonestFirst = (a: TripDates, b: TripDates) =>
  a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate);

/**
 * The guest's trips as of `nowMs`, whatever order they came in: upcoming ones soonest first, past
 * ones most recent first, the attempts that ended unpaid apart, the latest attempt first (#26: they
 * are no trip to come), and the paid stays the guest cancelled, the soonest first (#27).
 */
export function tripSections<T extends TripDates>(trips: readonly T[], nowMs: number) {
  const today = nairobiToday(nowMs);
  const stays = trips.filter((trip) => !isNotCompleted(trip) && !isCancelledStay(trip));
  const upcoming = stays.filter((trip) => !isPastTrip(trip, today)).sort(soonestFirst);
  const past = stays.filter((trip) => isPastTrip(trip, today)).sort((a, b) => soonestFirst(b, a));
  const notCompleted = trips
    .filter(isNotCompleted)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || soonestFirst(a, b));
  const cancelled = trips.filter(isCancelledStay).sort(soonestFirst);
  return { upcoming, past, notCompleted, cancelled };
}
