import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { centsToShillings, formatKES, shillingsToCents } from '@sokoni/contracts/money';
import type { CreateOrderInput, Order, OrderQuery } from '@sokoni/contracts/orders';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { MailService } from '../mail/mail.service.js';
import { shortfall, type ProductsService } from '../shop/products.service.js';
import { receiptMail } from './order-receipt.js';
import * as repo from './orders.repository.js';

/** Stands for a deleted product in a stock line: no product has this id, so it is never available. */
const GONE_PRODUCT = '00000000-0000-0000-0000-000000000000';

function toOrder(order: repo.OrderRecord, items: repo.OrderItemRecord[]): Order {
  return {
    id: order.id,
    userId: order.userId,
    status: order.status,
    totalAmount: centsToShillings(order.totalCents),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      quantity: item.quantity,
      price: centsToShillings(item.unitPriceCents),
      product: { name: item.productName, image: item.productImage },
    })),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService({
  db,
  products,
  mail,
  myOrdersUrl,
}: {
  db: Db;
  /** The shop's prices and stock. */
  products: Pick<ProductsService, 'quoteForOrder' | 'holdStock' | 'sellStock' | 'releaseStock'>;
  mail: MailService;
  /** The absolute address of My Orders, for links in e-mails (read when a mail is written). */
  myOrdersUrl: () => string;
}) {
  const findOwnOrder = async (caller: AuthUser, id: string, tx: Db = db) => {
    const order = isUuid(id) ? await repo.findOrderById(tx, id) : undefined;
    // Another user's order is answered exactly like a missing one.
    if (!order || order.userId !== caller.sub) throw notFound(ORDER_MESSAGES.notFound, 'ORDER_NOT_FOUND');
    return order;
  };

  /** The order's lines as units of products; a line whose product was deleted stands for a gone product. */
  const stockLines = async (tx: Db, orderId: string) =>
    (await repo.findItemsOfOrders(tx, [orderId])).map((item) => ({
      productId: item.productId ?? GONE_PRODUCT,
      quantity: item.quantity,
    }));

  return {
    /**
     * Prices every line from the database in one transaction. A price the client shows that is not
     * the current one is refused (409) with the current price, so nobody pays what they did not see.
     */
    async create(caller: AuthUser, input: CreateOrderInput): Promise<Order> {
      const ids = input.items.map((item) => item.productId);
      if (new Set(ids).size !== ids.length)
        throw badRequest(ORDER_MESSAGES.duplicateProduct, 'DUPLICATE_PRODUCT');
      return db.transaction(async (tx) => {
        const quotes = await products.quoteForOrder(tx, ids);
        const current = new Map(quotes.map((product) => [product.id, product]));
        const lines = input.items.map((item) => {
          const product = current.get(item.productId);
          if (!product) throw badRequest(ORDER_MESSAGES.productUnavailable, 'PRODUCT_UNAVAILABLE');
          if (product.sellerId === caller.sub) {
            throw forbidden(ORDER_MESSAGES.ownListing(product.title), 'OWN_LISTING');
          }
          if (shillingsToCents(item.price) !== product.priceCents) {
            throw conflict(
              ORDER_MESSAGES.priceChanged(product.title, formatKES(centsToShillings(product.priceCents))),
              'PRICE_CHANGED',
            );
          }
          return {
            productId: product.id,
            productName: product.title,
            productImage: product.images[0] ?? null,
            unitPriceCents: product.priceCents,
            quantity: item.quantity,
          };
        });
        // Nothing is held yet: the units are held when the payment starts.
        const refusal = shortfall(quotes, input.items);
        if (refusal) throw refusal;
        const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
        const order = await repo.insertOrder(tx, { userId: caller.sub, totalCents }, lines);
        return toOrder(order, await repo.findItemsOfOrders(tx, [order.id]));
      });
    },

    /** The caller's orders only, newest first. */
    /** One page of the caller's orders, newest first, and how many they have in all. */
    async listMine(caller: AuthUser, page: OrderQuery): Promise<{ items: Order[]; total: number }> {
      const [orders, total] = await Promise.all([
        repo.findOrdersByUser(db, caller.sub, page),
        repo.countOrdersByUser(db, caller.sub),
      ]);
      const items = await repo.findItemsOfOrders(
        db,
        orders.map((order) => order.id),
      );
      return {
        items: orders.map((order) =>
          toOrder(
            order,
            items.filter((item) => item.orderId === order.id),
          ),
        ),
        total,
      };
    },

    async getMine(caller: AuthUser, id: string): Promise<Order> {
      const order = await findOwnOrder(caller, id);
      return toOrder(order, await repo.findItemsOfOrders(db, [order.id]));
    },

    findOwnOrder,

    /** The caller's order, locked for the paying transaction. */
    async lockOwnOrder(tx: Db, caller: AuthUser, id: string) {
      const order = isUuid(id) ? await repo.lockOrderById(tx, id) : undefined;
      if (!order || order.userId !== caller.sub) throw notFound(ORDER_MESSAGES.notFound, 'ORDER_NOT_FOUND');
      return order;
    },

    /** Holds the order's units for the payment `reference` until `until`. */
    async holdUnits(tx: Db, orderId: string, reference: string, until: Date): Promise<void> {
      await products.holdStock(tx, { reference, until, lines: await stockLines(tx, orderId) });
    },

    /** Sells the order's units to the payment `reference`; false when they are gone. */
    async sellUnits(tx: Db, orderId: string, reference: string): Promise<boolean> {
      return products.sellStock(tx, { reference, lines: await stockLines(tx, orderId) });
    },

    releaseUnits: (tx: Db, reference: string) => products.releaseStock(tx, reference),

    /** Writes the paid order's receipt into the mail outbox, inside the transaction that paid it. */
    async queueReceipt(tx: Db, orderId: string): Promise<void> {
      const receipt = await repo.findReceipt(tx, orderId);
      if (!receipt) throw new Error(`order ${orderId} vanished while it was being paid`);
      await mail.queue(tx, receiptMail(receipt, myOrdersUrl()));
    },
  };
}
