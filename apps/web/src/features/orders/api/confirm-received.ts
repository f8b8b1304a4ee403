import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@sokoni/contracts/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';

/** POST /orders/{id}/received: the buyer has the goods; their sellers' earnings become available. */
export function confirmReceived(orderId: string): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/received`, { method: 'POST' });
}

export function useConfirmReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceived,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
