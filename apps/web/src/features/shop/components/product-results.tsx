import { PagedResults } from '@/components/paged-results';
import { ProductGrid, ProductGridSkeleton } from '@/components/product-grid';
import { QueryError } from '@/components/query-error';
import type { useProducts } from '../api/get-products';

const COLUMNS = 'lg:grid-cols-3 xl:grid-cols-4';
/** Two rows on a phone, the first row on a wide screen: what a shopper sees before scrolling. */
const IN_VIEW_AT_LOAD = 4;

type ProductResultsProps = {
  query: ReturnType<typeof useProducts>;
  emptyMessage: string;
};

/** The grid of matches, 24 at a time with Load more, or the page's empty or error state. */
export function ProductResults({ query, emptyMessage }: ProductResultsProps) {
  if (query.isPending) return <ProductGridSkeleton count={8} columns={COLUMNS} />;
  if (query.isError && !query.data) {
    return (
      <QueryError
        message="Failed to load products."
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const products = query.data.pages.flatMap((page) => page.products);
  const total = query.data.pages.at(-1)?.total ?? products.length;
  if (!products.length) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-14 text-center text-slate-600">
        {emptyMessage}
      </p>
    );
  }

  return (
    <PagedResults query={query} shown={products.length} total={total} noun="products">
      <ProductGrid products={products} columns={COLUMNS} priorityCount={IN_VIEW_AT_LOAD} />
    </PagedResults>
  );
}
