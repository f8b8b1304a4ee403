import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@sokoni/contracts/shop';
import { apiRequest } from '@/lib/api-client';

/** A product's reviews, newest first (the server's order). */
export function getReviews(productId: string, signal?: AbortSignal): Promise<Review[]> {
  return apiRequest<Review[]>(`/reviews/product/${encodeURIComponent(productId)}`, { signal });
}

export const reviewsQueryKey = (productId: string) => ['reviews', 'product', productId] as const;

export function getReviewsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: reviewsQueryKey(productId),
    queryFn: ({ signal }) => getReviews(productId, signal),
  });
}

export function useReviews(productId: string) {
  return useQuery(getReviewsQueryOptions(productId));
}
