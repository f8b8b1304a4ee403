import { useState } from 'react';
import { Navigate } from 'react-router';
import { ORDER_MESSAGES, PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import type { Order } from '@sokoni/contracts/orders';
import type { Product } from '@sokoni/contracts/shop';
import { EmptyState } from '@/components/empty-state';
import { FormAlert } from '@/components/form-alert';
import { CartIcon } from '@/components/icons';
import { NoticeList } from '@/components/notice-list';
import { LoadingState } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { keptOutReason, useCartRefresh } from '@/lib/cart-refresh';
import { useAuthStore } from '@/stores/auth';
import { selectCartSubtotal, useCartStore } from '@/stores/cart';
import type { CartItem } from '@/stores/cart';
import { useLastDelivery } from '../api/get-last-delivery';
import { CheckoutForm, type PickupPoint } from '../components/checkout-form';
import { CheckoutPayment } from '../components/checkout-payment';
import { CheckoutSummary } from '../components/checkout-summary';
import { useCheckout } from '../hooks/use-checkout';
import { checkoutFormValues, type CheckoutDetails } from '../lib/checkout-details';
import { runMutation } from '@/lib/run-mutation';

/** Each seller of these products once, with their shop's location. */
function pickupPointsOf(products: Product[]): PickupPoint[] {
  const bySeller = new Map<string, PickupPoint>();
  for (const { seller, shopLocation } of products) {
    bySeller.set(seller.id, { sellerId: seller.id, sellerName: seller.name, location: shopLocation });
  }
  return [...bySeller.values()];
}

function CheckoutContent({ email }: { email: string }) {
  const cartItems = useCartStore((state) => state.items);
  const notices = useCartStore((state) => state.notices);
  const removeItem = useCartStore((state) => state.removeItem);
  const { stateOf, refreshed } = useCartRefresh();
  const lastDelivery = useLastDelivery();
  const checkout = useCheckout();
  // Once the order is placed its lines leave the cart (the order waits in My Orders); the page goes
  // on showing what was ordered, and pays for it.
  const [placed, setPlaced] = useState<{ order: Order; items: CartItem[]; email: string } | null>(null);
  const placedItems = placed?.items ?? null;
  // A sold-out or deleted product stays in the cart, marked there, and is not ordered.
  const buyable = cartItems.filter((item) => stateOf(item).status === 'available');
  const keptOut = cartItems.flatMap((item) => keptOutReason(item, stateOf(item)) ?? []);
  const items = placedItems ?? buyable;
  const total = selectCartSubtotal({ items });

  if (cartItems.length === 0 && !placedItems)
    return (
      <EmptyState
        icon={CartIcon}
        message={ORDER_MESSAGES.emptyCart}
        action={{ to: '/shop', label: 'Continue Shopping' }}
      />
    );
  // Nothing left to buy: the cart says why, line by line.
  if (items.length === 0 && refreshed) return <Navigate to="/cart" replace />;
  if (lastDelivery.isPending) return <LoadingState />;

  const pickupPoints = pickupPointsOf(buyable.flatMap((item) => stateOf(item).product ?? []));

  function placeOrder(details: CheckoutDetails) {
    const ordered = buyable;
    runMutation(
      checkout,
      { ...details, items: ordered },
      {
        onSuccess: (order) => {
          setPlaced({ order, items: ordered, email: details.email.trim() });
          for (const item of ordered) removeItem(item.id);
        },
      },
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="space-y-4">
        <NoticeList notices={[...notices, ...keptOut]} label="Changes to your cart" />
        <CheckoutSummary items={items} total={total} />
      </div>
      {placed ? (
        <CheckoutPayment order={placed.order} email={placed.email} />
      ) : (
        <CheckoutForm
          defaultValues={checkoutFormValues(email, lastDelivery.data?.delivery ?? null)}
          pickupPoints={pickupPoints}
          busy={checkout.isPending}
          error={checkout.isError ? errorMessage(checkout.error, PAYMENT_MESSAGES.initiationFailed) : null}
          onContinue={placeOrder}
        />
      )}
    </div>
  );
}

export function CheckoutPage() {
  const user = useAuthStore((state) => state.user);
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <title>Checkout — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Checkout</h1>
      {user ? (
        <CheckoutContent email={user.email} />
      ) : (
        <FormAlert message={PAYMENT_MESSAGES.userNotLoggedIn} />
      )}
    </section>
  );
}
