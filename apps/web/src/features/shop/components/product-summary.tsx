import type { ReactNode } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { CATEGORIES } from '@sokoni/contracts/catalog';
import { stockLabel } from '@sokoni/contracts/checkout';
import type { Product } from '@sokoni/contracts/shop';
import { formatKES } from '@sokoni/contracts/money';
import { Button } from '@/components/button';
import { CartIcon, PinIcon } from '@/components/icons';
import { RatingStars } from '@/components/rating-stars';
import { ReportButton } from '@/components/report-button';
import { ShareActions } from '@/components/share-actions';
import { useCartStore } from '@/stores/cart';
import { productShare } from '../lib/product-links';
import { reviewCountText } from '../lib/review-count';
import { SellerContact } from './seller-contact';
import { WishlistToggle } from './wishlist-toggle';

function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:gap-4">
      <dt className="w-32 shrink-0 text-sm font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

type ProductSummaryProps = {
  product: Product;
  /** Shown under the title, before the price (the e-book card). */
  children?: ReactNode;
};

/** Title, rating, price, Add to Cart and the seller's details of one product. */
export function ProductSummary({ product, children }: ProductSummaryProps) {
  const addItem = useCartStore((state) => state.addItem);
  const category = CATEGORIES.find((entry) => entry.id === product.category);
  const soldOut = product.available <= 0;
  const stock = stockLabel(product.available);

  const addToCart = () => {
    addItem({ id: product.id, name: product.title, image: product.image[0] ?? '', price: product.price });
    toast.success('Added to cart');
  };

  return (
    <div className="space-y-5">
      <div className="space-y-2">
        {product.isNew ? (
          <span className="inline-block rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800 uppercase">
            New
          </span>
        ) : null}
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.title}</h1>
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="product-rating">
          <RatingStars rating={product.rating} size="md" />
          <span>
            {product.rating.toFixed(1)} · {reviewCountText(product.reviewCount)}
          </span>
        </p>
      </div>

      {children}

      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="product-price">
        <span className="text-3xl font-extrabold text-emerald-800">{formatKES(product.price)}</span>
        {product.originalPrice !== null && product.originalPrice > product.price ? (
          <s className="text-lg text-slate-600">
            <span className="sr-only">Original price </span>
            {formatKES(product.originalPrice)}
          </s>
        ) : null}
        {product.discount ? (
          <span className="rounded-full bg-orange-700 px-2.5 py-0.5 text-sm font-bold text-white">
            {product.discount}% OFF
          </span>
        ) : null}
      </div>

      {stock ? (
        <p
          className={`font-semibold ${soldOut ? 'text-red-700' : 'text-orange-800'}`}
          data-testid="stock-label"
        >
          {stock}
        </p>
      ) : null}

      <Button onClick={addToCart} disabled={soldOut} className="w-full sm:w-auto sm:px-8">
        <CartIcon className="text-lg" />
        Add to Cart
      </Button>

      <div className="flex flex-wrap gap-2">
        <ShareActions share={productShare(product)} />
        <WishlistToggle product={product} />
        <ReportButton subject="product" subjectId={product.id} ownerId={product.seller.id} />
      </div>

      <div>
        <h2 className="text-lg font-semibold text-slate-900">Description</h2>
        <p className="mt-1 whitespace-pre-line text-slate-700">{product.description}</p>
      </div>

      <dl className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4">
        <DetailRow term="Category">
          {category ? (
            <Link
              to={`/category/${category.id}`}
              className="font-medium text-emerald-800 underline-offset-2 hover:underline"
            >
              {category.name}
            </Link>
          ) : (
            product.category
          )}
        </DetailRow>
        <DetailRow term="Condition">{product.condition}</DetailRow>
        <DetailRow term="Seller">
          <Link
            to={`/sellers/${product.seller.id}`}
            className="font-medium text-emerald-800 underline-offset-2 hover:underline"
          >
            {product.seller.name}
          </Link>
        </DetailRow>
        <DetailRow term="Contact">
          <SellerContact product={product} />
        </DetailRow>
        <DetailRow term="Location">
          <span className="inline-flex items-center gap-1.5">
            <PinIcon className="shrink-0 text-slate-500" />
            {product.shopLocation}
          </span>
        </DetailRow>
      </dl>
    </div>
  );
}
