import ical, { ICalCalendarMethod } from 'ical-generator';
import { eventPagePath, TICKET_MAIL as TEXT } from '@sokoni/contracts/mail';
import type { TicketDetails } from './events.repository.js';

/**
 * An event has a start and no end, and a calendar entry without one shows as a moment. Three hours
 * covers a concert, a workshop or a match; the holder can stretch it in their calendar.
 */
const ASSUMED_DURATION_MS = 3 * 60 * 60 * 1000;

export type CalendarTicket = Pick<TicketDetails, 'id' | 'quantity' | 'issuedAt' | 'event'>;

/**
 * The ticket's event as an iCalendar file: sent with the ticket's e-mail and served to My Tickets'
 * Add to calendar. Its UID is the ticket's (unguessable, so unique), and its time is in UTC.
 */
export function ticketCalendar(ticket: CalendarTicket, siteUrl: string): string {
  const { event } = ticket;
  const eventUrl = `${siteUrl}${eventPagePath(event.id)}`;
  const calendar = ical({
    prodId: { company: 'Sokoni', product: 'Tickets', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: ticket.id,
    // The later of the issue and the event's last change: a calendar that imports the file again
    // after the organizer moved the event takes the newer entry.
    stamp: new Date(Math.max(ticket.issuedAt.getTime(), event.updatedAt.getTime())),
    start: event.startsAt,
    end: new Date(event.startsAt.getTime() + ASSUMED_DURATION_MS),
    summary: event.title,
    location: event.location,
    description: [TEXT.quantity(ticket.quantity), TEXT.ticketId(ticket.id), TEXT.eventPage(eventUrl)].join(
      '\n',
    ),
    url: eventUrl,
  });
  return calendar.toString();
}

/** 'Blankets & Wine' → 'blankets-wine.ics': a file name any system and any Content-Disposition takes. */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'event'}.ics`;
}
