import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Order } from '@sokoni/contracts/orders';
import { apiRequestWithTotal } from '@/lib/api-client';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';

type OrderPage = { data: Order[]; total: number; offset: number };

/**
 * GET /orders: a page of the signed-in user's orders, newest first (the server filters by the
 * token), and how many they have in all. Pages are the server's ORDER_PAGE_SIZE (its default
 * limit): the first is plain /orders and each next one says only where it starts.
 */
export async function getOrders(offset: number, signal?: AbortSignal): Promise<OrderPage> {
  const query = offset > 0 ? `?${new URLSearchParams({ offset: String(offset) })}` : '';
  const page = await apiRequestWithTotal<Order[]>(`/orders${query}`, { signal });
  return { ...page, offset };
}

export function getOrdersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.data.length;
      return last.data.length > 0 && next < last.total ? next : undefined;
    },
    // An order's status changes on the payment page; come back to fresh data.
    staleTime: 0,
  });
}

/** My Orders: the first ORDER_PAGE_SIZE orders, then the next page each time more are asked for. */
export function useOrders() {
  return useInfiniteQuery(getOrdersQueryOptions());
}
