import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThreadSummary } from '@sokoni/contracts/community';
import { HOME_REQUESTS, HOME_THREADS_COUNT } from '@sokoni/contracts/site';
import { apiRequest } from '@/lib/api-client';

export function getRecentThreads(signal?: AbortSignal): Promise<ThreadSummary[]> {
  return apiRequest<ThreadSummary[]>(HOME_REQUESTS.threads, { signal });
}

export function getRecentThreadsQueryOptions() {
  return queryOptions({
    // Under the community's thread-list key, so a new post refreshes the highlights too.
    queryKey: ['community', 'threads', 'list', 'recent', HOME_THREADS_COUNT],
    queryFn: ({ signal }) => getRecentThreads(signal),
  });
}

/** Shared by the desktop column and the mobile Community tab: one request serves both. */
export function useRecentThreads() {
  return useQuery(getRecentThreadsQueryOptions());
}
