import { useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@sokoni/contracts/stays';
import type { PaySubject } from '@/components/pay-step';
import { apiRequest, hasCode } from '@/lib/api-client';
import { stayQueryKey } from './get-stay';

type BookStayArgs = { stayId: string; startDate: string; endDate: string };

/**
 * POST /stays/{id}/book: holds the nights for the caller while they pay (15 minutes). The server
 * prices it, and ends the caller's own earlier hold of any of those nights; DATES_TAKEN means
 * another guest took some of the nights first.
 */
export function bookStay({ stayId, startDate, endDate }: BookStayArgs): Promise<Booking> {
  return apiRequest<Booking>(`/stays/${encodeURIComponent(stayId)}/book`, {
    method: 'POST',
    body: { startDate, endDate },
  });
}

/** The refusal of nights someone else holds or has booked. */
export const isDatesTaken = (error: unknown): boolean => hasCode(error, 'DATES_TAKEN');

/**
 * Pay & Book's first payment press (spec §4): books the dates, answering the booking for the pay
 * step to pay. Refused for taken nights, the calendar shown is stale: the stay's nights are asked
 * for again and `onTaken` is told, before the refusal goes on to the pay step.
 */
export function useBookToPay(stayId: string, onTaken: () => void) {
  const queryClient = useQueryClient();
  return async (dates: { startDate: string; endDate: string }): Promise<PaySubject> => {
    try {
      const booking = await bookStay({ stayId, ...dates });
      return { paymentType: 'booking', bookingId: booking.id };
    } catch (error) {
      if (isDatesTaken(error)) {
        onTaken();
        void queryClient.invalidateQueries({ queryKey: stayQueryKey(stayId) });
      }
      throw error;
    }
  };
}
