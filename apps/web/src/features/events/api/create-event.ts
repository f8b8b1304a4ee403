import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEventInput, Event } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';

/** POST /events: the organizer is the caller. */
export function createEvent(input: CreateEventInput): Promise<Event> {
  return apiRequest<Event>('/events', { method: 'POST', body: input });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    // A new event belongs in the events list and on 'Your Events'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
