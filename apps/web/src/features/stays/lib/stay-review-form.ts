import { z } from 'zod';
import { CreateStayReviewInput } from '@sokoni/contracts/stays';

const contract = CreateStayReviewInput.shape;

/**
 * The stay review form checks what POST /stays/{id}/reviews checks (spec §5): a whole rating from 1
 * to 5 — none (null) until a star is chosen — and a comment, both required.
 */
export const StayReviewForm = z.object({
  rating: z.custom<number | null>().pipe(contract.rating),
  comment: contract.comment,
});
export type StayReviewFormValues = z.input<typeof StayReviewForm>;
