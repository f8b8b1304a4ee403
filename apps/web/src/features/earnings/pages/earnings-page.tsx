import { EmptyState } from '@/components/empty-state';
import { BagIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { useEarnings } from '../api/get-earnings';
import { useStatement } from '../api/get-statement';
import { Balances } from '../components/balances';
import { GetPaid } from '../components/get-paid';
import { PayoutList } from '../components/payout-list';
import { Statement } from '../components/statement';
import { holdsNothing } from '../lib/earnings-display';
import { EARNINGS_PAGE_MESSAGES } from '../lib/earnings-messages';

function EarningsContent() {
  const earnings = useEarnings();
  const statement = useStatement();
  if (earnings.isPending) return <LoadingState label="Loading your earnings..." />;
  if (earnings.isError) {
    return (
      <QueryError
        message={EARNINGS_PAGE_MESSAGES.loadFailed}
        onRetry={() => void earnings.refetch()}
        retrying={earnings.isFetching}
      />
    );
  }
  const summary = earnings.data;
  if (holdsNothing(summary)) {
    // Nothing held: the statement decides between the empty state and lines that cancel out.
    if (statement.isPending) return <LoadingState label="Loading your earnings..." />;
    if (statement.isSuccess && statement.data.pages[0]?.total === 0) {
      return (
        <div className="space-y-6">
          <EmptyState
            icon={BagIcon}
            message={EARNINGS_PAGE_MESSAGES.nothingYet}
            detail={EARNINGS_PAGE_MESSAGES.nothingYetDetail}
            action={{ to: '/sell', label: 'Sell an item' }}
          />
          <GetPaid summary={summary} />
        </div>
      );
    }
  }
  return (
    <div className="space-y-8">
      <Balances summary={summary} />
      <GetPaid summary={summary} />
      {summary.payouts.length ? <PayoutList payouts={summary.payouts} /> : null}
      <Statement statement={statement} />
    </div>
  );
}

/**
 * The signed-in earner's money (#27): what is pending, available and paid out, in KES; where they are
 * paid and 'Get paid now'; their recent payouts; and the statement of every movement, as a CSV too.
 */
export function EarningsPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <title>Earnings — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Earnings</h1>
      <EarningsContent />
    </section>
  );
}
