import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import {
  MODERATION_ACTIONS,
  MODERATION_STATES,
  REPORT_REASONS,
  REPORT_SUBJECTS,
} from '@sokoni/contracts/moderation-rules';
import { users } from './accounts.js';

const listed = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The two columns every reportable table carries (#28). A row with `hidden_at` set is shown to its
 * owner only, with `hidden_reason`; everyone else meets it as not found.
 */
export const moderationColumns = () => ({
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
});

/**
 * One reported item: its state and, while open, its place in the admin's queue (oldest first). The
 * item is named by kind and id, as a report may name any of eight tables.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject', { enum: REPORT_SUBJECTS }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: MODERATION_STATES }).notNull().default('open'),
    /** When it (re)entered the queue: the first report, or the first one after a decision. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while it waits for an admin. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    unique('moderation_cases_subject').on(table.subject, table.subjectId),
    check('moderation_cases_subject_known', sql.raw(`subject in (${listed(REPORT_SUBJECTS)})`)),
    check('moderation_cases_state_known', sql.raw(`state in (${listed(MODERATION_STATES)})`)),
    index('moderation_cases_queue')
      .on(table.openedAt, table.id)
      .where(sql`${table.decidedAt} is null`),
  ],
);

/** One user's report of one item: the unique key keeps it to one each. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('reports_once_per_reporter').on(table.caseId, table.reporterId),
    check('reports_reason_known', sql.raw(`reason in (${listed(REPORT_REASONS)})`)),
    index('reports_reporter').on(table.reporterId, table.createdAt),
  ],
);

/**
 * Every moderation decision, append-only: the three-report rule's (decided_by null) and each admin's,
 * on a case or on an account.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id').references(() => moderationCases.id),
    /** The suspended account, for a suspension. */
    userId: uuid('user_id').references(() => users.id),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    reason: text('reason').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('moderation_decisions_action_known', sql.raw(`action in (${listed(MODERATION_ACTIONS)})`)),
    check('moderation_decisions_names_one', sql`(${table.caseId} is null) <> (${table.userId} is null)`),
    index('moderation_decisions_case').on(table.caseId, table.decidedAt),
  ],
);
