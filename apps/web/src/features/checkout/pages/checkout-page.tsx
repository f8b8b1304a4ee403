import { useState } from 'react';
import { Link } from 'react-router';
import { ORDER_MESSAGES, PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { CartIcon } from '@/components/icons';
import { errorMessage } from '@/lib/api-client';
import { goToProvider, usePaymentProvider } from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { selectCartSubtotal, useCartStore } from '@/stores/cart';
import type { CartItem } from '@/stores/cart';
import { CheckoutForm } from '../components/checkout-form';
import { CheckoutSummary } from '../components/checkout-summary';
import { useCheckout } from '../hooks/use-checkout';

function EmptyCheckout() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-4 py-16 text-center">
      <CartIcon className="text-5xl text-slate-400" />
      <p className="mt-4 text-lg font-semibold text-slate-900">{ORDER_MESSAGES.emptyCart}</p>
      <Link to="/shop" className={buttonClasses('primary', 'mt-6')}>
        Continue Shopping
      </Link>
    </div>
  );
}

function CheckoutContent() {
  const user = useAuthStore((state) => state.user);
  const cartItems = useCartStore((state) => state.items);
  const clearCart = useCartStore((state) => state.clearCart);
  const checkout = useCheckout();
  const provider = usePaymentProvider();
  // Once paid for, the cart is cleared while the browser is still leaving; keep showing what was ordered.
  const [placedItems, setPlacedItems] = useState<CartItem[] | null>(null);
  const items = placedItems ?? cartItems;
  const total = selectCartSubtotal({ items });

  if (!user) return <FormAlert message={PAYMENT_MESSAGES.userNotLoggedIn} />;
  if (items.length === 0) return <EmptyCheckout />;

  function pay(email: string) {
    const ordered = cartItems;
    checkout.mutate(
      { items: ordered, email },
      {
        onSuccess: (authorizationUrl) => {
          setPlacedItems(ordered);
          clearCart();
          goToProvider(authorizationUrl);
        },
      },
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <CheckoutSummary items={items} total={total} />
      <CheckoutForm
        defaultEmail={user.email}
        total={total}
        providerLabel={provider.data?.label ?? null}
        busy={checkout.isPending || placedItems !== null}
        error={checkout.isError ? errorMessage(checkout.error, PAYMENT_MESSAGES.initiationFailed) : null}
        onPay={pay}
      />
    </div>
  );
}

export function CheckoutPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <title>Checkout — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Checkout</h1>
      <CheckoutContent />
    </section>
  );
}
