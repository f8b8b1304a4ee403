import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Attendee } from '@sokoni/contracts/events';
import { apiRequestWithTotal, retryOnceUnless } from '@/lib/api-client';
import { eventPath } from './get-event';

type AttendeesPage = { data: Attendee[]; total: number; offset: number };

/**
 * GET /events/{id}/attendees: a page of the event's ticket holders (its organizer only), by name, and
 * how many there are in all (X-Total-Count). Pages are the server's default size.
 */
export async function getEventAttendees(
  id: string,
  offset: number,
  signal?: AbortSignal,
): Promise<AttendeesPage> {
  const query = offset > 0 ? `?${new URLSearchParams({ offset: String(offset) })}` : '';
  const page = await apiRequestWithTotal<Attendee[]>(`${eventPath(id)}/attendees${query}`, { signal });
  return { ...page, offset };
}

export function useEventAttendees(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['events', 'attendees', id],
      queryFn: ({ pageParam, signal }) => getEventAttendees(id, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last) => {
        const next = last.offset + last.data.length;
        return last.data.length > 0 && next < last.total ? next : undefined;
      },
      retry: retryOnceUnless('EVENT_NOT_FOUND', 'NOT_OWNER'),
    }),
  );
}
