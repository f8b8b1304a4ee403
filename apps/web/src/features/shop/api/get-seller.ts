import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerProfile } from '@sokoni/contracts/shop';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

/** GET /sellers/{id}: a seller's public profile (their listings come from GET /products?seller=). */
export function getSeller(id: string, signal?: AbortSignal): Promise<SellerProfile> {
  return apiRequest<SellerProfile>(`/sellers/${encodeURIComponent(id)}`, { signal });
}

export function getSellerQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['sellers', id],
    queryFn: ({ signal }) => getSeller(id, signal),
    retry: retryOnceUnless('SELLER_NOT_FOUND'),
  });
}

export function useSeller(id: string) {
  return useQuery(getSellerQueryOptions(id));
}
