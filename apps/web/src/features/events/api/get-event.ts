import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Event } from '@sokoni/contracts/events';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

export const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;

export function getEvent(id: string, signal?: AbortSignal): Promise<Event> {
  return apiRequest<Event>(eventPath(id), { signal });
}

export function getEventQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['events', 'detail', id],
    queryFn: ({ signal }) => getEvent(id, signal),
    retry: retryOnceUnless('EVENT_NOT_FOUND'),
  });
}

export function useEvent(id: string) {
  return useQuery(getEventQueryOptions(id));
}
