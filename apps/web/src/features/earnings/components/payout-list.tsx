import { PAYOUT_STATUS_LABELS, type Payout } from '@sokoni/contracts/earnings';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { formatKESExact } from '@sokoni/contracts/money';
import { PAYOUT_STATUS_CLASSES } from '../lib/earnings-display';

/** The earner's recent payouts: how much, where to, when asked (and settled), where each stands and why one failed. */
export function PayoutList({ payouts }: { payouts: Payout[] }) {
  return (
    <section aria-labelledby="payouts-heading" className="space-y-3">
      <h2 id="payouts-heading" className="text-lg font-bold text-slate-900">
        Recent payouts
      </h2>
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4">
        {payouts.map((payout) => (
          <li key={payout.id} data-testid="payout" className="space-y-1 py-3">
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-bold text-slate-900 tabular-nums">{formatKESExact(payout.amount)}</span>
              <span
                data-testid="payout-status"
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${PAYOUT_STATUS_CLASSES[payout.status]}`}
              >
                {PAYOUT_STATUS_LABELS[payout.status]}
              </span>
            </p>
            <p className="text-sm break-words text-slate-700">
              To {payout.method} ·{' '}
              <time dateTime={payout.requestedAt}>{formatNairobiTime(payout.requestedAt)}</time>
            </p>
            {payout.failure ? <p className="text-sm text-red-800">{payout.failure}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
