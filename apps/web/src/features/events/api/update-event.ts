import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event, UpdateEventInput } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from '@/lib/query-keys';
import { eventPath } from './get-event';

/** PATCH /events/{id}: the event's organizer only (403 for anyone else). */
export function updateEvent(id: string, input: UpdateEventInput): Promise<Event> {
  return apiRequest<Event>(eventPath(id), { method: 'PATCH', body: input });
}

export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEventInput) => updateEvent(id, input),
    // The event shows on its page, in the events list, on 'Your Events' and on its holders' tickets.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['events'] }),
        queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
      ]),
  });
}
