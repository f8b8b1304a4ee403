import { formatKESExact } from '@sokoni/contracts/money';
import type { EarningsSummary, PayoutStatus } from '@sokoni/contracts/earnings';

/** A statement amount with its direction: '+KES 9,500' into a balance, '−KES 475' out of it. */
export function signedKES(amount: number): string {
  if (amount < 0) return `\u2212${formatKESExact(-amount)}`;
  return `+${formatKESExact(amount)}`;
}

export const PAYOUT_STATUS_CLASSES: Record<PayoutStatus, string> = {
  in_flight: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  reversed: 'bg-amber-100 text-amber-900',
};

/** Nothing earned, held or paid: the page shows its empty state (once the statement is empty too). */
export const holdsNothing = (summary: EarningsSummary): boolean =>
  summary.pending === 0 &&
  summary.available === 0 &&
  summary.inFlight === 0 &&
  summary.paidOut === 0 &&
  summary.payouts.length === 0;
