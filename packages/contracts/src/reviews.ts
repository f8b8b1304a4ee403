import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

// Whether the caller may review a product or a stay now (#28: only offer what can be done). The
// page shows the review form only when they may; otherwise the reason, in the very words (and with
// the very code) the server answers a review it refuses.

/** The caller's standing as a reviewer of one product or stay. */
export const ReviewStanding = z.object({
  canReview: z.boolean(),
  /** Why not: the refusal's code, as POST would answer it; null when they may. */
  code: z.enum(ERROR_CODES).nullable(),
  /** Why not, in words for the page; null when they may. */
  message: z.string().nullable(),
});
export type ReviewStanding = z.infer<typeof ReviewStanding>;
