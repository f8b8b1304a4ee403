import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ThreadSummary } from '@sokoni/contracts/community';
import type { ThreadCategory } from '@sokoni/contracts/community-rules';
import { apiRequestWithTotal } from '@/lib/api-client';

export const THREADS_PAGE_SIZE = 20;

export type ThreadFilters = { groupId?: string | undefined; category?: ThreadCategory | undefined };

type ThreadPage = { data: ThreadSummary[]; total: number; offset: number };

export async function getThreads(
  filters: ThreadFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<ThreadPage> {
  const params = new URLSearchParams({ limit: String(THREADS_PAGE_SIZE), offset: String(offset) });
  if (filters.groupId) params.set('groupId', filters.groupId);
  if (filters.category) params.set('category', filters.category);
  const page = await apiRequestWithTotal<ThreadSummary[]>(`/community/threads?${params}`, { signal });
  return { ...page, offset };
}

/** Every thread list (hub pages, home highlights) sits under this key, refreshed after a post. */
export const threadListsQueryKey = ['community', 'threads', 'list'] as const;

export function getThreadsQueryOptions(filters: ThreadFilters) {
  return infiniteQueryOptions({
    queryKey: [...threadListsQueryKey, filters.groupId ?? null, filters.category ?? null],
    queryFn: ({ pageParam, signal }) => getThreads(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.data.length;
      return last.data.length > 0 && next < last.total ? next : undefined;
    },
  });
}

/** Spec §2 hub: newest first, filtered by group and category, paged with Load more. */
export function useThreads(filters: ThreadFilters) {
  return useInfiniteQuery(getThreadsQueryOptions(filters));
}
