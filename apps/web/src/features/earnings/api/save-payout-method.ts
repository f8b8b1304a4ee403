import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutMethod, PayoutMethodInput } from '@sokoni/contracts/earnings';
import { apiRequest } from '@/lib/api-client';
import { EARNINGS_QUERY_KEY } from './get-earnings';

/** PUT /earnings/payout-method: where the earner is paid, answered masked. */
export function savePayoutMethod(body: PayoutMethodInput): Promise<PayoutMethod> {
  return apiRequest<PayoutMethod>('/earnings/payout-method', { method: 'PUT', body });
}

export function useSavePayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EARNINGS_QUERY_KEY }),
  });
}
