import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { productReviews, products } from '../../db/schema/shop.js';

export type ReviewRecord = {
  id: string;
  productId: string;
  userId: string;
  userName: string;
  rating: number;
  comment: string;
  verifiedPurchase: boolean;
  createdAt: Date;
};

const reviewColumns = {
  id: productReviews.id,
  productId: productReviews.productId,
  userId: productReviews.userId,
  userName: users.name,
  rating: productReviews.rating,
  comment: productReviews.comment,
  verifiedPurchase: productReviews.verifiedPurchase,
  createdAt: productReviews.createdAt,
};

export async function findReviewsByProduct(db: Db, productId: string): Promise<ReviewRecord[]> {
  return db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(eq(productReviews.productId, productId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
}

export async function findReviewById(db: Db, id: string): Promise<ReviewRecord | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(eq(productReviews.id, id));
  return row;
}

/** Adds a rating to the product's running totals; false when the product does not exist. */
export async function addRatingToProduct(db: Db, productId: string, rating: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ratingSum: sql`${products.ratingSum} + ${rating}`, reviewCount: sql`${products.reviewCount} + 1` })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Whether the user has a paid order with a line of the product. */
export async function hasPaidFor(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ orderId: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid'), eq(orderItems.productId, productId)))
    .limit(1);
  return row !== undefined;
}

export async function insertReview(
  db: Db,
  values: {
    productId: string;
    userId: string;
    rating: number;
    comment: string;
    /** Its author had paid for the product (false unless told). */
    verifiedPurchase?: boolean;
    createdAt?: Date;
  },
): Promise<string> {
  const [row] = await db.insert(productReviews).values(values).returning({ id: productReviews.id });
  if (!row) throw new Error('insert into product_reviews returned no row');
  return row.id;
}
