// Cancellations and the refunds they make (#27): the stays' policies, the course refund rule and
// what each side is told. Zod-free, so a page that only quotes them loads no form code; the calls'
// shapes are in cancellations.ts.

/** What a host chooses for a listing; shown on the stay page before booking. */
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'moderate';

export const CANCELLATION_POLICY_TEXTS: Record<CancellationPolicy, { label: string; rule: string }> = {
  flexible: { label: 'Flexible', rule: 'Full refund until 24 hours before check-in.' },
  moderate: { label: 'Moderate', rule: 'Full refund until 5 days before check-in, half after that.' },
  strict: { label: 'Strict', rule: 'Half refund until 7 days before check-in, nothing after that.' },
};

const HOUR_MS = 60 * 60 * 1000;

/** Check-in is at 14:00 in Kenya on a stay's first day: the moment policies and releases count from. */
export const CHECK_IN_TIME = '14:00';
export const checkInMoment = (startDate: string): number =>
  Date.parse(`${startDate}T${CHECK_IN_TIME}:00+03:00`);
const DAY_MS = 24 * HOUR_MS;

/**
 * The share of a stay's price given back when the guest cancels at `nowMs`, check-in being at
 * `checkInMs`, in percent: the policy's full, half or nothing. Nothing once check-in has passed.
 */
export function stayRefundPercent(
  policy: CancellationPolicy,
  checkInMs: number,
  nowMs: number,
): 0 | 50 | 100 {
  const before = checkInMs - nowMs;
  if (before <= 0) return 0;
  switch (policy) {
    case 'flexible':
      return before >= DAY_MS ? 100 : 0;
    case 'moderate':
      return before >= 5 * DAY_MS ? 100 : 50;
    case 'strict':
      return before >= 7 * DAY_MS ? 50 : 0;
  }
}

/** A learner may ask for their money back this long after enrolling, while under this far through. */
export const COURSE_REFUND_DAYS = 7;
export const COURSE_REFUND_MAX_PROGRESS_PERCENT = 30;

/** Earnings wait this long before they become available. */
export const RELEASE_RULES = {
  /** After the seller marks a part shipped, unless the buyer confirms receipt first. */
  shippedDays: 7,
  /** After check-in (the stay's start at 14:00 in Kenya). */
  afterCheckInHours: 24,
  /** After enrolment. */
  courseDays: 7,
} as const;

export const CANCEL_MESSAGES = {
  orderShipped: 'This item has already shipped and can no longer be cancelled.',
  orderCancelled: 'Item cancelled. Your refund is on its way.',
  saleCancelled: 'Sale cancelled. The buyer is refunded and the stock is back.',
  alreadyCancelled: 'This has already been cancelled.',
  bookingNotConfirmed: 'Only a confirmed stay can be cancelled.',
  bookingStarted: 'This stay has already begun and can no longer be cancelled.',
  bookingCancelled: (refund: string) => `Stay cancelled. ${refund} is on its way back to you.`,
  bookingCancelledNoRefund: 'Stay cancelled. Under the host\u2019s policy no refund is due.',
  eventCancelled: 'Event cancelled. Every ticket holder is refunded and told by e-mail.',
  eventPast: 'This event has already taken place and can no longer be cancelled.',
  courseRefundWindow: `A refund can be asked for within ${COURSE_REFUND_DAYS} days of enrolling.`,
  courseRefundProgress: `A refund can be asked for only while under ${COURSE_REFUND_MAX_PROGRESS_PERCENT}% through the course.`,
  courseRefundFree: 'This course was free: there is nothing to refund.',
  courseRefunded: 'Refund on its way. You no longer have access to this course.',
  earningsSpent:
    'This can no longer be refunded here: the money has been paid out. Please contact Sokoni support.',
  checkInCancelled: 'This event was cancelled. Tickets are refunded and cannot be used.',
  itemNotFound: 'This item is not part of the order.',
  orderReceivedAlready: 'You confirmed this order arrived: it can no longer be cancelled.',
  orderReceived: 'Thank you for confirming. The sellers are paid for what arrived.',
  bookingReleased: 'Booking cancelled. Those dates are free again.',
  eventClosed: 'This event was cancelled: its tickets are no longer sold.',
} as const;

