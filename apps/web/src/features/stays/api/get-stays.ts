import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { STAY_PAGE_SIZE, stayListQuery } from '@sokoni/contracts/stays-rules';
import type { StaySummary } from '@sokoni/contracts/stays';
import { apiRequestWithTotal } from '@/lib/api-client';
import type { StayFilters } from '../lib/stay-filters';

export type StayPage = { stays: StaySummary[]; total: number };

/**
 * GET /stays: the stays matching the filters, with the server's count of every match. The query
 * is the contract's (stayListQuery), so the first page matches the answer the server put into the
 * page it served.
 */
export async function getStays(
  filters: StayFilters,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<StayPage> {
  const { data, total } = await apiRequestWithTotal<StaySummary[]>(
    `/stays?${new URLSearchParams(stayListQuery(filters, page))}`,
    { signal },
  );
  return { stays: data, total };
}

export function getStaysQueryOptions(filters: StayFilters) {
  return infiniteQueryOptions({
    queryKey: ['stays', 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      getStays(filters, { limit: STAY_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.stays.length, 0);
      return loaded < lastPage.total && lastPage.stays.length > 0 ? loaded : undefined;
    },
  });
}

/** Pages of stays, 24 at a time; the previous results stay on screen while the filters change. */
export function useStays(filters: StayFilters) {
  return useInfiniteQuery({ ...getStaysQueryOptions(filters), placeholderData: keepPreviousData });
}
