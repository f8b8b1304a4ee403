import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@sokoni/contracts/shop';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

export const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>(productPath(id), { signal });
}

export const productQueryKey = (id: string) => ['products', 'detail', id] as const;

export function getProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    retry: retryOnceUnless('PRODUCT_NOT_FOUND'),
  });
}

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
