import { CANCEL_MESSAGES, RELEASE_RULES, type CancelResult } from '@sokoni/contracts/cancellations';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { MY_ORDERS_PATH, SALES_PATH, orderPagePath } from '@sokoni/contracts/mail';
import { centsToShillings } from '@sokoni/contracts/money';
import type { Sale, SaleQuery, ShipSaleInput } from '@sokoni/contracts/orders';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { LineCancellations } from './order-cancellations.js';
import { orderPart } from './order-payments.js';
import { toDelivery, toOrderItem, toShipment } from './orders.service.js';
import { newSaleMails, saleDeliveredMail, saleShippedMail } from './sale-mail.js';
import * as ordersRepo from './orders.repository.js';
import * as repo from './sales.repository.js';

function toSale(sellerId: string, sale: repo.SaleRecord, lines: ordersRepo.OrderItemRecord[]): Sale {
  if (!sale.paidAt) throw new Error(`paid order ${sale.orderId} has no paid_at`);
  // Lines not shipped of an order whose goods are not confirmed received may still be cancelled.
  const cancellable = sale.shipmentStatus === null && sale.receivedAt === null;
  return {
    orderId: sale.orderId,
    paidAt: sale.paidAt.toISOString(),
    buyer: { name: sale.buyerName },
    delivery: toDelivery(sale),
    items: lines.map((line) => toOrderItem(line, cancellable)),
    total: centsToShillings(lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)),
    shipment: toShipment({
      orderId: sale.orderId,
      sellerId,
      sellerName: sale.sellerName,
      status: sale.shipmentStatus,
      note: sale.note,
      shippedAt: sale.shippedAt,
      deliveredAt: sale.deliveredAt,
    }),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type SalesService = ReturnType<typeof createSalesService>;

/**
 * A seller's side of paid orders: their lines of each, the buyer's contact and delivery, and their
 * shipment, moved only forward (awaiting → shipped → delivered) by them alone.
 */
export function createSalesService({
  db,
  mail,
  siteUrl,
  clock,
  ledger,
  cancellations,
}: {
  db: Db;
  mail: MailService;
  /** The web app's origin, for links in e-mails (read when a mail is written). */
  siteUrl: () => string;
  clock: Clock;
  /** Shipping starts the clock of the seller's earning of the order (#27). */
  ledger: Pick<Ledger, 'setReleaseAt'>;
  cancellations: LineCancellations;
}) {
  /** The seller's sale in `orderId`; 404 to anyone with no line in it, 409 while it is not paid. */
  async function checkSale(tx: Db, sellerId: string, orderId: string): Promise<void> {
    const status = isUuid(orderId) ? await repo.findOrderStatusForSeller(tx, sellerId, orderId) : undefined;
    // Whether the order exists, or whose it is, is none of a stranger's business.
    if (!status) throw notFound(ORDER_MESSAGES.saleNotFound, 'SALE_NOT_FOUND');
    if (status !== 'paid') throw conflict(ORDER_MESSAGES.notPaidYet, 'NOT_PAID_YET');
  }

  async function readSale(tx: Db, sellerId: string, orderId: string): Promise<Sale> {
    const sale = await repo.findSale(tx, sellerId, orderId);
    if (!sale) throw new Error(`sale ${orderId} of ${sellerId} vanished while it was changed`);
    return toSale(sellerId, sale, await repo.findLinesOfSeller(tx, sellerId, [orderId]));
  }

  return {
    /** One page of the caller's sales, newest paid first, and how many they have in all. */
    async listMine(caller: AuthUser, page: SaleQuery): Promise<{ items: Sale[]; total: number }> {
      const [sales, total] = await Promise.all([
        repo.findSalesBySeller(db, caller.sub, page),
        repo.countSalesBySeller(db, caller.sub),
      ]);
      const lines = await repo.findLinesOfSeller(
        db,
        caller.sub,
        sales.map((sale) => sale.orderId),
      );
      return {
        items: sales.map((sale) =>
          toSale(
            caller.sub,
            sale,
            lines.filter((line) => line.orderId === sale.orderId),
          ),
        ),
        total,
      };
    },

    /** Awaiting → shipped, once; the buyer is told by e-mail in the same transaction. */
    async ship(caller: AuthUser, orderId: string, input: ShipSaleInput): Promise<Sale> {
      // The contract trims the note; an empty one is no note.
      const note = input.note || null;
      return db.transaction(async (tx) => {
        await checkSale(tx, caller.sub, orderId);
        // Locked, as a cancellation locks it: a line is shipped or cancelled, never both.
        await ordersRepo.lockOrderById(tx, orderId);
        const lines = await repo.findLinesOfSeller(tx, caller.sub, [orderId]);
        if (lines.every((line) => line.cancelledAt))
          throw conflict(CANCEL_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
        const shippedAt = new Date(clock.now());
        const shipped = await repo.insertShipment(tx, { orderId, sellerId: caller.sub, note, shippedAt });
        if (!shipped) throw conflict(ORDER_MESSAGES.alreadyShipped, 'ALREADY_SHIPPED');
        // The seller is paid 7 days after shipping, unless the buyer confirms receipt first.
        await ledger.setReleaseAt(
          tx,
          [orderPart(orderId, caller.sub)],
          new Date(shippedAt.getTime() + RELEASE_RULES.shippedDays * DAY_MS),
        );
        const facts = await repo.findSaleLetterFacts(tx, orderId);
        if (!facts) throw new Error(`order ${orderId} vanished while it was shipped`);
        await mail.queue(
          tx,
          saleShippedMail(facts, { sellerId: caller.sub, note }, `${siteUrl()}${MY_ORDERS_PATH}`),
        );
        return readSale(tx, caller.sub, orderId);
      });
    },

    /** Shipped → delivered, once, and only after shipping; the buyer is e-mailed in the same transaction. */
    async deliver(caller: AuthUser, orderId: string): Promise<Sale> {
      return db.transaction(async (tx) => {
        await checkSale(tx, caller.sub, orderId);
        const key = { orderId, sellerId: caller.sub };
        if (!(await repo.markShipmentDelivered(tx, key, new Date(clock.now())))) {
          const shipment = await repo.findShipment(tx, key);
          throw shipment
            ? conflict(ORDER_MESSAGES.alreadyDelivered, 'ALREADY_DELIVERED')
            : conflict(ORDER_MESSAGES.notShippedYet, 'NOT_SHIPPED_YET');
        }
        const facts = await repo.findSaleLetterFacts(tx, orderId);
        if (!facts) throw new Error(`order ${orderId} vanished while it was delivered`);
        await mail.queue(tx, saleDeliveredMail(facts, caller.sub, `${siteUrl()}${orderPagePath(orderId)}`));
        return readSale(tx, caller.sub, orderId);
      });
    },

    /** The seller cancels their lines of a paid order they cannot fill, before shipping them (#27). */
    async cancel(caller: AuthUser, orderId: string): Promise<CancelResult> {
      const cents = await db.transaction(async (tx) => {
        const order = isUuid(orderId) ? await ordersRepo.lockOrderById(tx, orderId) : undefined;
        const lines = order ? await repo.findLinesOfSeller(tx, caller.sub, [order.id]) : [];
        // Whether the order exists, or whose it is, is none of a stranger's business.
        if (!order || lines.length === 0) throw notFound(ORDER_MESSAGES.saleNotFound, 'SALE_NOT_FOUND');
        const open = lines.filter((line) => !line.cancelledAt);
        if (open.length === 0) throw conflict(CANCEL_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
        await cancellations.refuseUnlessCancellable(tx, order, caller.sub);
        return cancellations.cancel(tx, order, open, 'seller');
      });
      return { message: CANCEL_MESSAGES.saleCancelled, refund: centsToShillings(cents) };
    },

    /** Writes each seller's notice of a newly paid order into the outbox, in the paying transaction. */
    async queueNewSaleMails(tx: Db, orderId: string): Promise<void> {
      const facts = await repo.findSaleLetterFacts(tx, orderId);
      if (!facts) throw new Error(`order ${orderId} vanished while it was being paid`);
      for (const message of newSaleMails(facts, `${siteUrl()}${SALES_PATH}`)) await mail.queue(tx, message);
    },
  };
}
