import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_MAX } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { apiRequestWithTotal } from '@/lib/api-client';

export type MyProducts = { products: Product[]; total: number };

/** The seller's newest listings (up to 100) and how many they have in all. */
export async function getMyProducts(sellerId: string, signal?: AbortSignal): Promise<MyProducts> {
  const params = new URLSearchParams({ seller: sellerId, limit: String(PRODUCT_PAGE_MAX) });
  const { data, total } = await apiRequestWithTotal<Product[]>(`/products?${params}`, { signal });
  return { products: data, total };
}

export function getMyProductsQueryOptions(sellerId: string) {
  return queryOptions({
    queryKey: ['products', 'seller', sellerId],
    queryFn: ({ signal }) => getMyProducts(sellerId, signal),
  });
}

/** The signed-in seller's own listings (spec §6: theirs only). */
export function useMyProducts(sellerId: string | undefined) {
  return useQuery({ ...getMyProductsQueryOptions(sellerId ?? ''), enabled: Boolean(sellerId) });
}
