import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { orderItems, orderShipments, orders } from '../../db/schema/orders.js';
import { products } from '../../db/schema/shop.js';

export type OrderRecord = typeof orders.$inferSelect;
export type OrderItemRecord = typeof orderItems.$inferSelect;

export async function insertOrder(
  db: Db,
  order: Omit<typeof orders.$inferInsert, 'id' | 'status' | 'createdAt' | 'paidAt'>,
  items: Array<Omit<typeof orderItems.$inferInsert, 'orderId'>>,
): Promise<OrderRecord> {
  const [created] = await db.insert(orders).values(order).returning();
  if (!created) throw new Error('insert into orders returned no row');
  await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: created.id })));
  return created;
}

export async function findOrderById(db: Db, id: string): Promise<OrderRecord | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order, locked until the transaction ends: payments of one order are settled one at a time. */
export async function lockOrderById(db: Db, id: string): Promise<OrderRecord | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** One page of a user's orders, newest first (the orders_user_newest index). */
export async function findOrdersByUser(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many orders a user has placed, every page together. */
export async function countOrdersByUser(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.total ?? 0;
}

export async function findItemsOfOrders(db: Db, orderIds: string[]): Promise<OrderItemRecord[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
}

export type DeliveryRecord = Pick<OrderRecord, 'deliveryMethod' | 'phone' | 'county' | 'town' | 'address'>;

/** The delivery details of the user's latest order that has them (the orders_user_newest index). */
export async function findLatestDelivery(db: Db, userId: string): Promise<DeliveryRecord | undefined> {
  const [row] = await db
    .select({
      deliveryMethod: orders.deliveryMethod,
      phone: orders.phone,
      county: orders.county,
      town: orders.town,
      address: orders.address,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.deliveryMethod)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

export type ShipmentRecord = {
  orderId: string;
  sellerId: string;
  sellerName: string;
  /** Null while the seller has not shipped (no row in order_shipments). */
  status: 'shipped' | 'delivered' | null;
  note: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
};

/**
 * Each seller's part of these orders: one row per order and seller of its lines, with the seller's
 * shipment where there is one; sellers by name.
 */
export async function findShipmentsOfOrders(db: Db, orderIds: string[]): Promise<ShipmentRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectDistinct({
      orderId: orderItems.orderId,
      sellerId: sql<string>`${orderItems.sellerId}`,
      sellerName: users.name,
      status: orderShipments.status,
      note: orderShipments.note,
      shippedAt: orderShipments.shippedAt,
      deliveredAt: orderShipments.deliveredAt,
    })
    .from(orderItems)
    .innerJoin(users, eq(users.id, orderItems.sellerId))
    .leftJoin(
      orderShipments,
      and(eq(orderShipments.orderId, orderItems.orderId), eq(orderShipments.sellerId, orderItems.sellerId)),
    )
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(users.name), asc(orderItems.sellerId));
}

/** pending → paid, answering the buyer; undefined when the order was not pending (already paid). */
export async function markOrderPaid(db: Db, id: string): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'paid', paidAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning({ userId: orders.userId });
  return row;
}

/** Cancels these lines (#27): by their buyer or their seller, at `at`. */
export async function markItemsCancelled(
  db: Db,
  ids: string[],
  by: 'buyer' | 'seller',
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(orderItems)
    .set({ cancelledAt: at, cancelledBy: by })
    .where(and(inArray(orderItems.id, ids), isNull(orderItems.cancelledAt)));
}

/** The buyer confirmed the goods arrived (#27), once. */
export async function markReceived(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(orders)
    .set({ receivedAt: at })
    .where(and(eq(orders.id, id), isNull(orders.receivedAt)));
}

/**
 * What an order's receipt says: where the goods go, and each line with its seller and the contact
 * its product gives (none when the seller's account or the product is gone).
 */
export async function findOrderReceipt(db: Db, orderId: string) {
  const [order] = await db
    .select({
      phone: orders.phone,
      deliveryMethod: orders.deliveryMethod,
      county: orders.county,
      town: orders.town,
      address: orders.address,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await db
    .select({
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      sellerId: orderItems.sellerId,
      sellerName: users.name,
      sellerEmail: users.email,
      sellerContact: products.sellerContact,
    })
    .from(orderItems)
    .leftJoin(users, eq(users.id, orderItems.sellerId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return { ...order, lines };
}

export type OrderReceiptFacts = NonNullable<Awaited<ReturnType<typeof findOrderReceipt>>>;
