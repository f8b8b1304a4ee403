import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThreadDetail } from '@sokoni/contracts/community';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';

export function getThread(id: string, signal?: AbortSignal): Promise<ThreadDetail> {
  return apiRequest<ThreadDetail>(`/community/threads/${encodeURIComponent(id)}`, { signal });
}

/** The answer depends on who asks (votedReplyIds), so the viewer is part of the key. */
export const threadQueryKey = (id: string, viewerId: string | null) =>
  ['community', 'threads', 'detail', id, viewerId ?? 'visitor'] as const;

export function getThreadQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: threadQueryKey(id, viewerId),
    queryFn: ({ signal }) => getThread(id, signal),
    retry: retryOnceUnless('THREAD_NOT_FOUND'),
  });
}

export function useThread(id: string) {
  const viewerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery(getThreadQueryOptions(id, viewerId));
}
