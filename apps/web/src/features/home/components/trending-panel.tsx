import { HOME_TRENDING_COUNT } from '@sokoni/contracts/site';
import { Link } from 'react-router';
import { formatKES } from '@sokoni/contracts/money';
import { FlameIcon } from '@/components/icons';
import { ProductImage } from '@/components/product-image';
import { QueryError } from '@/components/query-error';
import { useDataSaver } from '@/stores/data-saver';
import { useTrendingProducts } from '../api/get-trending-products';

function TrendingList() {
  const trending = useTrendingProducts();
  // Each row is one link: under the data saver (#29) its thumbnail is the placeholder, and the
  // product's page, one tap away, shows its photos.
  const saving = useDataSaver();
  if (trending.isPending) {
    return (
      <ul role="status" aria-label="Loading trending products" className="space-y-3">
        {Array.from({ length: HOME_TRENDING_COUNT }, (_, index) => (
          <li key={index} aria-hidden="true" className="flex items-center gap-3 motion-safe:animate-pulse">
            <span className="size-12 rounded-lg bg-slate-200" />
            <span className="h-3.5 flex-1 rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    );
  }
  if (trending.isError) {
    return (
      <QueryError
        message="Failed to load trending products."
        onRetry={() => trending.refetch()}
        retrying={trending.isFetching}
      />
    );
  }
  if (!trending.data.length) return <p className="py-4 text-sm text-slate-600">No trending products</p>;
  return (
    <ol className="space-y-1">
      {trending.data.map((product, index) => (
        <li key={product.id}>
          <Link
            to={`/products/${product.id}`}
            className="flex items-center gap-3 rounded-xl p-1.5 hover:bg-slate-50"
            data-testid="trending-item"
          >
            <span
              className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                index < 3 ? 'bg-orange-700 text-white' : 'bg-slate-200 text-slate-700'
              }`}
            >
              <span className="sr-only">Rank </span>
              {index + 1}
            </span>
            <ProductImage
              src={saving ? undefined : product.image[0]}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-lg object-cover"
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{product.title}</span>
              <span className="block text-xs font-semibold text-emerald-800">{formatKES(product.price)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

export function TrendingPanel({ headingId }: { headingId: string }) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <FlameIcon className="text-orange-500" />
          Trending Now
        </h2>
        <Link to="/trending" className="rounded text-sm font-semibold text-emerald-800 hover:underline">
          View all
        </Link>
      </div>
      <TrendingList />
    </section>
  );
}
