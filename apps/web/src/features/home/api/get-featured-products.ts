import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@sokoni/contracts/shop';
import { HOME_REQUESTS } from '@sokoni/contracts/site';
import { apiRequest } from '@/lib/api-client';

export function getFeaturedProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>(HOME_REQUESTS.featured, { signal });
}

export function getFeaturedProductsQueryOptions() {
  return queryOptions({
    queryKey: ['products', 'featured'],
    queryFn: ({ signal }) => getFeaturedProducts(signal),
  });
}

export function useFeaturedProducts() {
  return useQuery(getFeaturedProductsQueryOptions());
}
