import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '@/stores/auth';
import { goToProvider, startPayment } from './payment-flow';
import { ORDERS_QUERY_KEY } from './query-keys';

/**
 * Pays a pending order again (#15), from My Orders, the order's page or a failed payment: the same
 * order, through POST /payments/initialize, which holds its units again (or answers 409 naming what
 * is no longer to be had) and ends the order's earlier payment if it is still open. Goes to the
 * provider once the payment has started; the receipt goes to the signed-in buyer's e-mail.
 */
export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: { id: string; totalAmount: number }) =>
      startPayment({
        email: useAuthStore.getState().user?.email ?? '',
        amount: order.totalAmount,
        paymentType: 'order',
        orderId: order.id,
      }),
    onSuccess: (authorizationUrl) => goToProvider(authorizationUrl),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
