import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { orderItems, orders } from '../../db/schema/orders.js';

export type OrderRecord = typeof orders.$inferSelect;
export type OrderItemRecord = typeof orderItems.$inferSelect;

export async function insertOrder(
  db: Db,
  order: { userId: string; totalCents: number },
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

/** pending → paid, answering the buyer; undefined when the order was not pending (already paid). */
export async function markOrderPaid(db: Db, id: string): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'paid', paidAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning({ userId: orders.userId });
  return row;
}

/** Whom to send an order's receipt to, and what it was. */
export async function findReceipt(db: Db, orderId: string) {
  const [order] = await db
    .select({ id: orders.id, totalCents: orders.totalCents, buyerName: users.name, buyerEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const items = await db
    .select({
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.productName, orderItems.id);
  return { ...order, items };
}
