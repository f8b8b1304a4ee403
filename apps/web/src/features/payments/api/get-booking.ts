import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trip } from '@sokoni/contracts/stays';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

/** GET /bookings/{id}: the caller's booking with its stay, as My Trips shows it. */
export function getBooking(id: string, signal?: AbortSignal): Promise<Trip> {
  return apiRequest<Trip>(`/bookings/${encodeURIComponent(id)}`, { signal });
}

/** The booking a payment paid for, once the payment is verified (it is confirmed by then). */
export function useBooking(id: string) {
  return useQuery(
    queryOptions({
      queryKey: ['bookings', 'detail', id],
      queryFn: ({ signal }) => getBooking(id, signal),
      retry: retryOnceUnless('BOOKING_NOT_FOUND'),
    }),
  );
}
