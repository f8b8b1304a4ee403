import {
  DELIVERY_METHOD_LABELS,
  formatDeliveryAddress,
  formatKenyanPhone,
} from '@sokoni/contracts/delivery-rules';
import { RECEIPT_MAIL as TEXT, orderPagePath } from '@sokoni/contracts/mail';
import { centsToShillings } from '@sokoni/contracts/money';
import type { ReceiptDetails, ReceiptSeller } from '../payments/payment-handlers.js';
import type { OrderReceiptFacts } from './orders.repository.js';
import { toDelivery } from './orders.service.js';

type Line = OrderReceiptFacts['lines'][number];

/** Each seller of the order once, in the order of their first line, reached as their products say. */
function sellersOf(lines: Line[]): ReceiptSeller[] {
  const sellers = new Map<string, ReceiptSeller>();
  for (const line of lines) {
    if (!line.sellerId || !line.sellerName || !line.sellerEmail) continue;
    const known = sellers.get(line.sellerId);
    if (known) known.phone ??= line.sellerContact;
    else
      sellers.set(line.sellerId, {
        role: 'Seller',
        name: line.sellerName,
        email: line.sellerEmail,
        phone: line.sellerContact,
      });
  }
  return [...sellers.values()];
}

/** Where the goods go (or that the buyer picks them up) and the phone they are reached on. */
function deliveryOf(facts: OrderReceiptFacts): string[] | null {
  const delivery = toDelivery(facts);
  if (!delivery) return null;
  return [
    delivery.method === 'pickup'
      ? DELIVERY_METHOD_LABELS.pickup
      : TEXT.deliverTo(formatDeliveryAddress(delivery)),
    TEXT.phone(formatKenyanPhone(delivery.phone)),
  ];
}

/** What a paid order's receipt says: its lines, their sellers, the delivery, and the order's page. */
export const orderReceipt = (orderId: string, facts: OrderReceiptFacts): ReceiptDetails => ({
  items: facts.lines.map((line) => ({
    description: TEXT.orderLine(line.quantity, line.productName),
    amount: centsToShillings(line.unitPriceCents * line.quantity),
  })),
  sellers: sellersOf(facts.lines),
  delivery: deliveryOf(facts),
  path: orderPagePath(orderId),
});
