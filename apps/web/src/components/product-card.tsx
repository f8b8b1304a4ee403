import { useState } from 'react';
import { PRODUCT_CARD_IMAGE_SIZES, discountPercent } from '@sokoni/contracts/catalog';
import { stockLabel } from '@sokoni/contracts/checkout';
import { formatKES } from '@sokoni/contracts/money';
import type { Product } from '@sokoni/contracts/shop';
import { imageSrcSet } from '@sokoni/contracts/uploads';
import { useWishlistHeart } from '@/lib/use-wishlist-heart';
import { DataSaverPicture } from './data-saver-picture';
import { HeartIcon } from './icons';
import { LinkCard, LinkCardTitle } from './link-card';
import { RatingStars } from './rating-stars';
import { Spinner } from './spinner';

/** Shown when a product has no photo or its photo fails to load; drawn inline, never fetched. */
const PLACEHOLDER_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 400 400'%3E%3Crect width='400' height='400' fill='%23f1f5f9'/%3E%3Cpath d='M140 170h120l-10 110a10 10 0 0 1-10 9h-80a10 10 0 0 1-10-9z' fill='none' stroke='%2394a3b8' stroke-width='10' stroke-linejoin='round'/%3E%3Cpath d='M170 170v-15a30 30 0 0 1 60 0v15' fill='none' stroke='%2394a3b8' stroke-width='10'/%3E%3C/svg%3E";

const IMAGE_SIZE = 400;

type ImageStatus = 'loading' | 'loaded' | 'failed';

type CardImageProps = {
  src: string | undefined;
  /** The photo is likely in view at load (the first cards of a page), so it is fetched at once. */
  priority: boolean;
};

function CardPhoto({ src, priority }: CardImageProps) {
  const [status, setStatus] = useState<ImageStatus>(src ? 'loading' : 'failed');
  return (
    <>
      <img
        src={status === 'failed' ? PLACEHOLDER_IMAGE : src}
        // A phone fetches the 400 px thumbnail for a card, not the photo of up to 1600 px.
        srcSet={status === 'failed' || !src ? undefined : (imageSrcSet(src) ?? undefined)}
        sizes={PRODUCT_CARD_IMAGE_SIZES}
        alt=""
        width={IMAGE_SIZE}
        height={IMAGE_SIZE}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        onLoad={() => setStatus((current) => (current === 'loading' ? 'loaded' : current))}
        onError={() => setStatus('failed')}
        className="size-full object-cover transition duration-300 group-hover:scale-105"
      />
      {status === 'loading' ? (
        <span className="absolute inset-0 flex items-center justify-center" data-testid="image-spinner">
          <Spinner className="size-6 text-emerald-700" />
        </span>
      ) : null}
    </>
  );
}

/** The card's photo; under the data saver (#29), only once its Show picture button is tapped. */
function CardImage({ label, ...photo }: CardImageProps & { label: string }) {
  return (
    <div className="relative aspect-square overflow-hidden bg-slate-100">
      <DataSaverPicture label={label} fetches={Boolean(photo.src)}>
        <CardPhoto {...photo} />
      </DataSaverPicture>
    </div>
  );
}

type ProductCardProps = {
  product: Product;
  /**
   * Told the product's id whenever the heart is toggled (spec §4). The heart saves to the account's
   * wishlist when signed in, and on this device for a visitor.
   */
  onWishlistChange?: (productId: string) => void;
  /** Load the photo at once, at high priority: for cards in view when the page opens. */
  priority?: boolean;
};

export function ProductCard({ product, onWishlistChange, priority = false }: ProductCardProps) {
  const { saved: wishlisted, toggle } = useWishlistHeart(product);
  const discount = product.discount ?? discountPercent(product.price, product.originalPrice);
  const stock = stockLabel(product.available);
  const toggleWishlist = () => {
    toggle();
    onWishlistChange?.(product.id);
  };

  return (
    <LinkCard testId="product-card">
      <CardImage key={product.image[0]} src={product.image[0]} priority={priority} label={product.title} />
      <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
        {product.isNew ? (
          <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">New</span>
        ) : null}
        {discount ? (
          <span className="rounded-full bg-orange-700 px-2 py-0.5 text-xs font-bold text-white">
            {discount}% OFF
          </span>
        ) : null}
      </div>
      <button
        type="button"
        onClick={toggleWishlist}
        aria-pressed={wishlisted}
        aria-label={wishlisted ? 'Remove from wishlist' : 'Add to wishlist'}
        className={`absolute top-2 right-2 z-10 flex size-10 items-center justify-center rounded-full bg-white/90 text-xl shadow-sm transition hover:bg-white ${
          wishlisted ? 'text-red-600' : 'text-slate-600 hover:text-red-600'
        }`}
      >
        <HeartIcon fill={wishlisted ? 'currentColor' : 'none'} />
      </button>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <LinkCardTitle to={`/products/${product.id}`} className="text-sm">
          {product.title}
        </LinkCardTitle>
        <div className="flex items-center gap-1.5 text-xs text-slate-600">
          <RatingStars rating={product.rating} />
          <span>({product.reviewCount})</span>
        </div>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
          <span className="font-bold text-emerald-800" data-testid="product-price">
            {formatKES(product.price)}
          </span>
          {product.originalPrice && product.originalPrice > product.price ? (
            <s className="text-xs text-slate-500">
              <span className="sr-only">Was </span>
              {formatKES(product.originalPrice)}
            </s>
          ) : null}
        </p>
        {stock ? (
          <p
            className={`text-xs font-semibold ${product.available > 0 ? 'text-orange-800' : 'text-red-700'}`}
            data-testid="stock-label"
          >
            {stock}
          </p>
        ) : null}
      </div>
    </LinkCard>
  );
}
