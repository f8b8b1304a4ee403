// Cancellations and the refunds they make (#27): the stays' policies, the course refund rule, what
// each side is told, and the calls' shapes.
import { z } from 'zod';
import { line } from './text.js';

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
export function stayRefundPercent(policy: CancellationPolicy, checkInMs: number, nowMs: number): 0 | 50 | 100 {
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
  earningsSpent: 'This can no longer be refunded here: the money has been paid out. Please contact Sokoni support.',
  checkInCancelled: 'This event was cancelled. Tickets are refunded and cannot be used.',
} as const;

/** What every cancellation answers: its message, and what is on its way back to the payer (shillings, 0 for none). */
export const cancelResult = z.object({ message: z.string(), refund: z.number() });
export type CancelResult = z.infer<typeof cancelResult>;

/** POST /api/orders/{id}/cancel: the buyer's one line of the order to cancel. */
export const cancelOrderItemInput = z.object({ itemId: z.uuid('Choose the item to cancel.') });

/** POST /api/events/{id}/cancel: why, told to every ticket holder (optional). */
export const cancelEventInput = z.object({
  reason: line().trim().max(500, 'Keep the reason under 500 characters.').optional(),
});

/** A confirmed stay's cancellation as its guest would get it now (GET /api/bookings/{id}/cancellation). */
export const bookingCancellation = z.object({
  policy: z.enum(CANCELLATION_POLICIES),
  /** 100, 50 or 0: the policy's share, now. */
  refundPercent: z.number(),
  /** Shillings the guest would get back now. */
  refund: z.number(),
  canCancel: z.boolean(),
});
export type BookingCancellation = z.infer<typeof bookingCancellation>;
