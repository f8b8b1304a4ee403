import { addDays } from '@sokoni/contracts/stays-rules';
import { sokoniCalendar } from '../../lib/calendar-file.js';
import type { FeedRow } from './stays.repository.js';

const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * A listing's calendar feed (iCalendar) for the host's other calendars (Airbnb, Booking.com, Google):
 * one all-day entry per booking ('Booked') and per block ('Blocked: note'), from its first night to
 * its check-out day, which an all-day DTEND leaves free, as the next guest's check-in. Nothing about
 * who booked: the feed's address may end up in another platform's hands. UIDs are the rows' ids, so
 * a calendar that polls the feed again updates an entry rather than adding one; dates are written as
 * dates (VALUE=DATE), with no time zone to shift them.
 */
export function stayCalendar(stay: { title: string }, rows: FeedRow[]): string {
  const calendar = sokoniCalendar('Stays', `Sokoni: ${stay.title}`);
  for (const row of rows) {
    calendar.createEvent({
      id: `${row.id}@sokoni`,
      stamp: row.updatedAt,
      allDay: true,
      start: utcMidnight(row.startDate),
      end: utcMidnight(addDays(row.startDate, row.nights)),
      summary: row.status === 'blocked' ? (row.note ? `Blocked: ${row.note}` : 'Blocked') : 'Booked',
    });
  }
  return calendar.toString();
}
