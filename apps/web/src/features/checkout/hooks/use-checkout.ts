import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';
import type { CartItem } from '@/stores/cart';
import { createOrder } from '../api/create-order';
import { initializePayment } from '../api/initialize-payment';

export const PAYMENT_CALLBACK_PATH = '/payment/callback';

type CheckoutInput = { items: CartItem[]; email: string };

/**
 * Creates the order with the prices the cart shows (the server refuses stale ones), then
 * starts its payment. Answers the provider's authorization url; the caller redirects to it.
 */
async function placeOrderAndStartPayment({ items, email }: CheckoutInput): Promise<string> {
  const order = await createOrder({
    items: items.map((item) => ({ productId: item.id, quantity: item.quantity, price: item.price })),
  });
  const payment = await initializePayment({
    email: email.trim(),
    amount: order.totalAmount,
    callback_url: `${window.location.origin}${PAYMENT_CALLBACK_PATH}`,
    paymentType: 'order',
    orderId: order.id,
  });
  return payment.data.authorization_url;
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrderAndStartPayment,
    // Even a failed payment start may have left a pending order behind for My Orders.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
