import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { products } from '../../db/schema/shop.js';

export type SellerRecord = {
  id: string;
  name: string;
  createdAt: Date;
  location: string | null;
  /** The contact written on their newest listing; null with none. */
  contact: string | null;
  listingCount: number;
  ratingSum: number;
  reviewCount: number;
};

/**
 * The seller's products shown (in the outer query; not those moderators hid), each subquery on the
 * products_seller index.
 */
const ofSeller = sql`${products} where ${products.sellerId} = ${users.id} and ${products.hiddenAt} is null`;

/**
 * A user as a seller: their listings, the reviews of them all, the shop location of their newest
 * listing that names one, and the contact of their newest. Undefined when there is no such user.
 */
export async function findSellerById(db: Db, id: string): Promise<SellerRecord | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      createdAt: users.createdAt,
      location: sql<string | null>`(select ${products.shopLocation} from ${ofSeller}
        and ${products.shopLocation} <> '' order by ${products.createdAt} desc, ${products.id} desc limit 1)`,
      contact: sql<string | null>`(select ${products.sellerContact} from ${ofSeller}
        order by ${products.createdAt} desc, ${products.id} desc limit 1)`,
      listingCount: sql<number>`(select count(*) from ${ofSeller})`.mapWith(Number),
      ratingSum: sql<number>`(select coalesce(sum(${products.ratingSum}), 0) from ${ofSeller})`.mapWith(
        Number,
      ),
      reviewCount: sql<number>`(select coalesce(sum(${products.reviewCount}), 0) from ${ofSeller})`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
