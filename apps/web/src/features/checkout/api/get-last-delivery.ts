import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LastDelivery } from '@sokoni/contracts/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';

/** GET /orders/last-delivery: the signed-in buyer's delivery details from their latest order. */
export function getLastDelivery(signal?: AbortSignal): Promise<LastDelivery> {
  return apiRequest<LastDelivery>('/orders/last-delivery', { signal });
}

/** Under the orders key: placing an order (which changes the answer) refreshes it with My Orders. */
export function useLastDelivery() {
  return useQuery(
    queryOptions({
      queryKey: [...ORDERS_QUERY_KEY, 'last-delivery'],
      queryFn: ({ signal }) => getLastDelivery(signal),
    }),
  );
}
