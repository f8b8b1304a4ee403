import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingCancellation } from '@sokoni/contracts/cancellations';
import { apiRequest } from '@/lib/api-client';
import { MY_TRIPS_QUERY_KEY } from './get-my-trips';

/** GET /bookings/{id}/cancellation: what the guest would get back if they cancelled now, under the policy. */
export function getBookingCancellation(
  bookingId: string,
  signal?: AbortSignal,
): Promise<BookingCancellation> {
  return apiRequest<BookingCancellation>(`/bookings/${encodeURIComponent(bookingId)}/cancellation`, {
    signal,
  });
}

export function useBookingCancellation(bookingId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...MY_TRIPS_QUERY_KEY, 'cancellation', bookingId],
      queryFn: ({ signal }) => getBookingCancellation(bookingId, signal),
      // The share changes with the clock (5 days before check-in, 24 hours): ask each time.
      staleTime: 0,
      gcTime: 0,
    }),
  );
}
