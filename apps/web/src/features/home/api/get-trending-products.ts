import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@sokoni/contracts/shop';
import { apiRequest } from '@/lib/api-client';

/** Spec §9: the home page shows the top 5 trending products. */
export const HOME_TRENDING_COUNT = 5;

export function getTrendingProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>(`/products?trending=true&limit=${HOME_TRENDING_COUNT}`, { signal });
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
