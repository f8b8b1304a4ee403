// What Sokoni's e-mails say: one home for their subjects and texts.

/** The web app's My Orders page (apps/web/src/app/router.tsx), linked from receipts. */
export const MY_ORDERS_PATH = '/orders';

/** The receipt a buyer gets when an order is paid. Amounts arrive formatted (formatKES). */
export const ORDER_RECEIPT_MAIL = {
  subject: (orderNumber: string) => `Your Sokoni receipt: ${orderNumber}`,
  greeting: (name: string) => `Hello ${name},`,
  paid: (orderNumber: string) =>
    `Thank you for shopping on Sokoni. We have received your payment for ${orderNumber}.`,
  line: (quantity: number, product: string, unitPrice: string, lineTotal: string) =>
    `${quantity} × ${product} at ${unitPrice} each: ${lineTotal}`,
  total: (total: string) => `Total paid: ${total}`,
  myOrders: (url: string) => `See your orders on My Orders: ${url}`,
  signOff: 'Asante,\nSokoni',
} as const;

/** The web app's My Tickets page, linked from ticket e-mails. */
export const MY_TICKETS_PATH = '/tickets/mine';

/** An event's page in the web app (spec §2: /tickets/{id}). */
export const eventPagePath = (eventId: string) => `/tickets/${eventId}`;

/**
 * The e-mail that carries a ticket, paid or claimed, and the calendar entry sent with it. The date
 * arrives formatted (formatNairobiTime); in the HTML part every argument arrives escaped.
 */
export const TICKET_MAIL = {
  subject: (event: string) => `Your ticket for ${event}`,
  greeting: (name: string) => `Hello ${name},`,
  issued: (event: string) => `Your ticket for ${event} is ready.`,
  date: (date: string) => `Date: ${date}`,
  place: (location: string) => `Place: ${location}`,
  quantity: (quantity: number) => `Tickets: ${quantity}`,
  ticketId: (id: string) => `Ticket ID: ${id}`,
  qrAlt: (id: string) => `QR code of ticket ${id}`,
  atTheDoor:
    'Show the QR code at the entrance. If it cannot be scanned, the organizer can type the ticket ID.',
  calendar: 'Add the event to your calendar with the attached .ics file.',
  myTickets: (link: string) => `Your tickets are always on My Tickets: ${link}`,
  eventPage: (link: string) => `Event page: ${link}`,
  signOff: 'Asante,\nSokoni',
} as const;
