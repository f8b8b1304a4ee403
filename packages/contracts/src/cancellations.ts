// The calls of cancellations and refunds (#27); their rules and texts are in cancellation-rules.ts.
import { z } from 'zod';
import { CANCELLATION_POLICIES } from './cancellation-rules.js';
import { line } from './text.js';

export * from './cancellation-rules.js';

/** What every cancellation answers: its message, and what is on its way back to the payer (shillings, 0 for none). */
export const cancelResult = z.object({ message: z.string(), refund: z.number() });
export type CancelResult = z.infer<typeof cancelResult>;

/** POST /api/orders/{id}/cancel: the buyer's one line of the order to cancel. */
export const CancelOrderItemInput = z.object({ itemId: z.uuid('Choose the item to cancel.') });

/** POST /api/events/{id}/cancel: why, told to every ticket holder (optional). */
export const CancelEventInput = z.object({
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
