import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { orderItems, orderShipments, orders } from '../../db/schema/orders.js';
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
  /** #28: when moderators hid it (shown to its author only), and why; null while it is shown. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
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
  hiddenAt: productReviews.hiddenAt,
  hiddenReason: productReviews.hiddenReason,
};

/** The product's reviews, newest first: those moderators hid only for their author (`viewerId`). */
export async function findReviewsByProduct(
  db: Db,
  productId: string,
  viewerId?: string,
): Promise<ReviewRecord[]> {
  return db
    .select(reviewColumns)
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(
      and(
        eq(productReviews.productId, productId),
        or(isNull(productReviews.hiddenAt), viewerId ? eq(productReviews.userId, viewerId) : undefined),
      ),
    )
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

/** Adds a rating to the product's running totals; false when the product does not exist or is hidden. */
export async function addRatingToProduct(db: Db, productId: string, rating: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ratingSum: sql`${products.ratingSum} + ${rating}`, reviewCount: sql`${products.reviewCount} + 1` })
    .where(and(eq(products.id, productId), isNull(products.hiddenAt)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Whether the user bought the product (a line of it, not cancelled, in a paid order) and whether
 * such a line arrived: its order confirmed received by the buyer, or its seller's shipment delivered.
 */
export async function findPurchaseOf(
  db: Db,
  userId: string,
  productId: string,
): Promise<{ bought: boolean; arrived: boolean }> {
  const [row] = await db
    .select({
      lines: count(),
      arrived: sql<boolean>`coalesce(bool_or(${orders.receivedAt} is not null or ${orderShipments.status} = 'delivered'), false)`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(
      orderShipments,
      and(eq(orderShipments.orderId, orders.id), eq(orderShipments.sellerId, orderItems.sellerId)),
    )
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'paid'),
        eq(orderItems.productId, productId),
        isNull(orderItems.cancelledAt),
      ),
    );
  return { bought: (row?.lines ?? 0) > 0, arrived: row?.arrived === true };
}

/** Whether the user has reviewed the product. */
export async function hasReviewed(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)))
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
    /** Its author had received the product (false unless told: reviews written before #28 may not have). */
    verifiedPurchase?: boolean;
    createdAt?: Date;
  },
): Promise<string> {
  const [row] = await db.insert(productReviews).values(values).returning({ id: productReviews.id });
  if (!row) throw new Error('insert into product_reviews returned no row');
  return row.id;
}
