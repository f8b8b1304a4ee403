import { queryOptions } from '@tanstack/react-query';
import type { OrganizerEvent } from '@sokoni/contracts/events';
import { apiRequest } from './api-client';

/**
 * GET /events/organizer/{id}: every event of the organizer, upcoming first, past ones after. Asked
 * by the organizer themself, each carries its sales (tickets sold, revenue, checked in). Read by
 * 'Your Events' and by the door (Ticket Verification's events to get ready for).
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
