import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_MAX } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { apiRequest } from '@/lib/api-client';

export function getFeaturedProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>(`/products?featured=true&limit=${PRODUCT_PAGE_MAX}`, { signal });
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
