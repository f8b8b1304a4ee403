import { useSearchParams } from 'react-router';
import { filtersFromSearchParams, filtersToSearchParams } from '../lib/filter-state';
import type { FilterState } from '../lib/filter-state';

/**
 * The filter state is the URL's query: a filtered view can be shared and survives a reload.
 * Changes replace the history entry and keep the scroll position, so Back leaves the page
 * instead of stepping through every tick of the price slider.
 */
export function useUrlFilters(): [FilterState, (next: FilterState) => void] {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearchParams(params);
  const setFilters = (next: FilterState) =>
    setParams(filtersToSearchParams(next), { replace: true, preventScrollReset: true });
  return [filters, setFilters];
}
