import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HostListing } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';

/** Under 'stays': whatever changes a stay (an edit, a booking, a block) refreshes the host's view too. */
export const HOST_STAYS_QUERY_KEY = ['stays', 'host'] as const;

/**
 * GET /host/stays: the signed-in host's listings, each with its bookings to come, blocked dates,
 * earnings and calendar feed address.
 */
export function getHostStays(signal?: AbortSignal): Promise<HostListing[]> {
  return apiRequest<HostListing[]>('/host/stays', { signal });
}

export function getHostStaysQueryOptions() {
  return queryOptions({
    queryKey: HOST_STAYS_QUERY_KEY,
    queryFn: ({ signal }) => getHostStays(signal),
    // Guests book while the host is away from the page: coming back shows the latest.
    staleTime: 0,
  });
}

export function useHostStays() {
  return useQuery(getHostStaysQueryOptions());
}
