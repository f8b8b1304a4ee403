import { useState } from 'react';
import type { Booking } from '@sokoni/contracts/stays';
import { goToProvider } from '@/lib/payment-flow';
import type { AuthUser } from '@/stores/auth';
import { isDatesTaken, useBookStay, usePayForBooking } from '../api/book-stay';

type Dates = { startDate: string; endDate: string };

/** A booking this page made can be paid again while its hold lasts, for the same dates. */
const stillHeld = (booking: Booking | null, dates: Dates, now = Date.now()): booking is Booking =>
  booking !== null &&
  booking.status === 'held' &&
  booking.startDate === dates.startDate &&
  booking.endDate === dates.endDate &&
  booking.holdExpiresAt !== null &&
  Date.parse(booking.holdExpiresAt) > now;

/**
 * Pay & Book (spec §4): the booking holds the nights, then the payment starts and the browser
 * leaves for the provider. When the payment cannot start, the held booking is paid on the next try
 * rather than booked again (its own hold would refuse a second booking of the same nights).
 */
export function usePayAndBook(stayId: string) {
  const book = useBookStay();
  const pay = usePayForBooking();
  const [held, setHeld] = useState<Booking | null>(null);

  const payAndBook = async (dates: Dates, guest: Pick<AuthUser, 'id' | 'email'>) => {
    book.reset();
    pay.reset();
    try {
      const booking = stillHeld(held, dates) ? held : await book.mutateAsync({ stayId, ...dates });
      setHeld(booking);
      goToProvider(await pay.mutateAsync({ booking, guest }));
    } catch {
      // The failed step's error is on its mutation, where the panel reads it.
    }
  };

  return {
    payAndBook,
    /** Forgets the last attempt's failure (new dates were chosen). */
    reset: () => {
      book.reset();
      pay.reset();
    },
    /** From the click until the browser has left for the provider. */
    busy: book.isPending || pay.isPending || pay.isSuccess,
    redirecting: pay.isPending || pay.isSuccess,
    bookingError: book.error,
    paymentError: pay.error,
    datesTaken: isDatesTaken(book.error),
  };
}
