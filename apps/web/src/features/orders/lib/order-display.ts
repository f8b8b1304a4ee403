import type { OrderStatus } from '@sokoni/contracts/checkout';
import type { Shipment } from '@sokoni/contracts/orders';

const orderDate = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium' });

/** The day the order was placed, written the Kenyan way (e.g. '5 Mar 2026'). */
export function formatOrderDate(createdAt: string): string {
  return orderDate.format(new Date(createdAt));
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: 'Paid',
  pending: 'Pending payment',
};

/** When a seller's part of a paid order last moved: delivered, or else shipped; null while awaiting. */
export function shipmentMovedAt(shipment: Shipment): string | null {
  return shipment.status === 'delivered' ? shipment.deliveredAt : shipment.shippedAt;
}

/** What My Orders asks and says when a line is cancelled or the order confirmed received (#27). */
export const ORDER_ACTION_MESSAGES = {
  cancelItemTitle: 'Cancel this item?',
  cancelItem: (quantity: number, name: string, amount: string) =>
    `${quantity} × ${name}. You get ${amount} back, and the seller is told not to ship it.`,
  cancelFailed: 'This item could not be cancelled. Please try again.',
  receivedTitle: 'Did everything arrive?',
  received:
    'Confirm only once you have your goods: the sellers are then paid, and the items can no longer be cancelled.',
  receivedFailed: 'We could not record that your order arrived. Please try again.',
} as const;
