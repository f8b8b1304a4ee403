import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  EARNER_ACCOUNTS,
  ENTRY_KINDS,
  PAYOUT_METHOD_KINDS,
  PAYOUT_STATUSES,
  PLATFORM_ACCOUNTS,
  VERTICALS,
} from '@sokoni/contracts/earnings';
import { users } from './accounts.js';
import { payments } from './payments.js';

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const ACCOUNT_KINDS = [...PLATFORM_ACCOUNTS, ...EARNER_ACCOUNTS] as const;

/**
 * The ledger (docs/decisions/0017): accounts, entries and lines are append-only (triggers refuse an
 * update or a delete); balances are kept beside them, in the same transaction, under a check that no
 * earner's balance goes below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    /** The earner; null for the platform's own accounts. */
    ownerId: uuid('owner_id').references(() => users.id),
    currency: text('currency').notNull().default('KES'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_accounts_kind_known', sql.raw(`kind in (${quoted(ACCOUNT_KINDS)})`)),
    check('ledger_accounts_owner', sql.raw(`(owner_id is null) = (kind in (${quoted(PLATFORM_ACCOUNTS)}))`)),
    uniqueIndex('ledger_accounts_kind_owner')
      .on(table.kind, table.ownerId)
      .where(sql`${table.ownerId} is not null`),
    uniqueIndex('ledger_accounts_platform')
      .on(table.kind)
      .where(sql`${table.ownerId} is null`),
  ],
);

/**
 * Each account's balance in its natural sign (what the earner is owed; what the provider holds for
 * us), moved with every line. Only the provider's clearing account may go below zero.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => ledgerAccounts.id),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    mayGoNegative: boolean('may_go_negative').notNull(),
  },
  (table) => [
    check('ledger_balances_not_negative', sql`${table.mayGoNegative} or ${table.balanceCents} >= 0`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    /** Our idempotency key ('sale:<reference>', 'release:<earning id>'): one entry per movement. */
    key: text('key').notNull().unique(),
    /** Business time (the app's clock), shown on statements. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    payoutId: uuid('payout_id'),
    /** What it was for, as its earner reads it: 'Sale: 2 × Bao board'. */
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('ledger_entries_kind_known', sql.raw(`kind in (${quoted(ENTRY_KINDS)})`))],
);

/** Signed cents: + debit, − credit. Each entry's lines sum to zero (checked at commit). */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The entry's business time, kept on the line for the statement's index. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('ledger_lines_not_zero', sql`${table.amountCents} <> 0`),
    index('ledger_lines_entry').on(table.entryId),
    index('ledger_lines_account_time').on(table.accountId, table.occurredAt.desc(), table.id.desc()),
  ],
);

export const EARNING_STATES = ['pending', 'available'] as const;

/**
 * One earner's share of one payment, released together: an order's lines of one seller, a booking,
 * one buyer's tickets, an enrolment. Mutable (the ledger is not): when it becomes available, and how
 * much of it has been refunded.
 */
export const earnings = pgTable(
  'earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    earnerId: uuid('earner_id')
      .notNull()
      .references(() => users.id),
    vertical: text('vertical', { enum: VERTICALS }).notNull(),
    /** What is earned, within the payment: 'order:<id>:<seller id>', 'booking:<id>', 'event:<id>', 'course:<id>'. */
    part: text('part').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    /** Of the gross, what has been given back to the payer; its fee share goes back too. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    refundedFeeCents: bigint('refunded_fee_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: EARNING_STATES }).notNull().default('pending'),
    /** When it becomes available; null until its condition starts the clock (an order shipped). */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('earnings_status_known', sql`${table.status} in ('pending', 'available')`),
    check('earnings_vertical_known', sql.raw(`vertical in (${quoted(VERTICALS)})`)),
    check(
      'earnings_amounts',
      sql`${table.grossCents} > 0 and ${table.feeCents} between 0 and ${table.grossCents} and ${table.refundedCents} between 0 and ${table.grossCents} and ${table.refundedFeeCents} between 0 and ${table.feeCents}`,
    ),
    uniqueIndex('earnings_payment_part').on(table.paymentId, table.part),
    index('earnings_part').on(table.part),
    index('earnings_due')
      .on(table.releaseAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** How an earner is paid (#27): one method each; Paystack's transfer recipient once made. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    kind: text('kind', { enum: PAYOUT_METHOD_KINDS }).notNull(),
    name: text('name').notNull(),
    /** E.164, for M-Pesa. */
    phone: text('phone'),
    bankCode: text('bank_code'),
    accountNumber: text('account_number'),
    /** Paystack's recipient code for these details: made when first paid, forgotten when they change. */
    recipientCode: text('recipient_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'payout_methods_details',
      sql`(${table.kind} = 'mpesa' and ${table.phone} is not null and ${table.bankCode} is null and ${table.accountNumber} is null) or (${table.kind} = 'bank' and ${table.phone} is null and ${table.bankCode} is not null and ${table.accountNumber} is not null)`,
    ),
  ],
);

/** A transfer of an earner's available balance: in flight until the provider says paid, failed or reversed. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Ours ('po_' and 24 hex digits): the transfer's reference at the provider, so a retry never pays twice. */
    reference: text('reference').notNull().unique(),
    earnerId: uuid('earner_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('in_flight'),
    /** What it was paid to, as its owner reads it ('M-Pesa 0712 ••• 678'). */
    methodLabel: text('method_label').notNull(),
    /** The provider's transfer code, once it accepted the transfer. */
    transferCode: text('transfer_code'),
    /** When the transfer was last sent (or claimed to be sent); null until then. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    check('payouts_amount_positive', sql`${table.amountCents} > 0`),
    check('payouts_status_known', sql.raw(`status in (${quoted(PAYOUT_STATUSES)})`)),
    index('payouts_earner').on(table.earnerId, table.requestedAt.desc()),
    index('payouts_in_flight')
      .on(table.sentAt)
      .where(sql`${table.status} = 'in_flight'`),
  ],
);

/**
 * A part of a charge given back (a cancellation): ours ('rf_' and 24 hex digits), asked of the
 * provider by the refunds job until it is done. A charge refunded whole because it fulfilled nothing
 * keeps its state on the payment itself.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'refunded'] })
      .notNull()
      .default('pending'),
    /** When the provider was last asked; the job asks again after a while. */
    triedAt: timestamp('tried_at', { withTimezone: true }),
    accepted: boolean('accepted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    check('refunds_amount_positive', sql`${table.amountCents} > 0`),
    check('refunds_status_known', sql`${table.status} in ('pending', 'refunded')`),
    index('refunds_payment').on(table.paymentId),
    index('refunds_pending')
      .on(table.triedAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
