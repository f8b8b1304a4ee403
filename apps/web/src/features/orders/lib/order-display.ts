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
