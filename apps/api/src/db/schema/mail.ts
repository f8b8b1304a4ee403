import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'committing', 'sent', 'failed', 'unconfirmed'] as const;

/** A file sent with a message; `cid` makes it an inline image the HTML part shows (src="cid:…"). */
export type MailAttachment = { filename: string; contentType: string; content: string; cid?: string };

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
    /** The plain text; `html`, when there is one, is the same message for mail apps that show HTML. */
    body: text('body').notNull(),
    html: text('html'),
    /**
     * Stored whole (`content` in base64) when the message is queued, so what is sent never depends on
     * data read later.
     */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
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
