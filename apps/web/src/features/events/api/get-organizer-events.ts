import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizerEvent } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';

/** Check-ins at the door show on 'Your Events' within this long. */
export const ORGANIZER_REFRESH_MS = 15_000;

/**
 * GET /events/organizer/{id}: every event of the organizer, upcoming first, past ones after. Asked
 * by the organizer themself, each carries its sales (tickets sold, revenue, checked in).
 */
export function getOrganizerEvents(organizerId: string, signal?: AbortSignal): Promise<OrganizerEvent[]> {
  return apiRequest<OrganizerEvent[]>(`/events/organizer/${encodeURIComponent(organizerId)}`, { signal });
}

export function getOrganizerEventsQueryOptions(organizerId: string) {
  return queryOptions({
    queryKey: ['events', 'organizer', organizerId],
    queryFn: ({ signal }) => getOrganizerEvents(organizerId, signal),
  });
}

/** The signed-in organizer's events with their sales, refreshed while the page is open. */
export function useOrganizerEvents(organizerId: string) {
  return useQuery({ ...getOrganizerEventsQueryOptions(organizerId), refetchInterval: ORGANIZER_REFRESH_MS });
}
