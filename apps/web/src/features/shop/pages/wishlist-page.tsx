import { WISHLIST_MESSAGES } from '@sokoni/contracts/catalog';
import { EmptyState } from '@/components/empty-state';
import { HeartIcon } from '@/components/icons';
import { ProductGrid, ProductGridSkeleton } from '@/components/product-grid';
import { QueryError } from '@/components/query-error';
import { useWishlist } from '@/lib/wishlist';

const COLUMNS = 'lg:grid-cols-4';

function WishlistContent() {
  const wishlist = useWishlist();
  if (wishlist.isPending) return <ProductGridSkeleton count={4} columns={COLUMNS} />;
  if (wishlist.isError) {
    return (
      <QueryError
        message={WISHLIST_MESSAGES.loadFailed}
        onRetry={() => void wishlist.refetch()}
        retrying={wishlist.isFetching}
      />
    );
  }
  if (wishlist.data.length === 0) {
    return (
      <EmptyState
        icon={HeartIcon}
        message={WISHLIST_MESSAGES.empty}
        detail={WISHLIST_MESSAGES.emptyHint}
        action={{ to: '/shop', label: 'Start Shopping' }}
      />
    );
  }
  const count = wishlist.data.length;
  return (
    <div className="space-y-4">
      {/* The grid's heading: its cards' titles are h3s under it (axe: heading-order). */}
      <h2 className="font-semibold text-slate-800" data-testid="wishlist-count">
        {count === 1 ? '1 saved product' : `${count} saved products`}
      </h2>
      <ProductGrid products={wishlist.data} columns={COLUMNS} priorityCount={4} />
    </div>
  );
}

/** The signed-in user's saved products, newest saved first, on any device they sign in on. */
export function WishlistPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <title>Wishlist — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Wishlist</h1>
      <WishlistContent />
    </section>
  );
}
