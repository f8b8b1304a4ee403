import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import type { CreateReviewInput, Review } from '@sokoni/contracts/shop';
import { apiRequest } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

export const REVIEW_COMMENT_MAX = 2000;

type ReviewDraft = { rating: number | null; comment: string };

/**
 * The client's check before calling the server (spec §5): a whole rating from 1 to 5 and a
 * comment within the server's limit. Answers the message to show, or null when it may be sent.
 */
export function validateReview({ rating, comment }: ReviewDraft): string | null {
  if (rating === null || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    return REVIEW_MESSAGES.ratingRange;
  }
  if (comment.trim().length > REVIEW_COMMENT_MAX) return REVIEW_MESSAGES.commentTooLong;
  return null;
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
