import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_SIZE } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { apiRequestWithTotal } from '@/lib/api-client';
import { productFiltersToSearchParams } from '../lib/filter-state';
import type { ProductFilters } from '../lib/filter-state';

export type ProductPage = { products: Product[]; total: number };

export async function getProducts(
  filters: ProductFilters,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<ProductPage> {
  const params = productFiltersToSearchParams(filters);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  const { data, total } = await apiRequestWithTotal<Product[]>(`/products?${params}`, { signal });
  return { products: data, total };
}

export function getProductsQueryOptions(filters: ProductFilters) {
  return infiniteQueryOptions({
    queryKey: ['products', 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      getProducts(filters, { limit: PRODUCT_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.products.length, 0);
      return loaded < lastPage.total && lastPage.products.length > 0 ? loaded : undefined;
    },
  });
}

/** Pages of products, 24 at a time; the previous results stay on screen while filters change. */
export function useProducts(filters: ProductFilters, options: { refetchInterval?: number } = {}) {
  return useInfiniteQuery({
    ...getProductsQueryOptions(filters),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}
