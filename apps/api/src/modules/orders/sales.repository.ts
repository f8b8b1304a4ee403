import { and, asc, count, desc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { orderItems, orderShipments, orders } from '../../db/schema/orders.js';
import type { OrderItemRecord } from './orders.repository.js';

export type ShipmentRecord = typeof orderShipments.$inferSelect;

/** The orders holding at least one line `sellerId` sold (the order_items_seller index). */
const holdsLinesOf = (db: Db, sellerId: string) =>
  exists(
    db
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.sellerId, sellerId))),
  );

const sellers = alias(users, 'sellers');

/** A seller's paid orders, with the buyer, the delivery and the seller's shipment (none: awaiting). */
const selectSales = (db: Db, sellerId: string, where: SQL | undefined) =>
  db
    .select({
      orderId: orders.id,
      sellerName: sellers.name,
      paidAt: orders.paidAt,
      receivedAt: orders.receivedAt,
      buyerName: users.name,
      phone: orders.phone,
      deliveryMethod: orders.deliveryMethod,
      county: orders.county,
      town: orders.town,
      address: orders.address,
      shipmentStatus: orderShipments.status,
      note: orderShipments.note,
      shippedAt: orderShipments.shippedAt,
      deliveredAt: orderShipments.deliveredAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(sellers, eq(sellers.id, sellerId))
    .leftJoin(
      orderShipments,
      and(eq(orderShipments.orderId, orders.id), eq(orderShipments.sellerId, sellerId)),
    )
    .where(and(eq(orders.status, 'paid'), holdsLinesOf(db, sellerId), where));

export type SaleRecord = Awaited<ReturnType<typeof selectSales>>[number];

/** One page of a seller's sales, newest paid first. */
export async function findSalesBySeller(
  db: Db,
  sellerId: string,
  page: { limit: number; offset: number },
): Promise<SaleRecord[]> {
  return selectSales(db, sellerId, undefined)
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many paid orders hold a line of the seller's, every page together. */
export async function countSalesBySeller(db: Db, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), holdsLinesOf(db, sellerId)));
  return row?.total ?? 0;
}

/** One sale of the seller's; undefined unless the order is paid and holds a line of theirs. */
export async function findSale(db: Db, sellerId: string, orderId: string): Promise<SaleRecord | undefined> {
  const [row] = await selectSales(db, sellerId, eq(orders.id, orderId));
  return row;
}

/** The seller's lines of these orders, by product name. */
export async function findLinesOfSeller(
  db: Db,
  sellerId: string,
  orderIds: string[],
): Promise<OrderItemRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.sellerId, sellerId), inArray(orderItems.orderId, orderIds)))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
}

/** The order's status, if it holds a line the seller sold; undefined for anyone else's. */
export async function findOrderStatusForSeller(
  db: Db,
  sellerId: string,
  orderId: string,
): Promise<'pending' | 'paid' | undefined> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), holdsLinesOf(db, sellerId)));
  return row?.status;
}

/**
 * Awaiting → shipped, the first request only: a second one (at the same moment too) finds the row
 * there and inserts nothing. Answers the new row, or undefined when it was already shipped.
 */
export async function insertShipment(
  db: Db,
  shipment: { orderId: string; sellerId: string; note: string | null; shippedAt: Date },
): Promise<ShipmentRecord | undefined> {
  const [row] = await db
    .insert(orderShipments)
    .values({ ...shipment, status: 'shipped' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Shipped → delivered; undefined when the shipment is not (or no longer) in 'shipped'. */
export async function markShipmentDelivered(
  db: Db,
  key: { orderId: string; sellerId: string },
  deliveredAt: Date,
): Promise<ShipmentRecord | undefined> {
  const [row] = await db
    .update(orderShipments)
    .set({ status: 'delivered', deliveredAt })
    .where(
      and(
        eq(orderShipments.orderId, key.orderId),
        eq(orderShipments.sellerId, key.sellerId),
        eq(orderShipments.status, 'shipped'),
      ),
    )
    .returning();
  return row;
}

export async function findShipment(
  db: Db,
  key: { orderId: string; sellerId: string },
): Promise<ShipmentRecord | undefined> {
  const [row] = await db
    .select()
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, key.orderId), eq(orderShipments.sellerId, key.sellerId)));
  return row;
}

/**
 * What the e-mails about an order's sales say: the buyer and the delivery, and every line with its
 * seller (lines whose seller's account is gone have no one to tell, and are left out).
 */
export async function findSaleLetterFacts(db: Db, orderId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      buyerName: users.name,
      buyerEmail: users.email,
      phone: orders.phone,
      deliveryMethod: orders.deliveryMethod,
      county: orders.county,
      town: orders.town,
      address: orders.address,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await db
    .select({
      sellerId: users.id,
      sellerName: users.name,
      sellerEmail: users.email,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      cancelledAt: orderItems.cancelledAt,
    })
    .from(orderItems)
    .innerJoin(users, eq(users.id, orderItems.sellerId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return { ...order, lines };
}

export type SaleLetterFacts = NonNullable<Awaited<ReturnType<typeof findSaleLetterFacts>>>;
