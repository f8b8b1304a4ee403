import type { Event } from '@sokoni/contracts/events';

export const isSoldOut = (event: Pick<Event, 'ticketsAvailable'>): boolean => event.ticketsAvailable <= 0;

/** '1 seat left', '1,200 seats left'; 'Sold out' at none. */
export function seatsLeftLabel(seats: number): string {
  if (seats <= 0) return 'Sold out';
  return `${seats.toLocaleString('en-KE')} ${seats === 1 ? 'seat' : 'seats'} left`;
}

/** True once the event has started: its tickets are no longer sold. */
export const hasTakenPlace = (event: Pick<Event, 'date'>, now = Date.now()): boolean =>
  Date.parse(event.date) <= now;
