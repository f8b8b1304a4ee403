import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { CartIcon } from '@/components/icons';
import { NoticeList } from '@/components/notice-list';
import { useCartRefresh } from '@/lib/cart-refresh';
import { selectCartCount, selectCartSubtotal, useCartStore } from '@/stores/cart';
import { CartLine } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';

export function CartPage() {
  const items = useCartStore((state) => state.items);
  const notices = useCartStore((state) => state.notices);
  const clearCart = useCartStore((state) => state.clearCart);
  const { stateOf } = useCartRefresh();
  // What is sold out or gone is shown but neither counted nor taken to checkout.
  const buyable = items.filter((item) => stateOf(item).status === 'available');

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <title>Your cart — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Shopping Cart</h1>
      {items.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            icon={CartIcon}
            message="Your cart is empty."
            detail="Find something you like and add it to your cart."
            action={{ to: '/shop', label: 'Continue Shopping' }}
          />
        </div>
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="space-y-3">
            <NoticeList notices={notices} label="Changes to your cart" />
            <ul
              aria-label="Items in your cart"
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
            >
              {items.map((item) => (
                <CartLine key={item.id} item={item} state={stateOf(item)} />
              ))}
            </ul>
            <div className="flex justify-end">
              <Button variant="secondary" onClick={clearCart}>
                Clear Cart
              </Button>
            </div>
          </div>
          <CartSummary
            subtotal={selectCartSubtotal({ items: buyable })}
            unitCount={selectCartCount({ items: buyable })}
          />
        </div>
      )}
    </section>
  );
}
