import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stay } from '@sokoni/contracts/stays';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

/** GET /stays/{id}: the listing as it stands, to fill the edit form. */
export function getListing(id: string, signal?: AbortSignal): Promise<Stay> {
  return apiRequest<Stay>(`/stays/${encodeURIComponent(id)}`, { signal });
}

export function getListingQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['stays', 'detail', id],
    queryFn: ({ signal }) => getListing(id, signal),
    retry: retryOnceUnless('STAY_NOT_FOUND'),
  });
}

export function useListing(id: string) {
  return useQuery(getListingQueryOptions(id));
}
