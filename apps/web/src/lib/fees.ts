import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeesResponse } from '@sokoni/contracts/earnings';
import { apiRequest } from './api-client';

/** The fees change only with the server's configuration: asked once an hour at most. */
const FEES_STALE_MS = 60 * 60 * 1000;

/** GET /fees: Sokoni's fee on each vertical's sales, in percent (public). */
export function getFees(signal?: AbortSignal): Promise<FeesResponse> {
  return apiRequest<FeesResponse>('/fees', { signal });
}

/** Asked only once `wanted` (a price has been typed): a form left empty sends nothing. */
export function useFees(wanted = true) {
  return useQuery(
    queryOptions({
      queryKey: ['fees'],
      queryFn: ({ signal }) => getFees(signal),
      staleTime: FEES_STALE_MS,
      enabled: wanted,
    }),
  );
}
