import { MONEY_MAX, formatKES } from './money.js';
import { plural } from './wording.js';

// Events and tickets (spec §1, §3, §5, §7 Events; DESIGN §5 Events). No zod here: pages that only
// show events read these; the schemas are in events.ts.

/** Spec §9: the event category filter. */
export const EVENT_CATEGORIES = ['Concert', 'Conference', 'Workshop', 'Sports', 'Exhibition'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** GET /events: events a page holds unless the caller says, and at most. */
export const EVENT_PAGE_SIZE = 24;
export const EVENT_PAGE_MAX = 100;
/** GET /events/{id}/attendees: ticket holders a page holds unless the caller says, and at most. */
export const ATTENDEE_PAGE_SIZE = 50;
export const ATTENDEE_PAGE_MAX = 200;
/** Seats one event may have. */
export const EVENT_CAPACITY_MAX = 100_000;
export const EVENT_TITLE_MAX_LENGTH = 120;
export const EVENT_LOCATION_MAX_LENGTH = 200;
export const EVENT_DESCRIPTION_MAX_LENGTH = 5000;
/** Free tickets one user may hold for one event, every claim together. */

/** Kenya keeps UTC+3 all year: every event time is shown in Nairobi time. */
const nairobiTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '2026-11-20T15:05:00Z' → '20 Nov 2026, 18:05 EAT'. */
export function formatNairobiTime(iso: string | Date): string {
  return `${nairobiTime.format(typeof iso === 'string' ? new Date(iso) : iso)} EAT`;
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * The minute `ms` falls in, in Nairobi, as a datetime-local input holds it: '2026-11-27T18:42'. The
 * event form's date picker starts there (its `min`).
 */
export const nairobiDateTimeLocal = (ms: number): string =>
  new Date(ms + NAIROBI_OFFSET_MS).toISOString().slice(0, 16);

const nairobiClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const nairobiDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'short',
});

/** A ticket's price as shown: 'KES 1,500', or 'Free' for a free event. */
export const formatTicketPrice = (price: number): string => (price === 0 ? 'Free' : formatKES(price));

export const EVENT_MESSAGES = {
  /** Spec §5: event creation without a session. */
  loginRequired: 'Please log in to create an event.',
  /** Spec §5: event creation without an image. */
  imageRequired: 'Please upload an event image.',
  foreignImage: 'Event images must be uploaded to Sokoni first.',
  /** Spec §5: a paid purchase whose total is not positive (and a free event sent to payment). */
  invalidAmount: 'Invalid ticket amount.',
  /** Spec §5: buying without a session. */
  purchaseLoginRequired: 'You must be logged in to purchase a ticket.',
  /** Spec §8: verifying an id no ticket has. */
  ticketNotFound: 'Ticket not found',
  /** Spec §5: verifying with an empty id (the spec's own wording). */
  ticketIdRequired: 'Please enter a ticket ID Or Scann the QR Code.',
  notFound: 'Event not found.',
  titleRequired: 'Please enter a title for the event.',
  titleTooLong: `Titles can be at most ${EVENT_TITLE_MAX_LENGTH} characters.`,
  locationRequired: 'Please enter where the event takes place.',
  locationTooLong: `Locations can be at most ${EVENT_LOCATION_MAX_LENGTH} characters.`,
  descriptionRequired: 'Please describe the event.',
  descriptionTooLong: `Descriptions can be at most ${EVENT_DESCRIPTION_MAX_LENGTH} characters.`,
  category: `Choose a category: ${EVENT_CATEGORIES.join(', ')}.`,
  dateRequired: 'Please choose the date and time of the event.',
  datePast: 'The event date must be in the future.',
  price: `Price must be a number from 0 (free) to ${formatKES(MONEY_MAX)}, with at most 2 decimal places.`,
  tickets: `Tickets must be a whole number from 0 to ${EVENT_CAPACITY_MAX.toLocaleString('en-KE')}.`,
  priceLocked: (sold: number) =>
    `${sold} ${plural(sold, 'ticket is', 'tickets are')} already sold at this price: ` +
    'the price can only change while no ticket is sold.',
  capacityBelowTaken: (sold: number, held: number) =>
    `${sold} ${plural(sold, 'ticket is', 'tickets are')} sold and ${held} held for buyers paying now: ` +
    `the number of tickets cannot go below ${sold + held}.`,
  notOwner: 'Only the organizer can change this event.',
  eventPast: 'This event has already taken place.',
  soldOut: (title: string) => `Sold out: ${title} has no tickets left.`,
  notEnoughSeats: (title: string, left: number) =>
    `Only ${left} ${plural(left, 'ticket', 'tickets')} left for ${title}.`,
  paidEvent: 'This event is not free: buy your tickets to attend.',
  verified: 'Ticket verified successfully',
  /** A second scan: whose ticket it is and when it was first let in (Nairobi time): 'at 18:42 on 27 Nov'. */
  alreadyCheckedIn: (holder: string, at: string | Date) =>
    `Already checked in: ${holder}'s ticket, at ${nairobiClock.format(new Date(at))} on ${nairobiDay.format(new Date(at))}`,
  createSucceeded: 'Event created successfully!',
  createFailed: 'Error creating event. Please try again.',
  updateSucceeded: 'Event updated.',
  updateFailed: 'Could not save your changes. Please try again.',
  verifyFailed: 'Verification failed. Please try again.',
} as const;

