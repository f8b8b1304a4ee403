import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import { formatOrderNumber, ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { MY_ORDERS_PATH } from '@sokoni/contracts/mail';
import { centsToShillings, formatKESExact } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { conflict } from '../../lib/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { ProductsService } from '../shop/products.service.js';
import { orderPart } from './order-payments.js';
import * as repo from './orders.repository.js';
import { cancelledLinesMails } from './sale-mail.js';
import { findSaleLetterFacts, findShipment } from './sales.repository.js';

export type LineCancellations = ReturnType<typeof createLineCancellations>;

/**
 * Lines of a paid order cancelled before their seller ships (#27), by the buyer (one line) or the
 * seller (all of theirs), in the caller's transaction, which has locked the order. Locks follow the
 * sale's order: the order, its products (the units back in stock), the seller's earning, then the
 * ledger's balances.
 */
export function createLineCancellations(deps: {
  ledger: Pick<Ledger, 'lockEarningsOfParts' | 'refund'>;
  products: Pick<ProductsService, 'restock'>;
  mail: Pick<MailService, 'queue'>;
  siteUrl: () => string;
  clock: Clock;
}) {
  return {
    /**
     * Refused unless the order is paid, its goods not confirmed received, and the seller's part
     * not shipped.
     */
    async refuseUnlessCancellable(tx: Db, order: repo.OrderRecord, sellerId: string | null): Promise<void> {
      if (order.status !== 'paid') throw conflict(ORDER_MESSAGES.notPaidYet, 'NOT_PAID_YET');
      if (order.receivedAt) throw conflict(CANCEL_MESSAGES.orderReceivedAlready, 'ORDER_RECEIVED');
      if (sellerId && (await findShipment(tx, { orderId: order.id, sellerId })))
        throw conflict(CANCEL_MESSAGES.orderShipped, 'ITEM_SHIPPED');
    },

    /**
     * Cancels open lines of one seller: marked, their units back in stock, their price refunded out
     * of the seller's earning of the order (the refunds job then asks the provider), and both sides
     * told by e-mail. Answers the cents refunded.
     */
    async cancel(
      tx: Db,
      order: repo.OrderRecord,
      lines: repo.OrderItemRecord[],
      by: 'buyer' | 'seller',
    ): Promise<number> {
      const sellerId = lines[0]?.sellerId;
      await repo.markItemsCancelled(
        tx,
        lines.map((line) => line.id),
        by,
        new Date(deps.clock.now()),
      );
      await deps.products.restock(
        tx,
        lines.flatMap((line) =>
          line.productId ? [{ productId: line.productId, quantity: line.quantity }] : [],
        ),
      );
      const [earning] = sellerId
        ? await deps.ledger.lockEarningsOfParts(tx, [orderPart(order.id, sellerId)])
        : [];
      // A sale made before the ledger began was handed to its seller whole: it is not refunded here.
      if (!sellerId || !earning) throw conflict(CANCEL_MESSAGES.earningsSpent, 'EARNINGS_PAID_OUT');
      const cents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      const what = lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ');
      await deps.ledger.refund(tx, earning, cents, {
        reason: by === 'buyer' ? 'order_line_cancelled' : 'sale_cancelled',
        description: `Cancelled: ${what} (${formatOrderNumber(order.id)})`.slice(0, 200),
      });
      const facts = await findSaleLetterFacts(tx, order.id);
      if (!facts) throw new Error(`order ${order.id} vanished while it was cancelled`);
      const refund = formatKESExact(centsToShillings(cents));
      const letters = cancelledLinesMails(
        facts,
        { sellerId, by, lines, refund },
        `${deps.siteUrl()}${MY_ORDERS_PATH}`,
      );
      for (const letter of letters) await deps.mail.queue(tx, letter);
      return cents;
    },
  };
}
