import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startPayment } from '@/lib/payment-flow';
import { CART_PRODUCTS_QUERY_KEY, ORDERS_QUERY_KEY } from '@/lib/query-keys';
import type { CartItem } from '@/stores/cart';
import { createOrder } from '../api/create-order';
import type { CheckoutDetails } from '../lib/checkout-details';

type CheckoutInput = CheckoutDetails & { items: CartItem[] };

/**
 * Creates the order with the prices the cart shows (the server refuses stale ones) and where it
 * goes, then starts its payment. Answers the provider's authorization url; the caller redirects to it.
 */
async function placeOrderAndStartPayment({ items, email, delivery }: CheckoutInput): Promise<string> {
  const order = await createOrder({
    items: items.map((item) => ({ productId: item.id, quantity: item.quantity, price: item.price })),
    delivery,
  });
  return startPayment({
    email: email.trim(),
    amount: order.totalAmount,
    paymentType: 'order',
    orderId: order.id,
  });
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrderAndStartPayment,
    // A refusal may come from a price or stock that moved: the cart asks for its products again.
    onError: () => queryClient.invalidateQueries({ queryKey: CART_PRODUCTS_QUERY_KEY }),
    // Even a failed payment start may have left a pending order behind for My Orders.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
