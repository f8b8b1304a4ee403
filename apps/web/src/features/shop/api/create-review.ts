import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@sokoni/contracts/shop';
import { apiRequest } from '@/lib/api-client';
import { ReviewForm } from '../lib/review-form';
import { reviewsQueryKey } from './get-reviews';

type ReviewDraft = { rating: number | null; comment: string };

/**
 * The client's check before calling the server (spec §5), the review form's own: a whole rating
 * from 1 to 5 and a comment within the server's limit. Answers the message to show, or null when
 * it may be sent.
 */
export function validateReview(draft: ReviewDraft): string | null {
  const parsed = ReviewForm.safeParse(draft);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function createReview(input: CreateReviewInput): Promise<Review> {
  return apiRequest<Review>('/reviews', { method: 'POST', body: input });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // A review changes the product's rating and review count, on its page and in every list.
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsQueryKey(review.productId) }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}
