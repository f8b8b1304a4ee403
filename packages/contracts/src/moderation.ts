// Reports and moderation calls (#28): POST /api/reports and the admin's queue, decisions and suspensions.
import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  MODERATION_STATES,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_SUBJECTS,
} from './moderation-rules.js';
import { block, line } from './text.js';

export * from './moderation-rules.js';

/**
 * On an item moderators hid, as its owner sees it (its detail and their dashboards); everyone else
 * meets the item as not found. Absent on an item that is shown.
 */
export const ModerationNotice = z.object({ hiddenReason: z.string() });
export type ModerationNotice = z.infer<typeof ModerationNotice>;

export const ReportInput = z.object({
  subject: z.enum(REPORT_SUBJECTS, { message: 'Choose what you are reporting.' }),
  subjectId: z.uuid({ message: 'This item no longer exists.' }),
  reason: z.enum(REPORT_REASONS, { message: 'Choose a reason.' }),
  note: block().trim().max(REPORT_NOTE_MAX, `Keep the note under ${REPORT_NOTE_MAX} characters.`).default(''),
});
export type ReportInput = z.infer<typeof ReportInput>;

export const reportCreated = z.object({ id: z.uuid(), message: z.string() });
export type ReportCreated = z.infer<typeof reportCreated>;

export const ResolveReportInput = z
  .object({
    action: z.enum(['hide', 'restore'], { message: 'Choose Hide or Restore.' }),
    reason: line()
      .trim()
      .max(MODERATION_REASON_MAX, `Keep the reason under ${MODERATION_REASON_MAX} characters.`)
      .default(''),
  })
  .refine((input) => input.action !== 'hide' || input.reason.length > 0, {
    message: 'Say why it is hidden: its owner sees this.',
    path: ['reason'],
  });
export type ResolveReportInput = z.infer<typeof ResolveReportInput>;

export const SuspendUserInput = z.object({
  reason: line()
    .trim()
    .min(1, 'Say why the account is suspended: its owner sees this.')
    .max(MODERATION_REASON_MAX, `Keep the reason under ${MODERATION_REASON_MAX} characters.`),
});
export type SuspendUserInput = z.infer<typeof SuspendUserInput>;

/** POST /admin/users/{id}/suspend answers the suspension, and how many listings it hid. */
export const userSuspended = z.object({
  userId: z.uuid(),
  reason: z.string(),
  suspendedAt: z.string(),
  hiddenListings: z.number().int(),
});
export type UserSuspended = z.infer<typeof userSuspended>;

export const moderationReport = z.object({
  id: z.uuid(),
  reporterName: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  createdAt: z.string(),
});

export const moderationDecision = z.object({
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  /** Null for the three-report rule. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string(),
});

/** One reported item in the queue, with its reports and what was decided about it. */
export const moderationCase = z.object({
  id: z.uuid(),
  subject: z.enum(REPORT_SUBJECTS),
  subjectId: z.uuid(),
  /** The item's title, or the first words of a post or review. */
  title: z.string(),
  /** Where the item is seen (a path in the app), when it has a page of its own. */
  path: z.string().nullable(),
  owner: z.object({ id: z.uuid(), name: z.string(), suspended: z.boolean() }),
  state: z.enum(MODERATION_STATES),
  hiddenReason: z.string().nullable(),
  openedAt: z.string(),
  reports: z.array(moderationReport),
  decisions: z.array(moderationDecision),
});
export type ModerationCase = z.infer<typeof moderationCase>;

export const moderationQueue = z.object({ items: z.array(moderationCase) });
export type ModerationQueue = z.infer<typeof moderationQueue>;
