import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@sokoni/contracts/orders';
import { formatKenyanPhone } from '@sokoni/contracts/delivery-rules';
import type { PaySubject } from '@/components/pay-step';
import { ORDERS_QUERY_KEY } from './query-keys';

type PayableOrder = Pick<Order, 'id' | 'totalAmount' | 'delivery'>;

/**
 * Paying an order (checkout, My Orders, its page): the order's total, the M-Pesa number offered first
 * being its delivery phone. Starting the payment holds its units again (or is refused, naming what is
 * no longer to be had) and ends its earlier payment if still open, so My Orders asks again.
 */
export function useOrderPayment(order: PayableOrder) {
  const queryClient = useQueryClient();
  return {
    subject: { paymentType: 'order', orderId: order.id } satisfies PaySubject,
    amount: order.totalAmount,
    defaultPhone: order.delivery ? formatKenyanPhone(order.delivery.phone) : undefined,
    onStarted: () => void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  };
}
