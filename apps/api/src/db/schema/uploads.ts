import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * Every file a user uploaded: who sent it, its size on disk (with its thumbnail), and when a
 * listing or a post first used it. An upload nothing has used after a day is an orphan and is
 * removed with its files. Sample images are not uploads and are not listed here.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull().unique(),
    thumbnailUrl: text('thumbnail_url'),
    /** course-media: a lesson's video or PDF, private, with its own quota. */
    kind: text('kind', { enum: ['image', 'video', 'course-media'] }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    check('uploads_kind_known', sql`${table.kind} in ('image', 'video', 'course-media')`),
    check('uploads_bytes_positive', sql`${table.bytes} > 0`),
    index('uploads_owner').on(table.ownerId, table.usedAt),
    // The day's bytes, per account, network and site (decision 0015).
    index('uploads_created').on(table.createdAt),
    index('uploads_unused')
      .on(table.createdAt)
      .where(sql`${table.usedAt} is null`),
  ],
);
