// What Sokoni's e-mails say: one home for their subjects and texts.
import { CHECK_IN_TIME } from './cancellation-rules.js';
import { CHECK_OUT_TIME } from './stays-rules.js';

/** The web app's My Orders page (apps/web/src/app/router.tsx), linked from order e-mails. */
export const MY_ORDERS_PATH = '/orders';

/** One order's page in the web app, linked from its receipt. */
export const orderPagePath = (orderId: string) => `${MY_ORDERS_PATH}/${orderId}`;

/**
 * The receipt of every payment (#26): an order, a stay, tickets or a course. Amounts arrive
 * formatted (formatKES), the date in Nairobi time (formatNairobiTime), the M-Pesa number masked
 * (maskKenyanPhone), a buyer's phone formatted (formatKenyanPhone); in the HTML part every argument
 * arrives escaped.
 */
export const RECEIPT_MAIL = {
  subject: (bought: string) => `Your Sokoni receipt: ${bought}`,
  /** The subject's words for a receipt of several lines: the first, and how many more. */
  andMore: (first: string, more: number) => `${first} and ${more} more`,
  title: 'Payment receipt',
  greeting: (name: string) => `Hello ${name},`,
  received: 'Thank you for paying on Sokoni. This is your receipt.',
  amount: (amount: string) => `Amount paid: ${amount}`,
  paidWith: { mpesa: (phone: string) => `Paid with: M-Pesa ${phone}`, card: 'Paid with: Card' },
  reference: (reference: string) => `Reference: ${reference}`,
  date: (date: string) => `Date: ${date}`,
  bought: 'What you bought',
  item: (description: string, amount: string) => `${description}: ${amount}`,
  /** Who sold it: 'Seller: Amina Njeri (amina@example.co.ke, 0712 345 678)'. */
  seller: (role: string, name: string, contact: string) => `${role}: ${name} (${contact})`,
  sellers: 'Who to contact',
  delivery: 'Delivery',
  find: (link: string) => `Find what you bought on Sokoni: ${link}`,
  signOff: 'Asante,\nSokoni',
  // What each vertical's lines say.
  orderLine: (quantity: number, product: string) => `${quantity} × ${product}`,
  deliverTo: (address: string) => `Deliver to: ${address}`,
  phone: (phone: string) => `Phone: ${phone}`,
  stay: (nights: string, stay: string, checkIn: string, checkOut: string) =>
    `${nights} at ${stay}, ${checkIn} to ${checkOut}`,
  tickets: (quantity: number, event: string, date: string) =>
    `${quantity} × ${quantity === 1 ? 'ticket' : 'tickets'} for ${event}, ${date}`,
  course: (course: string) => `Enrolment in ${course}`,
} as const;

/** The seller's Sales page (apps/web/src/app/router.tsx), linked from new-sale notices. */
export const SALES_PATH = '/sales';

/**
 * What a seller is told when an order with their products is paid: their lines only, and how to
 * reach the buyer. Amounts arrive formatted (formatKES), the phone too (formatKenyanPhone).
 */
export const NEW_SALE_MAIL = {
  subject: (orderNumber: string) => `New sale on Sokoni: ${orderNumber}`,
  greeting: (name: string) => `Hello ${name},`,
  sold: (buyer: string, orderNumber: string) => `${buyer} has bought from you and paid: ${orderNumber}.`,
  line: (quantity: number, product: string, unitPrice: string, lineTotal: string) =>
    `${quantity} × ${product} at ${unitPrice} each: ${lineTotal}`,
  total: (total: string) => `Your total: ${total}`,
  buyer: (name: string) => `Buyer: ${name}`,
  phone: (phone: string) => `Phone: ${phone}`,
  /** The address arrives formatted (formatDeliveryAddress). */
  deliverTo: (address: string) => `Deliver to: ${address}`,
  pickup: 'The buyer will pick the goods up from your shop.',
  sales: (url: string) => `Mark the sale shipped on Sales once it is on its way: ${url}`,
  signOff: 'Asante,\nSokoni',
} as const;

