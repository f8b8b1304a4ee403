import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, wishlistItems } from '../../db/schema/shop.js';
import { productColumns, type ProductRecord } from './products.repository.js';

/** The user's saved products as shoppers see them at `at`, newest saved first; hidden ones drop out. */
export async function findWishlistProducts(db: Db, userId: string, at: Date): Promise<ProductRecord[]> {
  return db
    .select(productColumns(at))
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), isNull(products.hiddenAt)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
}

/** Takes the user's wishlist for this transaction: their saves are counted and added one at a time. */
export async function lockWishlist(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wishlist:${userId}`}, 0))`);
}

/**
 * Whether the product exists and is shown, keeping it until the transaction ends (it cannot be
 * deleted meanwhile).
 */
export async function lockProduct(db: Db, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.hiddenAt)))
    .for('key share');
  return row !== undefined;
}

export async function isSaved(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return row !== undefined;
}

export async function countSaved(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return row?.total ?? 0;
}

export async function insertItem(
  db: Db,
  values: { userId: string; productId: string; createdAt: Date },
): Promise<void> {
  await db.insert(wishlistItems).values(values).onConflictDoNothing();
}

export async function deleteItem(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
