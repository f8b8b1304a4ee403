import { z } from 'zod';
import { CreateReviewInput } from '@sokoni/contracts/shop';

const contract = CreateReviewInput.shape;

/**
 * The review form checks what POST /reviews checks (spec §5): a whole rating from 1 to 5 — none
 * (null) until a star is chosen — and an optional comment within the server's limit.
 */
export const ReviewForm = z.object({
  rating: z.custom<number | null>().pipe(contract.rating),
  comment: contract.comment,
});
export type ReviewFormValues = z.input<typeof ReviewForm>;