/** What a buyer is told when a seller marks their part of an order shipped. */
export const SALE_SHIPPED_MAIL = {
  /** 'On its way: Order #efaa64' (the order number names the order: no 'your order' before it). */
  subject: (orderNumber: string) => `On its way: ${orderNumber}`,
  greeting: (name: string) => `Hello ${name},`,
  shipped: (seller: string, orderNumber: string) => `${seller} has shipped your goods from ${orderNumber}:`,
  line: (quantity: number, product: string) => `${quantity} × ${product}`,
  note: (note: string) => `Note from the seller: ${note}`,
  deliverTo: (address: string) => `On their way to: ${address}`,
  pickup: "Collect them from the seller's shop.",
  myOrders: (url: string) => `Follow your order on My Orders: ${url}`,
  signOff: 'Asante,\nSokoni',
} as const;

/**
 * What a buyer is told when a seller marks their part of an order delivered: confirming receipt on
 * the order's page pays the seller at once (#27), and who to write to when nothing came.
 */
export const SALE_DELIVERED_MAIL = {
  subject: (orderNumber: string) => `Delivered: ${orderNumber}`,
  greeting: (name: string) => `Hello ${name},`,
  delivered: (seller: string, orderNumber: string) =>
    `${seller} says your goods from ${orderNumber} have been delivered:`,
  line: (quantity: number, product: string) => `${quantity} × ${product}`,
  confirm: (url: string) => `Got them? Confirm receipt on your order's page: ${url}`,
  notReceived: (email: string) => `Nothing arrived? Write to us at ${email} and we will help.`,
  signOff: 'Asante,\nSokoni',
} as const;

/** The web app's My Tickets page, linked from ticket e-mails. */
export const MY_TICKETS_PATH = '/tickets/mine';

/** An event's page in the web app (spec §2: /tickets/{id}). */
export const eventPagePath = (eventId: string) => `/tickets/${eventId}`;

/**
 * The e-mail that carries a ticket, paid or claimed, and the calendar entry sent with it. The date
 * arrives formatted (formatNairobiTime), the amount too (formatTicketPrice); in the HTML part every
 * argument arrives escaped.
 */
export const TICKET_MAIL = {
  subject: (event: string) => `Your ticket for ${event}`,
  greeting: (name: string) => `Hello ${name},`,
  issued: (event: string) => `Your ticket for ${event} is ready.`,
  date: (date: string) => `Date: ${date}`,
  place: (location: string) => `Place: ${location}`,
  quantity: (quantity: number) => `Tickets: ${quantity}`,
  /** What the tickets cost together (formatTicketPrice: 'Free' for a free event's). */
  paid: (amount: string) => `Amount paid: ${amount}`,
  ticketId: (id: string) => `Ticket ID: ${id}`,
  /** The short code (formatTicketCode: 'K7QM 4XPT'), what a person types at the gate. */
  ticketCode: (code: string) => `Ticket code: ${code}`,
  qrAlt: (id: string) => `QR code of ticket ${id}`,
  atTheDoor:
    'Show the QR code at the entrance. If it cannot be scanned, the organizer can type the ticket code.',
  calendar: 'Add the event to your calendar with the attached .ics file.',
  myTickets: (link: string) => `Your tickets are always on My Tickets: ${link}`,
  eventPage: (link: string) => `Event page: ${link}`,
  signOff: 'Asante,\nSokoni',
} as const;

/** The web app's My Trips page, linked from booking confirmations. */
export const MY_TRIPS_PATH = '/trips';

/** The host's Your Listings page, linked from new-booking notices. */
export const HOST_LISTINGS_PATH = '/host/stays';

/**
 * What a guest is told when a stay booking is paid, and what its host is told. Days arrive formatted
 * (formatStayDay) and amounts formatted (formatKES); in the HTML part every argument arrives escaped.
 */
