import type { OrderStatus } from '@sokoni/contracts/checkout';

const orderDate = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium' });

/** The day the order was placed, written the Kenyan way (e.g. '5 Mar 2026'). */
export function formatOrderDate(createdAt: string): string {
  return orderDate.format(new Date(createdAt));
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: 'Paid',
  pending: 'Pending payment',
};
