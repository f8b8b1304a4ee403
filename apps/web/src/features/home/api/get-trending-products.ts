import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@sokoni/contracts/shop';
import { HOME_REQUESTS, HOME_TRENDING_COUNT } from '@sokoni/contracts/site';
import { apiRequest } from '@/lib/api-client';

export function getTrendingProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>(HOME_REQUESTS.trending, { signal });
}

export function getTrendingProductsQueryOptions() {
  return queryOptions({
    queryKey: ['products', 'trending', 'top', HOME_TRENDING_COUNT],
    queryFn: ({ signal }) => getTrendingProducts(signal),
  });
}

/** Shared by the search dropdown and the trending panel: one request serves both. */
export function useTrendingProducts() {
  return useQuery(getTrendingProductsQueryOptions());
}
