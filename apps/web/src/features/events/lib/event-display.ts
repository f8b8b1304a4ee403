import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import type { SharedPage } from '@/components/share-button';
import { pageUrl } from '@/lib/page-url';

/** An event's line where it is shown or shared: '14 Mar 2030, 19:00 EAT · RFUEA Grounds, Nairobi'. */
export const eventBlurb = (event: Pick<Event, 'date' | 'location'>): string =>
  `${formatNairobiTime(event.date)} · ${event.location}`;

/** What Share sends: the event's title, when and where, and its page's link. */
export const eventShare = (event: Event): SharedPage => ({
  title: event.title,
  text: eventBlurb(event),
  url: pageUrl(`/tickets/${encodeURIComponent(event.id)}`),
});

export const isSoldOut = (event: Pick<Event, 'ticketsAvailable'>): boolean => event.ticketsAvailable <= 0;

/** '1 seat left', '1,200 seats left'; 'Sold out' at none. */
export function seatsLeftLabel(seats: number): string {
  if (seats <= 0) return 'Sold out';
  return `${seats.toLocaleString('en-KE')} ${seats === 1 ? 'seat' : 'seats'} left`;
}

/** True once the event has started: its tickets are no longer sold. */
export const hasTakenPlace = (event: Pick<Event, 'date'>, now = Date.now()): boolean =>
  Date.parse(event.date) <= now;
