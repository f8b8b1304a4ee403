import { CANCEL_MESSAGES, type CancelResult } from '@sokoni/contracts/cancellations';
import { formatOrderNumber, ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { centsToShillings, formatKES, shillingsToCents } from '@sokoni/contracts/money';
import type { Delivery } from '@sokoni/contracts/delivery';
import type {
  CreateOrderData,
  LastDelivery,
  Order,
  OrderItem,
  OrderQuery,
  Shipment,
} from '@sokoni/contracts/orders';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { refuseOwn, requireAccess, type Access } from '../../lib/access.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { PaymentHold } from '../payments/payment-handlers.js';
import { shortfall, type ProductsService, type StockHolder } from '../shop/products.service.js';
import type { LineCancellations } from './order-cancellations.js';
import { orderPart } from './order-payments.js';
import * as repo from './orders.repository.js';

/** Stands for a deleted product in a stock line: no product has this id, so it is never available. */
const GONE_PRODUCT = '00000000-0000-0000-0000-000000000000';

/** The order's delivery as answered; null for orders placed before checkout asked (#15). */
export function toDelivery(record: repo.DeliveryRecord): Delivery | null {
  if (!record.deliveryMethod || !record.phone) return null;
  return {
    method: record.deliveryMethod,
    phone: record.phone,
    county: record.county as Delivery['county'],
    town: record.town,
    address: record.address,
  };
}

/** One seller's part of a paid order: 'awaiting' until they ship. */
export function toShipment(record: repo.ShipmentRecord): Shipment {
  return {
    sellerId: record.sellerId,
    sellerName: record.sellerName,
    status: record.status ?? 'awaiting',
    note: record.note,
    shippedAt: record.shippedAt?.toISOString() ?? null,
    deliveredAt: record.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * One line of an order as answered, whoever reads it (its buyer, or its seller in Sales);
 * `cancellable` when its order is paid, not confirmed received, and its seller has not shipped.
 */
export function toOrderItem(item: repo.OrderItemRecord, cancellable: boolean): OrderItem {
  return {
    id: item.id,
    productId: item.productId,
    sellerId: item.sellerId,
    quantity: item.quantity,
    price: centsToShillings(item.unitPriceCents),
    product: { name: item.productName, image: item.productImage },
    cancelledAt: item.cancelledAt?.toISOString() ?? null,
    cancelledBy: item.cancelledBy,
    canCancel: cancellable && item.cancelledAt === null,
  };
}

function toOrder(
  order: repo.OrderRecord,
  items: repo.OrderItemRecord[],
  shipments: repo.ShipmentRecord[],
): Order {
  const open = order.status === 'paid' && order.receivedAt === null;
  const shipped = new Set(
    shipments.filter((shipment) => shipment.status).map((shipment) => shipment.sellerId),
  );
  return {
    id: order.id,
    userId: order.userId,
    status: order.status,
    totalAmount: centsToShillings(order.totalCents),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    items: items.map((item) => toOrderItem(item, open && !shipped.has(item.sellerId ?? ''))),
    delivery: toDelivery(order),
    // Nothing ships before it is paid for.
    shipments: order.status === 'paid' ? shipments.map(toShipment) : [],
    receivedAt: order.receivedAt?.toISOString() ?? null,
    canConfirmReceived: open && items.some((item) => item.cancelledAt === null),
  };
}

/** The orders as answered, with their lines and shipments read in one query each. */
async function toOrders(db: Db, orders: repo.OrderRecord[]): Promise<Order[]> {
  const ids = orders.map((order) => order.id);
  const [items, shipments] = await Promise.all([
    repo.findItemsOfOrders(db, ids),
    repo.findShipmentsOfOrders(db, ids),
  ]);
  return orders.map((order) =>
    toOrder(
      order,
      items.filter((item) => item.orderId === order.id),
      shipments.filter((shipment) => shipment.orderId === order.id),
    ),
  );
}

const toOneOrder = async (db: Db, order: repo.OrderRecord): Promise<Order> =>
  (await toOrders(db, [order]))[0] as Order;

export type OrdersService = ReturnType<typeof createOrdersService>;

/** Another user's order is answered exactly like a missing one. */
const orderAccess: Access<repo.OrderRecord> = {
  ownerOf: (order) => order.userId,
  notFound: () => notFound(ORDER_MESSAGES.notFound, 'ORDER_NOT_FOUND'),
};

export function createOrdersService({
  db,
  products,
  ledger,
  cancellations,
  clock,
}: {
  db: Db;
  /** The shop's prices and stock. */
  products: Pick<ProductsService, 'quoteForOrder' | 'holdStock' | 'sellStock' | 'releaseStock'>;
  /** The sellers' earnings of an order, released when its buyer confirms receipt (#27). */
  ledger: Pick<Ledger, 'lockEarningsOfParts' | 'release'>;
  cancellations: LineCancellations;
  clock: Clock;
}) {
  const findOwnOrder = async (caller: AuthUser, id: string, tx: Db = db) =>
    requireAccess(caller, isUuid(id) ? await repo.findOrderById(tx, id) : undefined, orderAccess);
  const lockOwnOrder = async (tx: Db, caller: AuthUser, id: string) =>
    requireAccess(caller, isUuid(id) ? await repo.lockOrderById(tx, id) : undefined, orderAccess);

  /** The order's lines as units of products; a line whose product was deleted stands for a gone product. */
  const stockLines = (items: repo.OrderItemRecord[]) =>
    items.map((item) => ({
      productId: item.productId ?? GONE_PRODUCT,
      quantity: item.quantity,
    }));

  return {
    /**
     * Prices every line from the database in one transaction. A price the client shows that is not
     * the current one is refused (409) with the current price, so nobody pays what they did not see.
     */
    async create(caller: AuthUser, input: CreateOrderData): Promise<Order> {
      const ids = input.items.map((item) => item.productId);
      if (new Set(ids).size !== ids.length)
        throw badRequest(ORDER_MESSAGES.duplicateProduct, 'DUPLICATE_PRODUCT');
      return db.transaction(async (tx) => {
        const quotes = await products.quoteForOrder(tx, ids);
        const current = new Map(quotes.map((product) => [product.id, product]));
        const lines = input.items.map((item) => {
          const product = current.get(item.productId);
          if (!product) throw badRequest(ORDER_MESSAGES.productUnavailable, 'PRODUCT_UNAVAILABLE');
          refuseOwn(caller, product.sellerId, () =>
            forbidden(ORDER_MESSAGES.ownListing(product.title), 'OWN_LISTING'),
          );
          if (shillingsToCents(item.price) !== product.priceCents) {
            throw conflict(
              ORDER_MESSAGES.priceChanged(product.title, formatKES(centsToShillings(product.priceCents))),
              'PRICE_CHANGED',
            );
          }
          return {
            productId: product.id,
            sellerId: product.sellerId,
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
        const { delivery } = input;
        const order = await repo.insertOrder(
          tx,
          {
            userId: caller.sub,
            totalCents,
            phone: delivery.phone,
            deliveryMethod: delivery.method,
            county: delivery.method === 'delivery' ? delivery.county : null,
            town: delivery.method === 'delivery' ? delivery.town : null,
            address: delivery.method === 'delivery' ? delivery.address : null,
          },
          lines,
        );
        return toOneOrder(tx, order);
      });
    },

    /** One page of the caller's orders, newest first, and how many they have in all. */
    async listMine(caller: AuthUser, page: OrderQuery): Promise<{ items: Order[]; total: number }> {
      const [orders, total] = await Promise.all([
        repo.findOrdersByUser(db, caller.sub, page),
        repo.countOrdersByUser(db, caller.sub),
      ]);
      return { items: await toOrders(db, orders), total };
    },

    async getMine(caller: AuthUser, id: string): Promise<Order> {
      return toOneOrder(db, await findOwnOrder(caller, id));
    },

    /** The buyer cancels one line of a paid order before its seller ships it (#27). */
    async cancelItem(caller: AuthUser, id: string, itemId: string): Promise<CancelResult> {
      const cents = await db.transaction(async (tx) => {
        const order = await lockOwnOrder(tx, caller, id);
        const item = (await repo.findItemsOfOrders(tx, [order.id])).find((line) => line.id === itemId);
        if (!item) throw notFound(CANCEL_MESSAGES.itemNotFound, 'ITEM_NOT_FOUND');
        if (item.cancelledAt) throw conflict(CANCEL_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
        await cancellations.refuseUnlessCancellable(tx, order, item.sellerId);
        return cancellations.cancel(tx, order, [item], 'buyer');
      });
      return { message: CANCEL_MESSAGES.orderCancelled, refund: centsToShillings(cents) };
    },

    /**
     * The buyer confirms a paid order arrived (#27): every seller's earning of it still pending is
     * theirs to be paid at once. Confirming again changes nothing.
     */
    async confirmReceived(caller: AuthUser, id: string): Promise<Order> {
      await db.transaction(async (tx) => {
        const order = await lockOwnOrder(tx, caller, id);
        if (order.status !== 'paid') throw conflict(ORDER_MESSAGES.notPaidYet, 'NOT_PAID_YET');
        if (order.receivedAt) return;
        const items = await repo.findItemsOfOrders(tx, [order.id]);
        if (items.every((item) => item.cancelledAt))
          throw conflict(CANCEL_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
        await repo.markReceived(tx, order.id, new Date(clock.now()));
        const sellers = new Set(items.flatMap((item) => (item.sellerId ? [item.sellerId] : [])));
        const parts = [...sellers].map((sellerId) => orderPart(order.id, sellerId));
        for (const earning of await ledger.lockEarningsOfParts(tx, parts)) {
          if (earning.status === 'pending')
            await ledger.release(tx, earning.id, `Goods received: ${formatOrderNumber(order.id)}`);
        }
      });
      return toOneOrder(db, await findOwnOrder(caller, id));
    },

    /** The caller's delivery details from their latest order that has them, to fill checkout. */
    async lastDelivery(caller: AuthUser): Promise<LastDelivery> {
      const latest = await repo.findLatestDelivery(db, caller.sub);
      return { delivery: latest ? toDelivery(latest) : null };
    },

    findOwnOrder,

    /** The caller's order, locked for the paying transaction. */
    lockOwnOrder,

    /**
     * Holds the order's units for its payer's payment until `hold.until`. Paying again for an order
     * whose product was deleted meanwhile is refused (409), naming it, as a sold-out one is.
     */
    async holdUnits(tx: Db, orderId: string, hold: PaymentHold & StockHolder): Promise<void> {
      const items = await repo.findItemsOfOrders(tx, [orderId]);
      const gone = items.find((item) => item.productId === null);
      if (gone) throw conflict(ORDER_MESSAGES.cartUnavailable(gone.productName), 'PRODUCT_UNAVAILABLE');
      await products.holdStock(
        tx,
        { reference: hold.reference, until: hold.until, lines: stockLines(items) },
        hold,
      );
    },

    /** Sells the order's units to the payment `reference`; false when they are gone. */
    async sellUnits(tx: Db, orderId: string, reference: string): Promise<boolean> {
      const items = await repo.findItemsOfOrders(tx, [orderId]);
      return products.sellStock(tx, { reference, lines: stockLines(items) });
    },

    releaseUnits: (tx: Db, reference: string) => products.releaseStock(tx, reference),
  };
}
