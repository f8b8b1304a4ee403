import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@sokoni/contracts/orders';
import { CART_PRODUCTS_QUERY_KEY, ORDERS_QUERY_KEY } from '@/lib/query-keys';
import type { CartItem } from '@/stores/cart';
import { createOrder } from '../api/create-order';
import type { CheckoutDetails } from '../lib/checkout-details';

type CheckoutInput = CheckoutDetails & { items: CartItem[] };

/** Creates the order with the prices the cart shows (the server refuses stale ones) and where it goes. */
function placeOrder({ items, delivery }: CheckoutInput): Promise<Order> {
  return createOrder({
    items: items.map((item) => ({ productId: item.id, quantity: item.quantity, price: item.price })),
    delivery,
  });
}

/** Places the order; the page then pays for it with the pay step. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // A refusal may come from a price or stock that moved: the cart asks for its products again.
    onError: () => queryClient.invalidateQueries({ queryKey: CART_PRODUCTS_QUERY_KEY }),
    // A placed order waits in My Orders until it is paid.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
