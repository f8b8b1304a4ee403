import { CANCELLATION_MAIL as CANCELLED } from '@sokoni/contracts/cancellations';
import { splitName } from '@sokoni/contracts/events-rules';
import {
  BOOKING_MAIL as GUEST,
  HOST_BOOKING_MAIL as HOST,
  HOST_LISTINGS_PATH,
  MY_TRIPS_PATH,
} from '@sokoni/contracts/mail';
import { centsToShillings, formatKES } from '@sokoni/contracts/money';
import { STAY_MESSAGES, formatStayDay, occupiedNights } from '@sokoni/contracts/stays-rules';
import { calendarAttachment } from '../../lib/calendar-file.js';
import { escapeHtml } from '../../lib/html.js';
import { lines, link, mailDocument, paragraph } from '../../lib/mail-html.js';
import type { MailMessage } from '../mail/mail.service.js';
import { bookingCalendar } from './booking-calendar.js';
import type { BookingParties } from './bookings.repository.js';

/** A letter's parts: paragraphs of lines, and the closing line with the page it links to. */
type Letter = { paragraphs: string[][]; linkLine: (link: string) => string; url: string; signOff: string };

const plainText = ({ paragraphs, linkLine, url, signOff }: Letter) =>
  [...paragraphs.map((lines) => lines.join('\n')), linkLine(url), signOff, ''].join('\n\n');

/** The same lines as HTML; everything a host or a guest wrote (a title, a name) is escaped. */
const html = ({ paragraphs, linkLine, url, signOff }: Letter) =>
  mailDocument([
    ...paragraphs.map((texts) => paragraph(lines(texts))),
    paragraph(linkLine(link(url))),
    paragraph(escapeHtml(signOff).replace(/\n/g, '<br>')),
  ]);

/** Check-in, check-out (the day after the last night: a same-day stay's is the next day) and nights. */
const stayLines = (booking: BookingParties) => [
  GUEST.checkIn(formatStayDay(booking.startDate)),
  GUEST.checkOut(formatStayDay(occupiedNights(booking).until)),
  GUEST.nights(STAY_MESSAGES.nights(booking.nights)),
];

const amountOf = (booking: BookingParties) => formatKES(centsToShillings(booking.amountCents));

/**
 * The guest's confirmation: the dates and times, where to go, what was paid, the host to write to,
 * and check-in and check-out as a calendar file. `confirmedAt` stamps the calendar's entries.
 */
export function bookingConfirmationMail(
  booking: BookingParties,
  siteUrl: string,
  confirmedAt: Date,
): MailMessage {
  const letter: Letter = {
    paragraphs: [
      [GUEST.greeting(booking.guest.name)],
      [GUEST.confirmed(booking.stay.title)],
      [...stayLines(booking), GUEST.paid(amountOf(booking)), GUEST.address(booking.stay.location)],
      [GUEST.host(booking.host.name, booking.host.email), GUEST.contactHost],
      [GUEST.calendar],
    ],
    linkLine: GUEST.myTrips,
    url: `${siteUrl}${MY_TRIPS_PATH}`,
    signOff: GUEST.signOff,
  };
  return {
    to: booking.guest.email,
    subject: GUEST.subject(booking.stay.title),
    text: plainText(letter),
    html: html(letter),
    attachments: [calendarAttachment(booking.stay.title, bookingCalendar(booking, siteUrl, confirmedAt))],
  };
}

/** The host's notice of a paid booking: who (first name, as hosts see guests), when, how much. */
export function newBookingMail(booking: BookingParties, siteUrl: string): MailMessage {
  const letter: Letter = {
    paragraphs: [
      [HOST.greeting(booking.host.name)],
      [HOST.booked(splitName(booking.guest.name).firstName, booking.stay.title)],
      [...stayLines(booking), HOST.amount(amountOf(booking))],
    ],
    linkLine: HOST.listings,
    url: `${siteUrl}${HOST_LISTINGS_PATH}`,
    signOff: HOST.signOff,
  };
  return {
    to: booking.host.email,
    subject: HOST.subject(booking.stay.title),
    text: plainText(letter),
    html: html(letter),
  };
}

/**
 * The two letters of a confirmed stay its guest cancelled (#27): the guest's (what comes back under
 * the host's policy, if anything) and the host's (the nights are free again). `refund` arrives
 * formatted; null when the policy gives nothing back.
 */
export function bookingCancelledMails(
  booking: BookingParties,
  refund: string | null,
  siteUrl: string,
): MailMessage[] {
  const checkIn = formatStayDay(booking.startDate);
  const guest: Letter = {
    paragraphs: [
      [CANCELLED.greeting(booking.guest.name)],
      [CANCELLED.stay.guestCancelled(booking.stay.title, checkIn)],
      refund ? [CANCELLED.refund(refund), CANCELLED.refundTiming] : [CANCELLED.stay.noRefund],
    ],
    linkLine: GUEST.myTrips,
    url: `${siteUrl}${MY_TRIPS_PATH}`,
    signOff: CANCELLED.signOff,
  };
  const host: Letter = {
    paragraphs: [
      [CANCELLED.greeting(booking.host.name)],
      [CANCELLED.stay.hostCancelled(splitName(booking.guest.name).firstName, booking.stay.title, checkIn)],
      ...(refund ? [[CANCELLED.stay.guestRefunded(refund)]] : []),
    ],
    linkLine: HOST.listings,
    url: `${siteUrl}${HOST_LISTINGS_PATH}`,
    signOff: CANCELLED.signOff,
  };
  return [
    {
      to: booking.guest.email,
      subject: CANCELLED.stay.guestSubject(booking.stay.title),
      text: plainText(guest),
      html: html(guest),
    },
    {
      to: booking.host.email,
      subject: CANCELLED.stay.hostSubject(booking.stay.title),
      text: plainText(host),
      html: html(host),
    },
  ];
}
