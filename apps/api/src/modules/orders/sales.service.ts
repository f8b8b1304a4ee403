import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { MY_ORDERS_PATH, SALES_PATH } from '@sokoni/contracts/mail';
import { centsToShillings } from '@sokoni/contracts/money';
import type { Sale, SaleQuery, ShipSaleInput } from '@sokoni/contracts/orders';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { MailService } from '../mail/mail.service.js';
import { toDelivery, toOrderItem, toShipment } from './orders.service.js';
import { newSaleMails, saleShippedMail } from './sale-mail.js';
import type { OrderItemRecord } from './orders.repository.js';
import * as repo from './sales.repository.js';

function toSale(sellerId: string, sale: repo.SaleRecord, lines: OrderItemRecord[]): Sale {
  if (!sale.paidAt) throw new Error(`paid order ${sale.orderId} has no paid_at`);
  return {
    orderId: sale.orderId,
    paidAt: sale.paidAt.toISOString(),
    buyer: { name: sale.buyerName },
    delivery: toDelivery(sale),
    items: lines.map(toOrderItem),
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
}: {
  db: Db;
  mail: MailService;
  /** The web app's origin, for links in e-mails (read when a mail is written). */
  siteUrl: () => string;
  clock: Clock;
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
        const shipped = await repo.insertShipment(tx, {
          orderId,
          sellerId: caller.sub,
          note,
          shippedAt: new Date(clock.now()),
        });
        if (!shipped) throw conflict(ORDER_MESSAGES.alreadyShipped, 'ALREADY_SHIPPED');
        const facts = await repo.findSaleLetterFacts(tx, orderId);
        if (!facts) throw new Error(`order ${orderId} vanished while it was shipped`);
        await mail.queue(
          tx,
          saleShippedMail(facts, { sellerId: caller.sub, note }, `${siteUrl()}${MY_ORDERS_PATH}`),
        );
        return readSale(tx, caller.sub, orderId);
      });
    },

    /** Shipped → delivered, once, and only after shipping. */
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
        return readSale(tx, caller.sub, orderId);
      });
    },

    /** Writes each seller's notice of a newly paid order into the outbox, in the paying transaction. */
    async queueNewSaleMails(tx: Db, orderId: string): Promise<void> {
      const facts = await repo.findSaleLetterFacts(tx, orderId);
      if (!facts) throw new Error(`order ${orderId} vanished while it was being paid`);
      for (const message of newSaleMails(facts, `${siteUrl()}${SALES_PATH}`)) await mail.queue(tx, message);
    },
  };
}
