import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { CartIcon } from '@/components/icons';
import { selectCartCount, selectCartSubtotal, useCartStore } from '@/stores/cart';
import { CartLine } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';

export function CartPage() {
  const items = useCartStore((state) => state.items);
  const clearCart = useCartStore((state) => state.clearCart);
  const subtotal = useCartStore(selectCartSubtotal);
  const unitCount = useCartStore(selectCartCount);

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
            <ul
              aria-label="Items in your cart"
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
            >
              {items.map((item) => (
                <CartLine key={item.id} item={item} />
              ))}
            </ul>
            <div className="flex justify-end">
              <Button variant="secondary" onClick={clearCart}>
                Clear Cart
              </Button>
            </div>
          </div>
          <CartSummary subtotal={subtotal} unitCount={unitCount} />
        </div>
      )}
    </section>
  );
}
