import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutRequestResponse } from '@sokoni/contracts/earnings';
import { apiRequest } from '@/lib/api-client';
import { EARNINGS_QUERY_KEY } from './get-earnings';

/** POST /payouts: the earner's whole available balance, sent to their payout method. */
export function requestPayout(): Promise<PayoutRequestResponse> {
  return apiRequest<PayoutRequestResponse>('/payouts', { method: 'POST' });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    // Whatever the answer, the balances may have moved (a payout asked for in another tab).
    onSettled: () => queryClient.invalidateQueries({ queryKey: EARNINGS_QUERY_KEY }),
  });
}
