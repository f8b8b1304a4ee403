import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@sokoni/contracts/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';

/** GET /orders/{id}: one of the signed-in buyer's orders (anyone else's is 404). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(id)}`, { signal });
}

/** Under the orders key, so a payment that settles refreshes it with My Orders. */
export function useOrder(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...ORDERS_QUERY_KEY, 'detail', id],
      queryFn: ({ signal }) => getOrder(id, signal),
      // Its status and shipments change elsewhere (the payment page, the sellers): come back to fresh data.
      staleTime: 0,
    }),
  );
}
