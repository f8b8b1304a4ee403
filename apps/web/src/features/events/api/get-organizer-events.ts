import { useQuery } from '@tanstack/react-query';
import { getOrganizerEventsQueryOptions } from '@/lib/organizer-events';

/** Check-ins at the door show on 'Your Events' within this long. */
export const ORGANIZER_REFRESH_MS = 15_000;

/** The signed-in organizer's events with their sales, refreshed while the page is open. */
export function useOrganizerEvents(organizerId: string) {
  return useQuery({ ...getOrganizerEventsQueryOptions(organizerId), refetchInterval: ORGANIZER_REFRESH_MS });
}
