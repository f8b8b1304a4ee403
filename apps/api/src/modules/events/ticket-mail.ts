import QRCode from 'qrcode';
import { CANCELLATION_MAIL as CANCELLED } from '@sokoni/contracts/cancellations';
import { formatNairobiTime, formatTicketCode, formatTicketPrice } from '@sokoni/contracts/events-rules';
import { MY_TICKETS_PATH, TICKET_MAIL as TEXT } from '@sokoni/contracts/mail';
import { centsToShillings, formatKESExact } from '@sokoni/contracts/money';
import { escapeHtml } from '../../lib/html.js';
import { calendarAttachment } from '../../lib/calendar-file.js';
import { letterParts, lines, link, mailDocument, paragraph } from '../../lib/mail-html.js';
import type { MailMessage } from '../mail/mail.service.js';
import type { TicketDetails } from './events.repository.js';
import { ticketCalendar } from './ticket-calendar.js';

/** How the HTML part names the inline QR image (src="cid:…"). */
const QR_CID = 'ticket-qr@sokoni';

/**
 * The ticket ID as a QR code, what the organizer's scanner reads: error correction M (a scratched
 * screen or a creased print still reads), the 4-module quiet zone scanners need, 8 pixels a module
 * (about 300 px) for a camera at arm's length.
 */
const qrCode = (ticketId: string) =>
  QRCode.toBuffer(ticketId, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });

/** A PNG's width, from its IHDR chunk (right after the 8-byte signature and the chunk's length and type). */
const pngWidth = (png: Buffer) => png.readUInt32BE(16);

/** What a ticket's e-mail says, as plain text and as HTML: the same lines in both. */
type TicketLetter = { ticket: TicketDetails; details: string[]; myTicketsUrl: string; qrSize: number };

const plainText = ({ ticket, details, myTicketsUrl }: TicketLetter) =>
  [
    TEXT.greeting(ticket.holder.name),
    '',
    TEXT.issued(ticket.event.title),
    '',
    ...details,
    TEXT.ticketCode(formatTicketCode(ticket.shortCode)),
    TEXT.ticketId(ticket.id),
    '',
    TEXT.atTheDoor,
    TEXT.calendar,
    '',
    TEXT.myTickets(myTicketsUrl),
    '',
    TEXT.signOff,
    '',
  ].join('\n');

/** Everything an organizer or a buyer wrote is escaped: a title may hold '<' or '&'. */
const html = ({ ticket, details, myTicketsUrl, qrSize }: TicketLetter) =>
  mailDocument([
    paragraph(escapeHtml(TEXT.greeting(ticket.holder.name))),
    paragraph(escapeHtml(TEXT.issued(ticket.event.title))),
    paragraph(lines(details)),
    paragraph(
      `<img src="cid:${QR_CID}" width="${qrSize}" height="${qrSize}" style="display:block" ` +
        `alt="${escapeHtml(TEXT.qrAlt(ticket.id))}">`,
    ),
    paragraph(
      `<strong style="font-size:20px;letter-spacing:2px">${escapeHtml(TEXT.ticketCode(formatTicketCode(ticket.shortCode)))}</strong>` +
        `<br>${escapeHtml(TEXT.ticketId(ticket.id))}`,
    ),
    paragraph(`${escapeHtml(TEXT.atTheDoor)}<br>${escapeHtml(TEXT.calendar)}`),
    paragraph(TEXT.myTickets(link(myTicketsUrl))),
    paragraph(escapeHtml(TEXT.signOff).replace(/\n/g, '<br>')),
  ]);

/**
 * The e-mail that carries a ticket: the event, what was paid, the short code to type at the gate, the
 * ticket ID as text and as a QR code, and an .ics file.
 */
export async function ticketMail(ticket: TicketDetails, siteUrl: string): Promise<MailMessage> {
  const { event } = ticket;
  const qr = await qrCode(ticket.id);
  const letter: TicketLetter = {
    ticket,
    details: [
      TEXT.date(formatNairobiTime(event.startsAt)),
      TEXT.place(event.location),
      TEXT.quantity(ticket.quantity),
      TEXT.paid(formatTicketPrice(centsToShillings(ticket.unitPriceCents * ticket.quantity))),
    ],
    myTicketsUrl: `${siteUrl}${MY_TICKETS_PATH}`,
    qrSize: pngWidth(qr),
  };
  return {
    to: ticket.holder.email,
    subject: TEXT.subject(event.title),
    text: plainText(letter),
    html: html(letter),
    attachments: [
      { filename: 'ticket-qr.png', contentType: 'image/png', content: qr.toString('base64'), cid: QR_CID },
      calendarAttachment(event.title, ticketCalendar(ticket, siteUrl)),
    ],
  };
}

/** A holder's tickets of a cancelled event, and what comes back to them (cents: 0 for free ones). */
export type RefundedHolder = { name: string; email: string; tickets: number; refundCents: number };

/**
 * The letters of an event its organizer cancelled (#27): one to each holder (why, if said, and what
 * comes back to them) and one to the organizer (how many tickets, what is refunded in all).
 */
export function eventCancelledMails(
  event: { title: string; startsAt: Date; organizer: { name: string; email: string } },
  holders: RefundedHolder[],
  reason: string | undefined,
  siteUrl: string,
): MailMessage[] {
  const date = formatNairobiTime(event.startsAt);
  const kes = (cents: number) => formatKESExact(centsToShillings(cents));
  const toHolders = holders.map((holder) => ({
    to: holder.email,
    subject: CANCELLED.event.holderSubject(event.title),
    ...letterParts([
      [CANCELLED.greeting(holder.name)],
      [
        CANCELLED.event.holderCancelled(event.title, date),
        ...(reason ? [CANCELLED.event.reason(reason)] : []),
      ],
      holder.refundCents > 0
        ? [CANCELLED.refund(kes(holder.refundCents)), CANCELLED.refundTiming]
        : [CANCELLED.event.freeTickets],
      [TEXT.myTickets(`${siteUrl}${MY_TICKETS_PATH}`)],
      [CANCELLED.signOff],
    ]),
  }));
  const tickets = holders.reduce((sum, holder) => sum + holder.tickets, 0);
  const refundCents = holders.reduce((sum, holder) => sum + holder.refundCents, 0);
  return [
    ...toHolders,
    {
      to: event.organizer.email,
      subject: CANCELLED.event.organizerSubject(event.title),
      ...letterParts([
        [CANCELLED.greeting(event.organizer.name)],
        [CANCELLED.event.organizerCancelled(event.title, tickets)],
        ...(refundCents > 0 ? [[CANCELLED.event.holdersRefunded(kes(refundCents))]] : []),
        [CANCELLED.signOff],
      ]),
    },
  ];
}
