import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { centsToShillings, formatKES, shillingsToCents } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { PaymentHandler } from '../payments/payment-handlers.js';
import * as repo from './orders.repository.js';
import type { OrdersService } from './orders.service.js';

/** How an order is paid: priced from the order itself; paid means pending → paid, and units sold count for trending. */
export function orderPaymentHandler({
  db,
  orders,
  recordSale,
}: {
  db: Db;
  orders: OrdersService;
  /** Counts the paid units towards trending (the shop's rules). */
  recordSale: (tx: Db, sale: { orderId: string; buyerId: string }) => Promise<void>;
}): PaymentHandler {
  return {
    async prepare(caller, input) {
      if (!input.orderId) throw badRequest(PAYMENT_MESSAGES.orderIdRequired, 'ORDER_ID_REQUIRED');
      const order = await orders.findOwnOrder(caller, input.orderId);
      if (order.status !== 'pending') throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'ALREADY_PAID');
      if (shillingsToCents(input.amount) !== order.totalCents) {
        throw conflict(
          PAYMENT_MESSAGES.amountMismatch(formatKES(centsToShillings(order.totalCents))),
          'AMOUNT_MISMATCH',
        );
      }
      return {
        subjectId: order.id,
        amountCents: order.totalCents,
        description: `Order ${order.id.slice(0, 6)}`,
      };
    },

    async describe(orderId) {
      const items = await repo.findItemsOfOrders(db, [orderId]);
      return items.map((item) => `${item.quantity} × ${item.productName}`).join(', ');
    },

    async fulfil(tx, orderId) {
      const paid = await repo.markOrderPaid(tx, orderId);
      if (!paid) return false;
      await recordSale(tx, { orderId, buyerId: paid.userId });
      await orders.queueReceipt(tx, orderId);
      return true;
    },
  };
}
