import type { FinanceReport } from '@sokoni/contracts/earnings';
import { AlertCircleIcon, CheckCircleIcon } from '@/components/icons';

const count = (value: number) => value.toLocaleString('en-KE');

/** The ledger's own check: OK, or how many entries, balances and earners are wrong. */
export function LedgerCheck({ check }: { check: FinanceReport['check'] }) {
  if (check.ok) {
    return (
      <div
        role="status"
        data-testid="ledger-check"
        className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
      >
        <CheckCircleIcon className="mt-0.5 shrink-0 text-xl" />
        <p>
          <span className="font-bold">OK.</span> All {count(check.entries)} entries balance, every balance
          matches its lines and no earner is below zero.
        </p>
      </div>
    );
  }
  const problems = [
    { term: 'Unbalanced entries', value: check.unbalancedEntries },
    { term: 'Balances that differ from their lines', value: check.balancesOff },
    { term: 'Earner balances below zero', value: check.negativeEarnerBalances },
  ];
  return (
    <div
      role="alert"
      data-testid="ledger-check"
      className="space-y-2 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900"
    >
      <p className="flex items-center gap-2 font-bold">
        <AlertCircleIcon className="shrink-0 text-xl" />
        The ledger check found problems in {count(check.entries)} entries.
      </p>
      <dl className="space-y-1">
        {problems.map((problem) => (
          <div key={problem.term} className="flex justify-between gap-4">
            <dt>{problem.term}</dt>
            <dd className="font-bold tabular-nums">{count(problem.value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
