import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import { eventFileSlug } from '@sokoni/contracts/events-rules';
import type { MailAttachment } from '../db/schema/mail.js';

/**
 * An iCalendar file of Sokoni's, published rather than an invitation (no one is asked to accept it):
 * a ticket's event, a stay's check-in and check-out, a listing's feed. `product` names what made it.
 */
export const sokoniCalendar = (product: string, name?: string): ICalCalendar =>
  ical({
    prodId: { company: 'Sokoni', product, language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(name ? { name } : {}),
  });

/** 'Blankets & Wine' → 'blankets-wine.ics'. */
export const calendarFileName = (title: string): string => `${eventFileSlug(title)}.ics`;

/** An iCalendar file sent with an e-mail, named after what it is about. */
export const calendarAttachment = (title: string, calendar: string): MailAttachment => ({
  filename: calendarFileName(title),
  contentType: 'text/calendar; charset=utf-8',
  content: Buffer.from(calendar).toString('base64'),
});
