import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { EVENT_PAGE_SIZE, eventListQuery } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import { apiRequestWithTotal } from '@/lib/api-client';
import type { EventListFilters } from '../lib/event-filters';

export type EventPage = { events: Event[]; total: number };

/** GET /events: upcoming events, soonest first, with the server's count of every match. */
export async function getEvents(
  filters: EventListFilters,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<EventPage> {
  const { data, total } = await apiRequestWithTotal<Event[]>(
    `/events?${new URLSearchParams(eventListQuery(filters, page))}`,
    {
      signal,
    },
  );
  return { events: data, total };
}

export function getEventsQueryOptions(filters: EventListFilters) {
  return infiniteQueryOptions({
    queryKey: ['events', 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      getEvents(filters, { limit: EVENT_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.events.length, 0);
      return loaded < lastPage.total && lastPage.events.length > 0 ? loaded : undefined;
    },
  });
}

/** Pages of events, 24 at a time; the previous results stay on screen while the filters change. */
export function useEvents(filters: EventListFilters) {
  return useInfiniteQuery({ ...getEventsQueryOptions(filters), placeholderData: keepPreviousData });
}
