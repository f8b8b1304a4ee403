import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The network the account was made from (lib/standing.ts); null for accounts made before #25. */
    signupNetwork: text('signup_network'),
    /** Set by an admin (#28): sign-in is refused with the reason, and the account's listings are hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
  },
  (table) => [
    index('users_signup_network').on(table.signupNetwork, table.createdAt),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_role_known', sql`${table.role} in ('user', 'admin')`),
  ],
);

/**
 * One row per failed sign-in, counted over sliding windows per e-mail + IP, per e-mail (whatever
 * the IP) and per IP (whatever the e-mail): docs/decisions/0001.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_email_time').on(table.email, table.failedAt),
    index('login_failures_ip_time').on(table.ip, table.failedAt),
  ],
);
