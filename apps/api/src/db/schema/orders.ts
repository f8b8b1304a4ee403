import { sql } from 'drizzle-orm';
import { ORDER_QUANTITY_MAX } from '@sokoni/contracts/checkout';
import { DELIVERY_METHODS, KENYA_COUNTIES } from '@sokoni/contracts/delivery-rules';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './shop.js';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('pending'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the buyer confirmed the goods arrived (#27): the sellers' earnings become available. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /**
     * Where the goods go and how to reach the buyer (#15): the phone in E.164, and delivery to a
     * county, town and street or landmark, or pickup from each seller's shop. Null on older orders.
     */
    phone: text('phone'),
    deliveryMethod: text('delivery_method', { enum: DELIVERY_METHODS }),
    county: text('county'),
    town: text('town'),
    address: text('address'),
  },
  (table) => [
    check('orders_status_known', sql`${table.status} in ('pending', 'paid')`),
    check('orders_total_positive', sql`${table.totalCents} > 0`),
    // Every comparison also says `is not null`: a CHECK passes on NULL, and a missing part must fail it.
    check(
      'orders_delivery_complete',
      sql.raw(
        `(delivery_method is null and phone is null and county is null and town is null and address is null) or ` +
          `(delivery_method is not null and phone is not null and phone ~ '^\\+254[17][0-9]{8}$' and (` +
          `(delivery_method = 'pickup' and county is null and town is null and address is null) or ` +
          `(delivery_method = 'delivery' and county is not null and town is not null and address is not null ` +
          `and county in (${KENYA_COUNTIES.map((county) => `'${county.replace("'", "''")}'`).join(', ')}))))`,
      ),
    ),
    index('orders_user_newest').on(table.userId, table.createdAt.desc().nullsFirst()),
  ],
);

/** Each line keeps its own copy of what was bought, so deleting the product later changes nothing here. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's seller when ordered, kept for their sales even once the product is deleted. */
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** A line cancelled before it shipped (#27), by its buyer or its seller: refunded, stock back. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['buyer', 'seller'] }),
  },
  (table) => [
    check(
      'order_items_cancelled',
      sql`(${table.cancelledAt} is null) = (${table.cancelledBy} is null) and (${table.cancelledBy} is null or ${table.cancelledBy} in ('buyer', 'seller'))`,
    ),
    check(
      'order_items_quantity_range',
      sql`${table.quantity} between 1 and ${sql.raw(String(ORDER_QUANTITY_MAX))}`,
    ),
    index('order_items_order').on(table.orderId),
    index('order_items_seller').on(table.sellerId, table.orderId),
  ],
);

export const SHIPMENT_STATES = ['shipped', 'delivered'] as const;

/**
 * A seller's part of a paid order on its way (#15): shipped, then delivered. No row: awaiting
 * shipment. One row per order and seller, moved only forward by that seller.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: SHIPMENT_STATES }).notNull(),
    note: text('note'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.sellerId] }),
    check('order_shipments_status_known', sql`${table.status} in ('shipped', 'delivered')`),
    check(
      'order_shipments_delivered_after_shipped',
      sql`(${table.status} = 'delivered') = (${table.deliveredAt} is not null)`,
    ),
  ],
);
