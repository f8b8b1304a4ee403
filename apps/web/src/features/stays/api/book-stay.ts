import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@sokoni/contracts/stays';
import { apiRequest, hasCode } from '@/lib/api-client';
import { startPayment } from '@/lib/payment-flow';
import type { AuthUser } from '@/stores/auth';
import { stayQueryKey } from './get-stay';

type BookStayArgs = { stayId: string; startDate: string; endDate: string };

/**
 * POST /stays/{id}/book: holds the nights for the caller while they pay (15 minutes). The server
 * prices it; DATES_TAKEN means another guest took some of the nights first.
 */
export function bookStay({ stayId, startDate, endDate }: BookStayArgs): Promise<Booking> {
  return apiRequest<Booking>(`/stays/${encodeURIComponent(stayId)}/book`, {
    method: 'POST',
    body: { startDate, endDate },
  });
}

/** The refusal of nights someone else holds or has booked. */
export const isDatesTaken = (error: unknown): boolean => hasCode(error, 'DATES_TAKEN');

export function useBookStay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookStay,
    // Refused for taken nights: the calendar shown is stale, so ask for the stay's nights again.
    onError: (error, { stayId }) => {
      if (isDatesTaken(error)) void queryClient.invalidateQueries({ queryKey: stayQueryKey(stayId) });
    },
  });
}

type PayForBookingArgs = { booking: Booking; guest: Pick<AuthUser, 'id' | 'email'> };

/**
 * POST /payments/initialize for a held booking, at the server's amount. Answers the provider's page
 * to go to; the payment page comes back with the stay, guest and dates (spec §2).
 */
export function payForBooking({ booking, guest }: PayForBookingArgs): Promise<string> {
  return startPayment({
    email: guest.email,
    amount: booking.amount,
    userId: guest.id,
    paymentType: 'booking',
    bookingId: booking.id,
    callbackDetails: {
      stayId: booking.stayId,
      userId: guest.id,
      start: booking.startDate,
      end: booking.endDate,
    },
  });
}

export function usePayForBooking() {
  return useMutation({ mutationFn: payForBooking });
}
