import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'committing', 'sent', 'failed', 'unconfirmed'] as const;

/**
 * The mail outbox: a message is written here in the transaction that causes it, and a job sends it
 * (docs/decisions/0009-mail-outbox.md). `committing` marks the one attempt allowed to end the SMTP
 * transaction: set before the final '.', from `pending` only.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committingAt: timestamp('committing_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'mail_outbox_status_known',
      sql`${table.status} in ('pending', 'committing', 'sent', 'failed', 'unconfirmed')`,
    ),
    index('mail_outbox_unsent')
      .on(table.createdAt)
      .where(sql`${table.status} in ('pending', 'committing')`),
  ],
);
