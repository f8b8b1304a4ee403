import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@sokoni/contracts/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';

/** GET /orders: the signed-in user's orders, newest first (the server filters by the token). */
export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<Order[]>('/orders', { signal });
}

export function getOrdersQueryOptions() {
  return queryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => getOrders(signal),
    // An order's status changes on the payment page; come back to fresh data.
    staleTime: 0,
  });
}

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}
