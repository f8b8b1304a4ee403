import { PRODUCT_CONTACT } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { Button } from '@/components/button';
import { HeartIcon } from '@/components/icons';
import { useWishlistHeart } from '@/lib/use-wishlist-heart';

/** The product page's heart: the same wishlist as the product's card. */
export function WishlistToggle({ product }: { product: Product }) {
  const { saved, toggle } = useWishlistHeart(product);
  return (
    <Button variant="secondary" aria-pressed={saved} onClick={toggle}>
      <HeartIcon
        className={`text-lg ${saved ? 'text-red-600' : ''}`}
        fill={saved ? 'currentColor' : 'none'}
      />
      {PRODUCT_CONTACT.save}
    </Button>
  );
}
