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
  cancelled: 'Booking cancelled. Those dates are free again.',
  cancelFailed: 'Could not cancel this booking. Please try again.',
} as const;
