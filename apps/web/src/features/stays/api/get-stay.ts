import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stay } from '@sokoni/contracts/stays';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

export const stayPath = (id: string) => `/stays/${encodeURIComponent(id)}`;

/** GET /stays/{id}: the stay with its reviews and the nights already taken (never by whom). */
export function getStay(id: string, signal?: AbortSignal): Promise<Stay> {
  return apiRequest<Stay>(stayPath(id), { signal });
}

export const stayQueryKey = (id: string) => ['stays', 'detail', id] as const;

export function getStayQueryOptions(id: string) {
  return queryOptions({
    queryKey: stayQueryKey(id),
    queryFn: ({ signal }) => getStay(id, signal),
    retry: retryOnceUnless('STAY_NOT_FOUND'),
  });
}

export function useStay(id: string) {
  return useQuery(getStayQueryOptions(id));
}
