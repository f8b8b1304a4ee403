import { formatKESExact } from '@sokoni/contracts/money';
import type { EarningsSummary } from '@sokoni/contracts/earnings';
import { EARNINGS_PAGE_MESSAGES } from '../lib/earnings-messages';

function Balance({ term, amount, main = false }: { term: string; amount: number; main?: boolean }) {
  return (
    <div
      className={`rounded-2xl border px-4 py-3 ${main ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-white'}`}
    >
      <dt className="text-sm font-medium text-slate-700">{term}</dt>
      <dd
        className={`text-xl font-extrabold tabular-nums sm:text-2xl ${main ? 'text-emerald-800' : 'text-slate-900'}`}
      >
        {formatKESExact(amount)}
      </dd>
    </div>
  );
}

/**
 * The earner's money by where it stands: available to be paid now, pending (and why it waits), on
 * its way to them, and paid out so far. 'On its way' shows only while a payout is under way.
 */
export function Balances({ summary }: { summary: EarningsSummary }) {
  return (
    <section aria-labelledby="balances-heading" className="space-y-3">
      <h2 id="balances-heading" className="sr-only">
        Balances
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="balances">
        <Balance term="Available" amount={summary.available} main />
        <Balance term="Pending" amount={summary.pending} />
        {summary.inFlight > 0 ? <Balance term="On its way" amount={summary.inFlight} /> : null}
        <Balance term="Paid out" amount={summary.paidOut} />
      </dl>
      <p className="text-sm text-slate-600">{EARNINGS_PAGE_MESSAGES.pendingHint}</p>
    </section>
  );
}
