import { formatNairobiTime } from '@sokoni/contracts/events-rules';

/** What My Trips says beyond the contract's stay messages. */
export const TRIP_MESSAGES = {
  loadFailed: 'Failed to load your trips. Please try again.',
  noUpcoming: 'No upcoming trips.',
  notCompleted: 'Not completed',
  notCompletedHint: 'Bookings that were not paid for. Pay again while the dates are free.',
  datesGone: 'These dates are no longer free. Choose other dates on the stay’s page.',
  payBy: (holdExpiresAt: string) =>
    `Your dates are held until ${formatNairobiTime(holdExpiresAt)}. Unpaid, they are released then.`,
  cancelTitle: 'Cancel this booking?',
  cancelFailed: 'Could not cancel this booking. Please try again.',
  cancelStayTitle: 'Cancel this stay?',
  previewFailed: 'We could not check what you would get back. Please try again.',
  refundIfCancelled: (amount: string, percent: number) =>
    `Cancel now and you get ${amount} back (${percent}% of what you paid).`,
  noRefundIfCancelled: 'Cancel now and no refund is due under this policy.',
  cancelledTitle: 'Cancelled',
  cancelledHint: 'Stays you cancelled, and what came back to you.',
} as const;
