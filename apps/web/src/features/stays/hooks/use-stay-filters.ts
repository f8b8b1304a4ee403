import { useSearchParams } from 'react-router';
import { useNairobiToday } from './use-nairobi-today';
import { stayFiltersFromSearchParams, stayFiltersToSearchParams } from '../lib/stay-filters';
import type { StayFilters } from '../lib/stay-filters';

/**
 * The search and filters are the URL's query: a search can be shared and survives a reload.
 * Changes replace the history entry and keep the scroll position, so Back leaves the page instead
 * of stepping through every tick of the price slider.
 */
export function useStayFilters(): [StayFilters, (next: StayFilters) => void] {
  const [params, setParams] = useSearchParams();
  const setFilters = (next: StayFilters) =>
    setParams(stayFiltersToSearchParams(next), { replace: true, preventScrollReset: true });
  const today = useNairobiToday();
  return [stayFiltersFromSearchParams(params, today), setFilters];
}
