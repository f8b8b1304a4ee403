import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import type { Db } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import type { PaymentHandler } from '../payments/payment-handlers.js';
import { orderReceipt } from './order-receipt.js';
import * as repo from './orders.repository.js';
import type { OrdersService } from './orders.service.js';

/**
 * How an order is paid: priced from the order itself; its units are held while the buyer pays, sold
 * when the payment succeeds (pending → paid, units sold count for trending, a notice is mailed to each
 * seller; the engine sends the buyer's receipt) and given back when it fails, is abandoned or lapses.
 */
/** One seller's part of an order: released and refunded together. */
export const orderPart = (orderId: string, sellerId: string) => `order:${orderId}:${sellerId}`;

export function orderPaymentHandler({
  db,
  orders,
  recordSale,
  notifySellers,
}: {
  db: Db;
  orders: OrdersService;
  /** Counts the paid units towards trending (the shop's rules). */
  recordSale: (tx: Db, sale: { orderId: string; buyerId: string }) => Promise<void>;
  /** Tells each seller of the order's lines of their sale (the outbox, in the paying transaction). */
  notifySellers: (tx: Db, orderId: string) => Promise<void>;
}): PaymentHandler<'order'> {
  return {
    subjectKey: (_caller, input) => input.orderId,

    async prepare(tx, caller, input, hold) {
      const order = await orders.lockOwnOrder(tx, caller, input.orderId);
      if (order.status !== 'pending') throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'ALREADY_PAID');
      await orders.holdUnits(tx, order.id, { ...hold, userId: caller.sub });
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

    async fulfil(tx, { subjectId: orderId, reference }) {
      const order = await repo.lockOrderById(tx, orderId);
      if (!order || order.status !== 'pending') return 'already_fulfilled';
      if (!(await orders.sellUnits(tx, orderId, reference))) return 'unavailable';
      await repo.markOrderPaid(tx, orderId);
      await recordSale(tx, { orderId, buyerId: order.userId });
      await notifySellers(tx, orderId);
      return 'fulfilled';
    },

    async release(tx, { reference }) {
      await orders.releaseUnits(tx, reference);
    },

    vertical: 'shop',

    // Each seller's lines, theirs 7 days after they ship (or once the buyer confirms receipt).
    async shares(tx, { subjectId: orderId }) {
      const bySeller = new Map<string, number>();
      for (const item of await repo.findItemsOfOrders(tx, [orderId])) {
        if (!item.sellerId) throw new Error(`order ${orderId} has a line with no seller`);
        bySeller.set(item.sellerId, (bySeller.get(item.sellerId) ?? 0) + item.unitPriceCents * item.quantity);
      }
      return [...bySeller].map(([sellerId, grossCents]) => ({
        earnerId: sellerId,
        part: orderPart(orderId, sellerId),
        grossCents,
        releaseAt: null,
      }));
    },

    async receipt(tx, { subjectId: orderId }) {
      const facts = await repo.findOrderReceipt(tx, orderId);
      if (!facts) throw new Error(`order ${orderId} vanished while it was being paid`);
      return orderReceipt(orderId, facts);
    },
  };
}
