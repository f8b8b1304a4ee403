import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { CancelledTrip } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';
import { MY_TRIPS_QUERY_KEY } from './get-my-trips';

/**
 * POST /bookings/{id}/cancel: the guest lets go of a booking not paid yet, or cancels a confirmed stay
 * under the host's policy (#27); the answer says what came back to them.
 */
export function cancelBooking(bookingId: string): Promise<CancelledTrip> {
  return apiRequest<CancelledTrip>(`/bookings/${encodeURIComponent(bookingId)}/cancel`, { method: 'POST' });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    // The server's word on it, told here: the reload below moves the trip to another section, which
    // unmounts the dialog that asked (and a call's own callbacks with it). The trip changes status,
    // and its nights are free again on the stay's calendar.
    onSuccess: ({ message }) => {
      toast.success(message);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_TRIPS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stays'] }),
      ]);
    },
  });
}
