import { useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ORDER_LINES_MAX, ORDER_MESSAGES, ORDER_QUANTITY_MAX } from '@sokoni/contracts/checkout';
import type { Product } from '@sokoni/contracts/shop';
import { lineLimit, useCartStore, type CartItem } from '@/stores/cart';
import { apiRequest } from './api-client';
import { CART_PRODUCTS_QUERY_KEY } from './query-keys';

/** GET /products?ids=: these products as the server has them now, sold out or not; deleted ones are absent. */
export function getCartProducts(ids: string[], signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>(`/products?${new URLSearchParams({ ids: ids.join(',') })}`, { signal });
}

/** Whether a line can be bought: its product may have sold out or been deleted since it was added. */
export type CartLineStatus = 'available' | 'soldOut' | 'unavailable';

export type CartLineState = {
  status: CartLineStatus;
  /** The most units the line may hold now. */
  limit: number;
  /** The product as the server has it now; undefined until it has answered, or once it is deleted. */
  product: Product | undefined;
};

/** Why a line cannot be bought now ('… is sold out: it is kept out of checkout.'); null if it can. */
export function keptOutReason(item: CartItem, state: CartLineState): string | null {
  if (state.status === 'soldOut') return ORDER_MESSAGES.cartSoldOut(item.name);
  if (state.status === 'unavailable') return ORDER_MESSAGES.cartUnavailable(item.name);
  return null;
}

const UNKNOWN: CartLineState = { status: 'available', limit: ORDER_QUANTITY_MAX, product: undefined };

/**
 * The cart kept true (#15): whenever a page showing it opens (or the shopper comes back to the tab),
 * its products are asked for again; the lines take the current prices (with a notice) and are cut to
 * the units available, and each line says whether it can still be bought. Until the server answers,
 * every line counts as available: the server checks the order anyway.
 */
export function useCartRefresh() {
  const items = useCartStore((state) => state.items);
  const refreshLines = useCartStore((state) => state.refreshLines);
  // Asked again only when the set of products changes, not when a quantity or a price does.
  const asked = useMemo(
    () => [...new Set(items.map((item) => item.id))].sort().slice(0, ORDER_LINES_MAX).join(','),
    [items],
  );
  const query = useQuery({
    queryKey: [...CART_PRODUCTS_QUERY_KEY, asked],
    queryFn: async ({ signal }) => {
      const ids = asked.split(',');
      return { ids, products: await getCartProducts(ids, signal) };
    },
    enabled: asked !== '',
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (!query.data) return;
    refreshLines(
      query.data.products.map((product) => ({
        id: product.id,
        title: product.title,
        image: product.image[0] ?? '',
        price: product.price,
        available: product.available,
      })),
    );
  }, [query.data, refreshLines]);

  const states = useMemo(() => {
    const byId = new Map<string, CartLineState>();
    if (!query.data) return byId;
    const current = new Map(query.data.products.map((product) => [product.id, product]));
    for (const id of query.data.ids) {
      const product = current.get(id);
      if (!product) byId.set(id, { status: 'unavailable', limit: 0, product });
      else
        byId.set(id, {
          status: product.available > 0 ? 'available' : 'soldOut',
          limit: lineLimit(product.available),
          product,
        });
    }
    return byId;
  }, [query.data]);

  return {
    /** Where the line stands now. */
    stateOf: (item: CartItem): CartLineState => states.get(item.id) ?? UNKNOWN,
    /** True once the server has answered for the lines now in the cart. */
    refreshed: query.isSuccess && !query.isPlaceholderData,
  };
}
