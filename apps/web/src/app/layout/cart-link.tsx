import { Link } from 'react-router';
import { CartIcon } from '@/components/icons';
import { selectCartCount, useCartStore } from '@/stores/cart';

/** Spec §9: the badge shows '99+' above 99 on desktop and '9+' above 9 on mobile. */
export function formatBadgeCount(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}

const badgeClasses =
  'absolute -top-1 -right-1 min-w-5 rounded-full bg-orange-600 px-1 text-center text-xs leading-5 font-bold text-white';

export function CartLink() {
  const count = useCartStore(selectCartCount);
  const label = count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
  return (
    <Link
      to="/cart"
      aria-label={label}
      className="relative flex size-11 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100 hover:text-emerald-800"
    >
      <CartIcon />
      {count > 0 ? (
        <>
          <span data-testid="cart-badge-mobile" className={`${badgeClasses} md:hidden`}>
            {formatBadgeCount(count, 9)}
          </span>
          <span data-testid="cart-badge-desktop" className={`${badgeClasses} hidden md:block`}>
            {formatBadgeCount(count, 99)}
          </span>
        </>
      ) : null}
    </Link>
  );
}
