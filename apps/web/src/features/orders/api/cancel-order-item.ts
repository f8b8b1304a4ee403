import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelResult } from '@sokoni/contracts/cancellations';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';

type CancelOrderItem = { orderId: string; itemId: string };

/** POST /orders/{id}/cancel: the buyer cancels one paid line before it ships; it is refunded. */
export function cancelOrderItem({ orderId, itemId }: CancelOrderItem): Promise<CancelResult> {
  return apiRequest<CancelResult>(`/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    body: { itemId },
  });
}

export function useCancelOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrderItem,
    // Refused or not, the order may have moved (shipped meanwhile): show where it stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
