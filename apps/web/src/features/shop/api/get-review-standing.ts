import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStanding } from '@sokoni/contracts/reviews';
import { apiRequest } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/**
 * GET /reviews/product/{id}/eligibility: whether the signed-in caller may review the product (a
 * buyer whose order of it arrived, once), or why not (#28). Never part of the product's page, which
 * is the same for everyone.
 */
export function getReviewStanding(productId: string, signal?: AbortSignal): Promise<ReviewStanding> {
  return apiRequest<ReviewStanding>(`/reviews/product/${encodeURIComponent(productId)}/eligibility`, {
    signal,
  });
}

/** Under the product's reviews, so a review sent refreshes it; one per signed-in user. */
export const reviewStandingQueryKey = (productId: string, userId: string) =>
  [...reviewsQueryKey(productId), 'eligibility', userId] as const;

/** For a signed-in user (`userId`); a visitor is asked to log in without asking the server. */
export function useReviewStanding(productId: string, userId: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: reviewStandingQueryKey(productId, userId ?? ''),
      queryFn: ({ signal }) => getReviewStanding(productId, signal),
    }),
    enabled: userId !== null,
  });
}
