import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_TYPES } from '@sokoni/contracts/checkout';
import { PAYMENT_METHODS } from '@sokoni/contracts/mpesa';
import { users } from './accounts.js';

/** Every payment attempt: one row per reference we hand a provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    subjectId: text('subject_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('KES'),
    email: text('email').notNull(),
    provider: text('provider', { enum: ['sandbox', 'paystack'] }).notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    callbackUrl: text('callback_url').notNull(),
    /** Until when what the payment is for (units, seats, nights) is held for the payer. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** When the hold ended, sold or given back: set once, so a hold is released at most once. */
    holdEndedAt: timestamp('hold_ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A charge that succeeded for something no longer to be had (a stay's nights taken after its
     * hold lapsed) is given back: `pending` until the provider confirms the refund, then `refunded`.
     */
    refundStatus: text('refund_status', { enum: ['pending', 'refunded'] }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * What the payment is for, one payer's thing: an order, a booking, one buyer's seats of an event,
     * one learner's place in a course. At most one payment of a subject holds at a time.
     */
    openKey: text('open_key').notNull(),
    /** Where the payer goes to pay, and the provider's code for it: answered again to a second click. */
    authorizationUrl: text('authorization_url'),
    accessCode: text('access_code'),
    /** The payer's network when they started paying (lib/standing.ts): new accounts share its bounds. */
    network: text('network').notNull(),
    /** A prompt on the payer's M-Pesa phone, or the provider's card page (#26). */
    method: text('method', { enum: PAYMENT_METHODS }).notNull().default('card'),
    /** The M-Pesa number the prompt went to (E.164), for the waiting screen and the receipt. */
    phone: text('phone'),
    /** While an M-Pesa prompt waits: when we stop waiting for the payer's answer. */
    promptExpiresAt: timestamp('prompt_expires_at', { withTimezone: true }),
    /** When the provider was last asked about a pending charge: not again within 10 s. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** An event payment's tickets, so paying again asks for as many. */
    quantity: integer('quantity'),
  },
  (table) => [
    check('payments_status_known', sql`${table.status} in ('pending', 'success', 'failed', 'abandoned')`),
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
    check('payments_method_known', sql`${table.method} in ('mpesa', 'card')`),
    check('payments_mpesa_has_phone', sql`${table.method} <> 'mpesa' or ${table.phone} is not null`),
    check('payments_refund_status_known', sql`${table.refundStatus} in ('pending', 'refunded')`),
    index('payments_subject').on(table.paymentType, table.subjectId),
    index('payments_refunds_pending')
      .on(table.updatedAt)
      .where(sql`${table.refundStatus} = 'pending'`),
    uniqueIndex('payments_one_open_per_subject')
      .on(table.openKey)
      .where(sql`${table.status} = 'pending' and ${table.holdEndedAt} is null`),
    index('payments_open_of_payer')
      .on(table.userId)
      .where(sql`${table.status} = 'pending' and ${table.holdEndedAt} is null`),
    index('payments_open_of_network')
      .on(table.network)
      .where(sql`${table.status} = 'pending' and ${table.holdEndedAt} is null`),
    index('payments_holds_open')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'pending' and ${table.holdEndedAt} is null`),
  ],
);

/** What the provider told us and when: initialisation, verifications, webhooks. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** `refund`: our requests to give a charge back, and what the provider answered. */
    source: text('source', { enum: ['initialize', 'verify', 'webhook', 'sandbox', 'refund'] }).notNull(),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_events_payment').on(table.paymentId, table.createdAt)],
);

/** The unique key that makes fulfilment happen once per reference, whoever gets there first. */
export const paymentFulfilments = pgTable('payment_fulfilments', {
  reference: text('reference')
    .primaryKey()
    .references(() => payments.reference),
  fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }).notNull().defaultNow(),
});
