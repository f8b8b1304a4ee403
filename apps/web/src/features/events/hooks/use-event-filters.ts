import { useSearchParams } from 'react-router';
import { eventFiltersFromSearchParams, eventFiltersToSearchParams } from '../lib/event-filters';
import type { EventListFilters } from '../lib/event-filters';

/**
 * The search and category are the URL's query: a filtered view can be shared and survives a
 * reload. Changes replace the history entry, so Back leaves the page instead of stepping through
 * every category tried.
 */
export function useEventFilters(): [EventListFilters, (next: EventListFilters) => void] {
  const [params, setParams] = useSearchParams();
  const setFilters = (next: EventListFilters) =>
    setParams(eventFiltersToSearchParams(next), { replace: true, preventScrollReset: true });
  return [eventFiltersFromSearchParams(params), setFilters];
}
