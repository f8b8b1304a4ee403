import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ModerationQueue } from '@sokoni/contracts/moderation';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

export const MODERATION_QUEUE_KEY = ['admin', 'moderation'] as const;

/** After a decision, what the rest of the app shows (lists, pages) is read again: an item came or went. */
export const refreshOutsideAdmin = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'admin' });

/** GET /admin/reports: the reported items waiting for a decision, oldest first (admins only). */
export function getModerationQueue(signal?: AbortSignal): Promise<ModerationQueue> {
  return apiRequest<ModerationQueue>('/admin/reports', { signal });
}

export function useModerationQueue() {
  return useQuery(
    queryOptions({
      queryKey: MODERATION_QUEUE_KEY,
      queryFn: ({ signal }) => getModerationQueue(signal),
      staleTime: 0,
      // A decision stays on screen until the admin leaves: the queue is not read again behind them.
      refetchOnWindowFocus: false,
      retry: retryOnceUnless('ADMIN_ONLY'),
    }),
  );
}
