import { sql } from 'drizzle-orm';
import { ORDER_QUANTITY_MAX } from '@sokoni/contracts/checkout';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  },
  (table) => [
    check('orders_status_known', sql`${table.status} in ('pending', 'paid')`),
    check('orders_total_positive', sql`${table.totalCents} > 0`),
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
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    check(
      'order_items_quantity_range',
      sql`${table.quantity} between 1 and ${sql.raw(String(ORDER_QUANTITY_MAX))}`,
    ),
    index('order_items_order').on(table.orderId),
  ],
);
