import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNairobiToday } from './use-nairobi-today';
import { stayFiltersFromSearchParams, stayFiltersToSearchParams } from '../lib/stay-filters';
import type { StayFilters } from '../lib/stay-filters';

/**
 * The search and filters are the URL's query: a search can be shared and survives a reload.
 * Changes replace the history entry and keep the scroll position, so Back leaves the page instead
 * of stepping through every tick of the price slider.
 *
 * A change shows at once, before the address has caught up with it: two amenities ticked in quick
 * succession both count, as the second is added to the first rather than to the address of before.
 */
export function useStayFilters(): [StayFilters, (next: StayFilters) => void] {
  const [params, setParams] = useSearchParams();
  const today = useNairobiToday();
  const address = params.toString();
  const [pending, setPending] = useState<{ since: string; filters: StayFilters } | null>(null);
  const filters =
    pending && pending.since === address ? pending.filters : stayFiltersFromSearchParams(params, today);
  const setFilters = (next: StayFilters) => {
    setPending({ since: address, filters: next });
    setParams(stayFiltersToSearchParams(next), { replace: true, preventScrollReset: true });
  };
  return [filters, setFilters];
}
