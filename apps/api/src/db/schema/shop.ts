import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { CATEGORY_IDS } from '@sokoni/contracts/catalog';
import { users } from './accounts.js';
import { moderationColumns } from './moderation.js';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    originalPriceCents: bigint('original_price_cents', { mode: 'number' }),
    category: text('category').notNull(),
    condition: text('condition', { enum: ['New', 'Used', 'Refurbished'] }).notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    sellerContact: text('seller_contact').notNull(),
    shopLocation: text('shop_location').notNull().default(''),
    /** Units on hand, not yet sold. Some of them may be held for buyers who are paying. */
    stock: integer('stock').notNull().default(1),
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    isFeatured: boolean('is_featured').notNull().default(false),
    isTrending: boolean('is_trending').notNull().default(false),
    trendingScore: integer('trending_score').notNull().default(0),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('products_price_positive', sql`${table.priceCents} > 0`),
    check(
      'products_original_price_not_below_price',
      sql`${table.originalPriceCents} is null or ${table.originalPriceCents} >= ${table.priceCents}`,
    ),
    check(
      'products_category_known',
      sql.raw(`category in (${CATEGORY_IDS.map((id) => `'${id}'`).join(', ')})`),
    ),
    check('products_stock_not_negative', sql`${table.stock} >= 0`),
    check('products_condition_known', sql`${table.condition} in ('New', 'Used', 'Refurbished')`),
    check(
      'products_rating_consistent',
      sql`${table.ratingSum} between ${table.reviewCount} and 5 * ${table.reviewCount}`,
    ),
    // The default listing (newest first) and its keyset.
    index('products_newest').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('products_category_newest').on(
      table.category,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('products_price').on(table.priceCents, table.id),
    // Condition last: it never changes the order (id is unique), but a count of one category in a
    // price range with a condition is answered from the index alone (docs/PERFORMANCE.md).
    index('products_category_price').on(table.category, table.priceCents, table.id, table.condition),
    index('products_seller').on(table.sellerId, table.createdAt.desc().nullsFirst()),
    index('products_featured')
      .on(table.createdAt.desc().nullsFirst())
      .where(sql`${table.isFeatured}`),
    index('products_trending')
      .on(table.trendingScore.desc().nullsFirst())
      .where(sql`${table.isTrending}`),
    index('products_title_trgm').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
  ],
);

export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** Its author had paid for the product when they wrote it (#15). */
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('product_reviews_one_per_user').on(table.productId, table.userId),
    check('product_reviews_rating_range', sql`${table.rating} between 1 and 5`),
    index('product_reviews_product_newest').on(table.productId, table.createdAt.desc().nullsFirst()),
  ],
);

/** Views and units sold per product per day: the input of the trending score. */
export const productDailyStats = pgTable(
  'product_daily_stats',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    unitsSold: integer('units_sold').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.day] }),
    index('product_daily_stats_day').on(table.day),
  ],
);

/**
 * Who has looked at a product on a day, as a keyed hash of the signed-in user or the client's
 * network address: a view counts towards trending once per viewer per product per day, whichever
 * server process saw it. Kept for two days (docs/decisions/0003).
 */
export const productViews = pgTable(
  'product_views',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.day, table.viewer] }),
    index('product_views_day').on(table.day),
  ],
);

/**
 * Units of a product held for a payment in progress (one row per product of the payment). A hold
 * counts against what others can buy while it is `held` and not yet expired; it becomes `sold` when
 * the payment succeeds and `released` when it fails, is abandoned or lapses. A lapsed hold stops
 * counting at `expires_at` by itself; nothing has to run for its units to come back.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    reference: text('reference').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    state: text('state', { enum: ['held', 'sold', 'released'] })
      .notNull()
      .default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.reference, table.productId] }),
    check('stock_holds_quantity_positive', sql`${table.quantity} > 0`),
    check('stock_holds_state_known', sql`${table.state} in ('held', 'sold', 'released')`),
    index('stock_holds_active')
      .on(table.productId, table.expiresAt)
      .where(sql`${table.state} = 'held'`),
  ],
);

/** Products a user keeps to buy later (#15): one row each, gone with the product or the account. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('wishlist_items_user_newest').on(table.userId, table.createdAt.desc()),
  ],
);
