import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimTicketsInput, Ticket } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from '@/lib/query-keys';

type ClaimTicketsArgs = ClaimTicketsInput & { eventId: string };

/** POST /events/{id}/tickets: a free event's tickets, issued at once with no payment. */
export function claimTickets({ eventId, quantity }: ClaimTicketsArgs): Promise<Ticket> {
  return apiRequest<Ticket>(`/events/${encodeURIComponent(eventId)}/tickets`, {
    method: 'POST',
    body: { quantity } satisfies ClaimTicketsInput,
  });
}

export function useClaimTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTickets,
    // Seats were taken (by this claim, or by others before it was refused).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
  });
}
