import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Trip } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';
import { MY_TRIPS_QUERY_KEY } from './get-my-trips';

/** POST /bookings/{id}/cancel: the guest lets go of a booking that is not paid yet. */
export function cancelBooking(bookingId: string): Promise<Trip> {
  return apiRequest<Trip>(`/bookings/${encodeURIComponent(bookingId)}/cancel`, { method: 'POST' });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    // The trip changes status, and its nights are free again on the stay's calendar.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_TRIPS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stays'] }),
      ]),
  });
}
