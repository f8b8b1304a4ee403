import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { moderationColumns } from './moderation.js';

export const communityGroups = pgTable(
  'community_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('community_groups_name_unique').on(sql`lower(${table.name})`)],
);

export const threads = pgTable(
  'threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull().default(''),
    content: text('content').notNull(),
    category: text('category', { enum: ['technology', 'fashion', 'deals', 'agriculture'] }).notNull(),
    groupId: uuid('group_id').references(() => communityGroups.id),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    image: text('image'),
    video: text('video'),
    replyCount: integer('reply_count').notNull().default(0),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'threads_category_known',
      sql`${table.category} in ('technology', 'fashion', 'deals', 'agriculture')`,
    ),
    index('threads_newest').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('threads_group_newest').on(table.groupId, table.createdAt.desc().nullsFirst()),
    index('threads_category_newest').on(table.category, table.createdAt.desc().nullsFirst()),
  ],
);

export const replies = pgTable(
  'replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    parentReplyId: uuid('parent_reply_id'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    image: text('image'),
    video: text('video'),
    upvotes: integer('upvotes').notNull().default(0),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('replies_thread').on(table.threadId, table.createdAt),
    check('replies_upvotes_not_negative', sql`${table.upvotes} >= 0`),
  ],
);

/** One upvote per user per reply: the unique key is the rule. */
export const replyUpvotes = pgTable(
  'reply_upvotes',
  {
    replyId: uuid('reply_id')
      .notNull()
      .references(() => replies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('reply_upvotes_once').on(table.replyId, table.userId)],
);
