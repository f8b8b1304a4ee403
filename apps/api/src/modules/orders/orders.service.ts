import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
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
import type { AuthUser } from '../../lib/tokens.js';
import type { PaymentHold } from '../payments/payment-handlers.js';
import { shortfall, type ProductsService, type StockHolder } from '../shop/products.service.js';
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

/** One line of an order as answered, whoever reads it (its buyer, or its seller in Sales). */
export function toOrderItem(item: repo.OrderItemRecord): OrderItem {
  return {
    id: item.id,
    productId: item.productId,
    sellerId: item.sellerId,
    quantity: item.quantity,
    price: centsToShillings(item.unitPriceCents),
    product: { name: item.productName, image: item.productImage },
  };
}

function toOrder(
  order: repo.OrderRecord,
  items: repo.OrderItemRecord[],
  shipments: repo.ShipmentRecord[],
): Order {
  return {
    id: order.id,
    userId: order.userId,
    status: order.status,
    totalAmount: centsToShillings(order.totalCents),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    items: items.map(toOrderItem),
    delivery: toDelivery(order),
    // Nothing ships before it is paid for.
    shipments: order.status === 'paid' ? shipments.map(toShipment) : [],
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
}: {
  db: Db;
  /** The shop's prices and stock. */
  products: Pick<ProductsService, 'quoteForOrder' | 'holdStock' | 'sellStock' | 'releaseStock'>;
}) {
  const findOwnOrder = async (caller: AuthUser, id: string, tx: Db = db) =>
    requireAccess(caller, isUuid(id) ? await repo.findOrderById(tx, id) : undefined, orderAccess);

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

    /** The caller's delivery details from their latest order that has them, to fill checkout. */
    async lastDelivery(caller: AuthUser): Promise<LastDelivery> {
      const latest = await repo.findLatestDelivery(db, caller.sub);
      return { delivery: latest ? toDelivery(latest) : null };
    },

    findOwnOrder,

    /** The caller's order, locked for the paying transaction. */
    async lockOwnOrder(tx: Db, caller: AuthUser, id: string) {
      return requireAccess(caller, isUuid(id) ? await repo.lockOrderById(tx, id) : undefined, orderAccess);
    },

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