/** POST /events/{id}/check-ins: offline check-ins one sync may carry (#29). */
export const CHECK_INS_PER_SYNC = 500;

/** The door scanner offline (#29): the organizer's event list saved on the device, and its sync. */
export const DOOR_MESSAGES = {
  getReady: 'Get ready for the door',
  /** The list is on the device: how many tickets, and when it was saved (Nairobi time). */
  ready: (tickets: number, at: string | Date) =>
    `Ready for the door: ${tickets} ${plural(tickets, 'ticket', 'tickets')} saved on this device at ${nairobiClock.format(new Date(at))}.`,
  offline: "You're offline: tickets are checked against the list saved on this device.",
  offlineNoList: "You're offline and this event's list is not on this device.",
  /** Checked in on this device while offline: sent when the network returns. */
  savedOffline: 'Checked in on this device. It is sent when the network returns.',
  waiting: (count: number) => `${count} ${plural(count, 'check-in', 'check-ins')} waiting for the network.`,
  synced: (count: number) => `${count} ${plural(count, 'check-in', 'check-ins')} sent.`,
  /** At sync: another device scanned the same ticket earlier, offline or online. */
  elsewhere: (at: string | Date) =>
    `Already checked in at ${nairobiClock.format(new Date(at))} on another device`,
  /** At sync: the ticket was refunded (or its event cancelled) after the list was downloaded. */
  refundedSince: (holder: string) =>
    `${holder}'s ticket was refunded after the list was saved: it is not valid.`,
  deviceRequired: 'This device has no door ID: get ready for the door again.',
  checkInsRequired: 'Send at least one check-in.',
  tooManyCheckIns: `Send at most ${CHECK_INS_PER_SYNC} check-ins at a time.`,
  scannedAtInvalid: 'A check-in needs the time it was scanned.',
  /** 'Get ready for the door' when the list could not be downloaded. */
  downloadFailed: 'Could not save the list on this device. Please try again.',
  /** A sync the server refused as a whole: the check-ins stay on the device. */
  syncFailed: 'The check-ins could not be sent; they stay on this device. Please try again.',
} as const;

/**
 * GET /events' query as the web app sends it (and, without `page`, the /events page's own), in the
 * order of its address (`new URLSearchParams(…)`): the server puts the first page of /events into
 * the page it serves under this very address, so both build it here.
 */
export function eventListQuery(
  filters: { q?: string; category?: EventCategory | null },
  page?: { limit: number; offset: number },
): Record<string, string> {
  const q = filters.q?.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(page ? { limit: String(page.limit), offset: String(page.offset) } : {}),
  };
}

/** A ticket is refunded when its event is cancelled (#27). */
export const TICKET_STATUSES = ['valid', 'refunded'] as const;

/** A person's name as the verification response gives it: split at the first space. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/**
 * A ticket's short code (#28): what a person types at the gate. Eight characters of this alphabet,
 * which leaves out the look-alikes 0/O and 1/I/L; case does not matter.
 */
export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TICKET_CODE_LENGTH = 8;

/** A typed code as stored: capitals, without the spaces or dashes people put in. */
export const normalizeTicketCode = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();

const TICKET_CODE = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);

/** The short code a person typed ('k7qm 4xpt', 'K7QM-4XPT'), as stored; null when it cannot be one. */
export function ticketCodeOf(typed: string): string | null {
  const code = normalizeTicketCode(typed);
  return TICKET_CODE.test(code) ? code : null;
}

/** A short code as printed, in two groups of four that are easy to read out: 'K7QM4XPT' → 'K7QM 4XPT'. */
export const formatTicketCode = (code: string): string => `${code.slice(0, 4)} ${code.slice(4)}`;

/** GET /events/{id}/attendees.csv: its header row; the file is named after the event. */
export const ATTENDEES_CSV_COLUMNS = ['Name', 'Tickets', 'Checked in at (EAT)'] as const;

/**
 * An event's title as the start of a file's name any system and any Content-Disposition take:
 * 'Blankets & Wine' → 'blankets-wine' (accents dropped, at most 60 characters, 'event' when none is left).
 */
export function eventFileSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || 'event';
}

/** 'Blankets & Wine' → 'blankets-wine-attendees.csv'. */
export const attendeesCsvFileName = (title: string): string => `${eventFileSlug(title)}-attendees.csv`;
