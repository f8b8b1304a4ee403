import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LastTicketPayment } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';
import { eventPath } from './get-event';

/**
 * GET /events/{id}/last-payment: the signed-in buyer's latest payment for tickets of the event when
 * it ended unpaid, and for how many (#26: the event page offers to pay again).
 */
export function getLastTicketPayment(id: string, signal?: AbortSignal): Promise<LastTicketPayment> {
  return apiRequest<LastTicketPayment>(`${eventPath(id)}/last-payment`, { signal });
}

/** Under the event's own key: whatever refreshes the event (a purchase started) refreshes this too. */
export function useLastTicketPayment(id: string, buyerId: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: ['events', 'detail', id, 'last-payment', buyerId ?? ''],
      queryFn: ({ signal }) => getLastTicketPayment(id, signal),
    }),
    enabled: buyerId !== null,
  });
}