/** Why a learner may not ask for their money back: the key of its message in CANCEL_MESSAGES. */
export type CourseRefundRefusal = 'courseRefundFree' | 'courseRefundWindow' | 'courseRefundProgress';

/**
 * Why a learner may not ask for their money back now, or null when they may: a course they paid
 * for, within COURSE_REFUND_DAYS of enrolling, while their completed lessons are under
 * COURSE_REFUND_MAX_PROGRESS_PERCENT of the course's.
 */
export function courseRefundRefusal(standing: {
  pricePaidCents: number;
  enrolledAtMs: number;
  nowMs: number;
  completedLessons: number;
  lessons: number;
}): CourseRefundRefusal | null {
  if (standing.pricePaidCents <= 0) return 'courseRefundFree';
  if (standing.nowMs - standing.enrolledAtMs >= COURSE_REFUND_DAYS * DAY_MS) return 'courseRefundWindow';
  const done = standing.completedLessons * 100;
  if (done > 0 && done >= COURSE_REFUND_MAX_PROGRESS_PERCENT * standing.lessons)
    return 'courseRefundProgress';
  return null;
}

/**
 * What the e-mails of a cancellation say, to the one who paid and the one who sold. Amounts arrive
 * formatted (formatKESExact), order numbers too (formatOrderNumber), days too (formatStayDay).
 */
export const CANCELLATION_MAIL = {
  greeting: (name: string) => `Hello ${name},`,
  refund: (amount: string) => `${amount} is on its way back to you.`,
  refundTiming: 'Refunds usually reach your card or M-PESA account within a few working days.',
  line: (quantity: number, product: string) => `${quantity} × ${product}`,
  signOff: 'Asante,\nSokoni',
  order: {
    buyerSubject: (orderNumber: string) => `Cancelled: items of ${orderNumber}`,
    sellerSubject: (orderNumber: string) => `Cancelled: your sale ${orderNumber}`,
    byBuyer: (orderNumber: string) => `You cancelled these items of ${orderNumber}:`,
    bySeller: (seller: string, orderNumber: string) =>
      `${seller} cannot fill these items of ${orderNumber} and has cancelled them:`,
    buyerCancelled: (buyer: string, orderNumber: string) =>
      `${buyer} cancelled these items of ${orderNumber}. Please do not ship them:`,
    sellerCancelled: (orderNumber: string) => `You cancelled these items of ${orderNumber}:`,
    buyerRefunded: (amount: string) =>
      `The buyer gets ${amount} back, and the units are in your stock again.`,
  },
  stay: {
    guestSubject: (stay: string) => `Your stay at ${stay} is cancelled`,
    hostSubject: (stay: string) => `Booking cancelled: ${stay}`,
    guestCancelled: (stay: string, checkIn: string) => `Your stay at ${stay} from ${checkIn} is cancelled.`,
    noRefund: 'Under the host\u2019s cancellation policy no refund is due.',
    hostCancelled: (guest: string, stay: string, checkIn: string) =>
      `${guest} cancelled their stay at ${stay} from ${checkIn}. Those nights are free to book again.`,
    guestRefunded: (amount: string) => `The guest gets ${amount} back under your cancellation policy.`,
  },
  event: {
    holderSubject: (event: string) => `Cancelled: ${event}`,
    organizerSubject: (event: string) => `You cancelled ${event}`,
    holderCancelled: (event: string, date: string) =>
      `${event} on ${date} has been cancelled by its organizer.`,
    reason: (reason: string) => `The organizer says: ${reason}`,
    freeTickets: 'Your tickets were free, so there is nothing to refund.',
    organizerCancelled: (event: string, tickets: number) =>
      `${event} is cancelled. The holders of its ${tickets} ${tickets === 1 ? 'ticket' : 'tickets'} are told by e-mail.`,
    holdersRefunded: (amount: string) => `Ticket holders get ${amount} back in all.`,
  },
  course: {
    learnerSubject: (course: string) => `Refund of ${course}`,
    instructorSubject: (course: string) => `A learner was refunded: ${course}`,
    learnerRefunded: (course: string) =>
      `As you asked, your payment for ${course} is refunded and your place given up.`,
    instructorRefunded: (learner: string, course: string, amount: string) =>
      `${learner} asked for their money back for ${course} within the refund window: ${amount} goes back to them.`,
  },
} as const;
