import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelResult } from '@sokoni/contracts/cancellations';
import { apiRequest } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from '@/lib/query-keys';

type CancelEvent = { eventId: string; reason?: string };

/** POST /events/{id}/cancel: the organizer calls the event off; every ticket is refunded, every holder told. */
export function cancelEvent({ eventId, reason }: CancelEvent): Promise<CancelResult> {
  return apiRequest<CancelResult>(`/events/${encodeURIComponent(eventId)}/cancel`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    // The event shows cancelled everywhere, and the organizer's own tickets to it are refunded.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['events'] }),
        queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
      ]),
  });
}
