import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@sokoni/contracts/shop';
import { ApiError, apiRequest } from '@/lib/api-client';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>(`/products/${encodeURIComponent(id)}`, { signal });
}

export const productQueryKey = (id: string) => ['products', 'detail', id] as const;

/** An unknown product stays unknown: a 404 is shown at once, other failures are retried once. */
function retryUnlessNotFound(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status === 404) return false;
  return failureCount < 1;
}

export function getProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    retry: retryUnlessNotFound,
  });
}

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
