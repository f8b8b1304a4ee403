import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event } from '@sokoni/contracts/events';
import { startPayment } from '@/lib/payment-flow';
import type { AuthUser } from '@/stores/auth';
import { ticketTotal } from '../lib/ticket-purchase';

type BuyTicketsArgs = {
  event: Pick<Event, 'id' | 'price'>;
  quantity: number;
  buyer: Pick<AuthUser, 'id' | 'email'>;
};

/**
 * POST /payments/initialize for tickets of a paid event: the seats are held while the buyer pays.
 * Answers the provider's page to go to.
 */
export function buyTickets({ event, quantity, buyer }: BuyTicketsArgs): Promise<string> {
  return startPayment({
    email: buyer.email,
    amount: ticketTotal(event.price, quantity),
    userId: buyer.id,
    paymentType: 'event',
    eventId: event.id,
    quantity,
    // Spec §2: the payment page is told the event, the buyer and how many tickets.
    callbackDetails: { eventId: event.id, userId: buyer.id, quantity: String(quantity) },
  });
}

export function useBuyTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyTickets,
    // Seats were held, or the refusal says they are gone: the seats shown are stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
