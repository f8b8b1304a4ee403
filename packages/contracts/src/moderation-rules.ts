// Reports and moderation (#28; DESIGN §7): what can be reported, why, and the texts people see.
// Zod-free, so pages that only show a Report button do not load form code.

/** What a signed-in user can report. A review is a product's or a stay's. */
export const REPORT_SUBJECTS = [
  'product',
  'stay',
  'event',
  'course',
  'thread',
  'reply',
  'product_review',
  'stay_review',
] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

export const REPORT_SUBJECT_LABELS: Record<ReportSubject, string> = {
  product: 'Product',
  stay: 'Stay',
  event: 'Event',
  course: 'Course',
  thread: 'Thread',
  reply: 'Reply',
  product_review: 'Product review',
  stay_review: 'Stay review',
};

/** The short list a reporter picks from. */
export const REPORT_REASONS = ['scam', 'prohibited', 'misleading', 'offensive', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited or illegal item',
  misleading: 'Misleading or fake',
  offensive: 'Offensive or abusive',
  spam: 'Spam',
  other: 'Something else',
};

/** Reports from this many different accounts hide an item until an admin decides (as Discourse does). */
export const REPORTS_TO_HIDE = 3;

export const REPORT_NOTE_MAX = 500;
/** Reports one account may send in a day: enough for anyone, too few to flood the queue. */
export const REPORTS_PER_DAY = 20;
export const MODERATION_REASON_MAX = 300;

/** A case in the moderation queue: open (reported), hidden (by three reports or an admin), restored. */
export const MODERATION_STATES = ['open', 'hidden', 'restored'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const MODERATION_ACTIONS = ['auto_hide', 'hide', 'restore', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Where a suspended person writes to appeal. */
export const APPEAL_ADDRESS = 'appeals@sokoni.co.ke';

export const MODERATION_TEXTS = {
  reported: 'Thanks. Our team will look at this report.',
  alreadyReported: 'You have already reported this.',
  ownItem: 'You cannot report your own listing or post.',
  notFound: 'This item no longer exists.',
  hiddenForOwner: (reason: string) => `Hidden by Sokoni's moderators: ${reason}`,
  hiddenPendingReview: 'Hidden while our team reviews reports about it.',
  queueEmpty: 'No reports are waiting.',
  suspended: (reason: string) =>
    `Your account is suspended: ${reason}. To appeal, write to ${APPEAL_ADDRESS} from this account's e-mail address.`,
  cannotSuspendAdmin: 'An admin account cannot be suspended.',
  tooManyReports: `You can send up to ${REPORTS_PER_DAY} reports a day. Please try again tomorrow.`,
} as const;

/** The reason shown to owners of what a suspension hid. */
export const SUSPENDED_OWNER_REASON = 'Its owner’s account is suspended';
