import { useState } from 'react';
import { ORDER_MESSAGES, PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { EmptyState } from '@/components/empty-state';
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
  if (items.length === 0)
    return (
      <EmptyState
        icon={CartIcon}
        message={ORDER_MESSAGES.emptyCart}
        action={{ to: '/shop', label: 'Continue Shopping' }}
      />
    );

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
