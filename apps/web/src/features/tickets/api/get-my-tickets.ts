import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketWithEvent } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from '@/lib/query-keys';

/**
 * GET /tickets/mine: the signed-in user's tickets with their events, in the server's order:
 * upcoming events soonest first, then past ones, latest first.
 */
export function getMyTickets(signal?: AbortSignal): Promise<TicketWithEvent[]> {
  return apiRequest<TicketWithEvent[]>('/tickets/mine', { signal });
}

export function getMyTicketsQueryOptions() {
  return queryOptions({
    queryKey: [...TICKETS_QUERY_KEY, 'mine'],
    queryFn: ({ signal }) => getMyTickets(signal),
    // Tickets are issued on the payment page and checked in at the door: come back to fresh data.
    staleTime: 0,
  });
}

export function useMyTickets() {
  return useQuery(getMyTicketsQueryOptions());
}
