import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { Sale } from '@sokoni/contracts/orders';
import { apiRequestWithTotal, hasCode } from '@/lib/api-client';

export const SALES_QUERY_KEY = ['sales'] as const;

type SalePage = { data: Sale[]; total: number; offset: number };

/**
 * GET /sales: a page of the signed-in seller's sales, newest paid first (the server filters by the
 * token), and how many they have in all. Pages are the server's default size: the first is plain
 * /sales and each next one says only where it starts.
 */
export async function getSales(offset: number, signal?: AbortSignal): Promise<SalePage> {
  const query = offset > 0 ? `?${new URLSearchParams({ offset: String(offset) })}` : '';
  const page = await apiRequestWithTotal<Sale[]>(`/sales${query}`, { signal });
  return { ...page, offset };
}

export function getSalesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: SALES_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getSales(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.data.length;
      return last.data.length > 0 && next < last.total ? next : undefined;
    },
    // A sale arrives whenever a buyer pays: coming back to Sales shows it.
    staleTime: 0,
  });
}

/** Sales: the first page, then the next one each time more are asked for. */
export function useSales() {
  return useInfiniteQuery(getSalesQueryOptions());
}

/**
 * A change to one sale (ship, deliver): the server's answer replaces the sale on screen; a refusal
 * as out of date (changed meanwhile in another tab, or cancelled by the buyer) reloads the list to
 * show where it stands.
 */
export function useSaleChange<Variables>(change: (variables: Variables) => Promise<Sale>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (changed) =>
      queryClient.setQueryData<InfiniteData<SalePage, number>>(SALES_QUERY_KEY, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((sale) => (sale.orderId === changed.orderId ? changed : sale)),
              })),
            }
          : data,
      ),
    onError: (error) =>
      hasCode(
        error,
        'NOT_PAID_YET',
        'ALREADY_SHIPPED',
        'NOT_SHIPPED_YET',
        'ALREADY_DELIVERED',
        // #27: the buyer cancelled the lines meanwhile.
        'ALREADY_CANCELLED',
      )
        ? queryClient.invalidateQueries({ queryKey: SALES_QUERY_KEY })
        : undefined,
  });
}
