import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductFacets } from '@sokoni/contracts/shop';
import { apiRequest } from '@/lib/api-client';
import { productFiltersToSearchParams } from '../lib/filter-state';
import type { ProductFilters } from '../lib/filter-state';

export function getFacets(filters: ProductFilters, signal?: AbortSignal): Promise<ProductFacets> {
  const params = productFiltersToSearchParams(filters);
  const query = params.size ? `?${params}` : '';
  return apiRequest<ProductFacets>(`/products/facets${query}`, { signal });
}

export function getFacetsQueryOptions(filters: ProductFilters) {
  return queryOptions({
    queryKey: ['products', 'facets', filters],
    queryFn: ({ signal }) => getFacets(filters, signal),
  });
}

/** Counts and price bounds for the filter panel, without loading the whole catalogue. */
export function useFacets(filters: ProductFilters, options: { refetchInterval?: number } = {}) {
  return useQuery({
    ...getFacetsQueryOptions(filters),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}