export const BOOKING_MAIL = {
  subject: (stay: string) => `Your stay at ${stay} is confirmed`,
  greeting: (name: string) => `Hello ${name},`,
  confirmed: (stay: string) => `Your booking at ${stay} is confirmed and paid. Karibu!`,
  checkIn: (day: string) => `Check-in: ${day}, from ${CHECK_IN_TIME}`,
  checkOut: (day: string) => `Check-out: ${day}, by ${CHECK_OUT_TIME}`,
  nights: (nights: string) => `Length of stay: ${nights}`,
  paid: (amount: string) => `Amount paid: ${amount}`,
  address: (location: string) => `Address: ${location}`,
  host: (name: string, email: string) => `Your host: ${name} (${email})`,
  contactHost: 'Write to your host to arrange your arrival.',
  calendar: 'Add your check-in and check-out to your calendar with the attached .ics file.',
  myTrips: (link: string) => `Your bookings are always on My Trips: ${link}`,
  signOff: 'Asante,\nSokoni',
  /** The calendar file's two entries. */
  calendarCheckIn: (stay: string) => `Check-in: ${stay}`,
  calendarCheckOut: (stay: string) => `Check-out: ${stay}`,
} as const;

export const HOST_BOOKING_MAIL = {
  subject: (stay: string) => `New booking: ${stay}`,
  greeting: (name: string) => `Hello ${name},`,
  booked: (guest: string, stay: string) => `${guest} has booked ${stay} and paid for it.`,
  checkIn: BOOKING_MAIL.checkIn,
  checkOut: BOOKING_MAIL.checkOut,
  nights: BOOKING_MAIL.nights,
  amount: (amount: string) => `Amount: ${amount}`,
  listings: (link: string) => `See the booking on Your Listings: ${link}`,
  signOff: 'Asante,\nSokoni',
} as const;

/** A course's classroom in the web app, linked from enrolment e-mails. */
export const courseClassroomPath = (courseId: string) => `/courses/${courseId}/classroom`;

/** A learner's own certificate of a course in the web app, to see and download. */
export const courseCertificatePath = (courseId: string) => `/courses/${courseId}/certificate`;

/**
 * What a learner is told when they are enrolled in a course: by their payment, or at once in a free
 * one. Amounts arrive formatted (formatKES); in the HTML part every argument arrives escaped.
 */
export const COURSE_ENROLMENT_MAIL = {
  subject: (course: string) => `You're enrolled in ${course}`,
  greeting: (name: string) => `Hello ${name},`,
  enrolled: (course: string) => `Your payment is received and you are enrolled in ${course}. Karibu!`,
  enrolledFree: (course: string) => `You are enrolled in ${course}, free of charge. Karibu!`,
  instructor: (name: string) => `Your instructor: ${name}`,
  paid: (amount: string) => `Amount paid: ${amount}`,
  classroom: (link: string) => `Start learning in the classroom: ${link}`,
  signOff: 'Asante,\nSokoni',
} as const;

/**
 * What a learner is told when finishing a course's last lesson earns them its certificate (its code
 * in the certificate's own words: CERTIFICATE_TEXT.code).
 */
export const CERTIFICATE_MAIL = {
  subject: (course: string) => `Your certificate: ${course}`,
  greeting: (name: string) => `Hello ${name},`,
  earned: (course: string) => `Congratulations! You have completed ${course} and earned its certificate.`,
  verify: (link: string) => `Anyone can check it, on a CV or LinkedIn, at this address: ${link}`,
  download: (link: string) => `See and download it as a PDF: ${link}`,
  signOff: 'Asante,\nSokoni',
} as const;

/** What a payer is told when a charge that succeeded is given back (what it paid for was gone). */
export const REFUND_MAIL = {
  subject: 'Your Sokoni payment is being refunded',
  greeting: (name: string) => `Hello ${name},`,
  reference: (reference: string) => `Payment reference: ${reference}`,
  timing: 'Refunds usually reach your card or M-PESA account within a few working days.',
  signOff: 'Asante,\nSokoni',
} as const;
