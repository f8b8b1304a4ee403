import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { centsToShillings, formatKES, shillingsToCents } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { addUnitsSold } from '../shop/products.repository.js';
import type { PaymentHandler } from '../payments/payment-handlers.js';
import * as repo from './orders.repository.js';
import type { OrdersService } from './orders.service.js';

const today = () => new Date().toISOString().slice(0, 10);

/** How an order is paid: priced from the order itself; paid means pending → paid, and units sold count for trending. */
export function orderPaymentHandler({ db, orders }: { db: Db; orders: OrdersService }): PaymentHandler {
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
      if (!(await repo.markOrderPaid(tx, orderId))) return false;
      for (const item of await repo.findItemsOfOrders(tx, [orderId])) {
        if (item.productId) await addUnitsSold(tx, today(), item.productId, item.quantity);
      }
      return true;
    },
  };
}
