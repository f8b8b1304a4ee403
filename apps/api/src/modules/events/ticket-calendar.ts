import { formatTicketCode } from '@sokoni/contracts/events-rules';
import { eventPagePath, TICKET_MAIL as TEXT } from '@sokoni/contracts/mail';
import { sokoniCalendar } from '../../lib/calendar-file.js';
import type { TicketDetails } from './events.repository.js';

/**
 * An event has a start and no end, and a calendar entry without one shows as a moment. Three hours
 * covers a concert, a workshop or a match; the holder can stretch it in their calendar.
 */
const ASSUMED_DURATION_MS = 3 * 60 * 60 * 1000;

export type CalendarTicket = Pick<TicketDetails, 'id' | 'shortCode' | 'quantity' | 'issuedAt' | 'event'>;

/**
 * The ticket's event as an iCalendar file: sent with the ticket's e-mail and served to My Tickets'
 * Add to calendar. Its UID is the ticket's (unguessable, so unique), and its time is in UTC.
 */
export function ticketCalendar(ticket: CalendarTicket, siteUrl: string): string {
  const { event } = ticket;
  const eventUrl = `${siteUrl}${eventPagePath(event.id)}`;
  const calendar = sokoniCalendar('Tickets');
  calendar.createEvent({
    id: ticket.id,
    // The later of the issue and the event's last change: a calendar that imports the file again
    // after the organizer moved the event takes the newer entry.
    stamp: new Date(Math.max(ticket.issuedAt.getTime(), event.updatedAt.getTime())),
    start: event.startsAt,
    end: new Date(event.startsAt.getTime() + ASSUMED_DURATION_MS),
    summary: event.title,
    location: event.location,
    description: [
      TEXT.quantity(ticket.quantity),
      TEXT.ticketCode(formatTicketCode(ticket.shortCode)),
      TEXT.ticketId(ticket.id),
      TEXT.eventPage(eventUrl),
    ].join('\n'),
    url: eventUrl,
  });
  return calendar.toString();
}
