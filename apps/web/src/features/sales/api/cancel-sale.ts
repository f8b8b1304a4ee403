import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelResult } from '@sokoni/contracts/cancellations';
import { apiRequest } from '@/lib/api-client';
import { SALES_QUERY_KEY } from './get-sales';

/**
 * POST /sales/{orderId}/cancel: the seller cannot fill their unshipped lines of that order; the buyer
 * is refunded and the units go back in stock.
 */
export function cancelSale(orderId: string): Promise<CancelResult> {
  return apiRequest<CancelResult>(`/sales/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' });
}

export function useCancelSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSale,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SALES_QUERY_KEY }),
  });
}
