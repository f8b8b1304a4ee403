import { ProductGrid, ProductGridSkeleton } from '@/components/product-grid';
import { QueryError } from '@/components/query-error';
import { useFeaturedProducts } from '../api/get-featured-products';

/** Spec §9: the first 8 featured products, then the rest under 'More Featured Items'. */
const FIRST_FEATURED = 8;
const COLUMNS = 'xl:grid-cols-4';

export function FeaturedProducts() {
  const featured = useFeaturedProducts();
  const first = featured.data?.slice(0, FIRST_FEATURED) ?? [];
  const rest = featured.data?.slice(FIRST_FEATURED) ?? [];

  return (
    <>
      <section aria-labelledby="featured-title" aria-busy={featured.isPending}>
        <h2 id="featured-title" className="mb-4 text-xl font-bold text-slate-900">
          Featured Products
        </h2>
        {featured.isPending ? (
          <ProductGridSkeleton count={FIRST_FEATURED} columns={COLUMNS} />
        ) : featured.isError ? (
          <QueryError
            message="Failed to load products."
            onRetry={() => featured.refetch()}
            retrying={featured.isFetching}
          />
        ) : first.length ? (
          <ProductGrid products={first} columns={COLUMNS} />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white py-10 text-center text-slate-600">
            No products found.
          </p>
        )}
      </section>
      {rest.length ? (
        <section aria-labelledby="more-featured-title">
          <h2 id="more-featured-title" className="mb-4 text-xl font-bold text-slate-900">
            More Featured Items
          </h2>
          <ProductGrid products={rest} columns={COLUMNS} />
        </section>
      ) : null}
    </>
  );
}
