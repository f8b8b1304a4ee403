import { nairobiToday } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';

type TripDates = Pick<Trip, 'startDate' | 'endDate'>;

/** A trip is past once its check-out day is before today in Nairobi; checking out today is still upcoming. */
export const isPastTrip = (trip: TripDates, today: string): boolean => trip.endDate < today;

const soonestFirst = (a: TripDates, b: TripDates) =>
  a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate);

/**
 * The guest's trips as of `nowMs`, whatever order they came in: upcoming ones soonest first, past
 * ones most recent first.
 */
export function tripSections<T extends TripDates>(trips: readonly T[], nowMs: number) {
  const today = nairobiToday(nowMs);
  const upcoming = trips.filter((trip) => !isPastTrip(trip, today)).sort(soonestFirst);
  const past = trips.filter((trip) => isPastTrip(trip, today)).sort((a, b) => soonestFirst(b, a));
  return { upcoming, past };
}
