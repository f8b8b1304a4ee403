import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsSummary } from '@sokoni/contracts/earnings';
import { apiRequest } from '@/lib/api-client';

/** Every query of the earnings page starts with this key: a payout or a new method refreshes them all. */
export const EARNINGS_QUERY_KEY = ['earnings'] as const;

/** GET /earnings: the signed-in earner's balances, payout method and recent payouts. */
export function getEarnings(signal?: AbortSignal): Promise<EarningsSummary> {
  return apiRequest<EarningsSummary>('/earnings', { signal });
}

export function useEarnings() {
  return useQuery(
    queryOptions({
      queryKey: [...EARNINGS_QUERY_KEY, 'summary'],
      queryFn: ({ signal }) => getEarnings(signal),
      // Money arrives with every sale and moves with every release: come back to fresh balances.
      staleTime: 0,
    }),
  );
}
