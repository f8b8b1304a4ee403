import { RELEASE_RULES } from '@sokoni/contracts/cancellation-rules';

/** What the earnings page says beyond the contract's earnings messages. */
export const EARNINGS_PAGE_MESSAGES = {
  loadFailed: 'Failed to load your earnings. Please try again.',
  statementLoadFailed: 'Failed to load your statement. Please try again.',
  nothingYet: "You haven't earned anything yet.",
  nothingYetDetail:
    'What you earn from your sales, stays, events and courses shows here, with every shilling accounted for.',
  pendingHint: `Earnings wait before you can be paid: a sale until the buyer confirms receipt or ${RELEASE_RULES.shippedDays} days after you ship it, a stay ${RELEASE_RULES.afterCheckInHours} hours after check-in, tickets until the day after the event, a course ${RELEASE_RULES.courseDays} days after enrolment.`,
  payoutFailed: 'Your payout could not be started. Please try again.',
  methodSaveFailed: 'Your payout method could not be saved. Please try again.',
  downloadFailed: 'Your statement could not be downloaded. Please try again.',
  noStatementLines: 'Nothing has moved yet.',
} as const;
