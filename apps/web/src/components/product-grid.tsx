import type { Product } from '@sokoni/contracts/shop';
import { ProductCard } from './product-card';
import { SkeletonCard } from './skeleton-card';

const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4';

type ProductGridProps = {
  products: Product[];
  /** Column classes above the small breakpoint, e.g. 'lg:grid-cols-4'. */
  columns?: string;
  onWishlistChange?: (productId: string) => void;
  /** How many of the first cards are in view when the page opens: their photos load at once. */
  priorityCount?: number;
};

export function ProductGrid({
  products,
  columns = 'lg:grid-cols-4',
  onWishlistChange,
  priorityCount = 0,
}: ProductGridProps) {
  return (
    <ul className={`${GRID_CLASSES} ${columns}`}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            onWishlistChange={onWishlistChange}
            priority={index < priorityCount}
          />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while products load. */
export function ProductGridSkeleton({
  count = 8,
  columns = 'lg:grid-cols-4',
}: {
  count?: number;
  columns?: string;
}) {
  return (
    <div role="status" aria-label="Loading products" className={`${GRID_CLASSES} ${columns}`}>
      {Array.from({ length: count }, (_, index) => (
        <SkeletonCard
          key={index}
          image="aspect-square"
          lines={['h-3.5 w-4/5', 'h-3 w-1/2', 'h-4 w-2/5']}
          padding="p-3"
        />
      ))}
    </div>
  );
}
