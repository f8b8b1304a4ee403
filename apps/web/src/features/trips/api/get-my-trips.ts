import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trip } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';

export const MY_TRIPS_QUERY_KEY = ['bookings', 'mine'] as const;

/** While a booking waits for its payment, My Trips asks again this often: a lapsed hold shows as expired. */
const HELD_REFRESH_MS = 60_000;

/**
 * GET /bookings/mine: the signed-in guest's bookings with their stays; the host's contact comes
 * with a confirmed booking only.
 */
export function getMyTrips(signal?: AbortSignal): Promise<Trip[]> {
  return apiRequest<Trip[]>('/bookings/mine', { signal });
}

export function getMyTripsQueryOptions() {
  return queryOptions({
    queryKey: MY_TRIPS_QUERY_KEY,
    queryFn: ({ signal }) => getMyTrips(signal),
    // A booking is confirmed on the payment page: coming back shows it at once.
    staleTime: 0,
  });
}

export function useMyTrips() {
  return useQuery({
    ...getMyTripsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((trip) => trip.status === 'held') ? HELD_REFRESH_MS : false,
  });
}
