import type { ReactNode } from 'react';
import { EARNINGS_MESSAGES, type FinanceReport } from '@sokoni/contracts/earnings';
import { formatKESExact } from '@sokoni/contracts/money';
import { DashboardFigure } from '@/components/dashboard-figure';
import { NotAllowed } from '@/components/not-allowed';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { hasCode } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useFinanceReport } from '../api/get-finance-report';
import { LedgerCheck } from '../components/ledger-check';

const LOAD_FAILED = 'Failed to load the finances. Please try again.';

/** '3 · KES 1,200': how many, and how much in all. */
const countAndAmount = ({ count, amount }: { count: number; amount: number }) =>
  `${count.toLocaleString('en-KE')} · ${formatKESExact(amount)}`;

function FigureGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `finance-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">{children}</dl>
    </section>
  );
}

function Report({ report }: { report: FinanceReport }) {
  return (
    <div className="space-y-8">
      <FigureGroup title="Money">
        <DashboardFigure term="Fees earned" value={formatKESExact(report.feesEarned)} />
        <DashboardFigure
          term="Held for earners: pending"
          value={formatKESExact(report.heldForEarners.pending)}
        />
        <DashboardFigure
          term="Held for earners: available"
          value={formatKESExact(report.heldForEarners.available)}
        />
        <DashboardFigure term="Paid out" value={formatKESExact(report.paidOut)} />
        <DashboardFigure term="With the payment provider" value={formatKESExact(report.providerClearing)} />
      </FigureGroup>
      <FigureGroup title="Payouts and refunds">
        <DashboardFigure term="Payouts in flight" value={countAndAmount(report.payoutsInFlight)} />
        <DashboardFigure term="Payouts failed" value={countAndAmount(report.payoutsFailed)} />
        <DashboardFigure term="Refunds pending" value={countAndAmount(report.refundsPending)} />
      </FigureGroup>
      <section aria-labelledby="finance-ledger-check" className="space-y-3">
        <h2 id="finance-ledger-check" className="text-lg font-bold text-slate-900">
          Ledger check
        </h2>
        <LedgerCheck check={report.check} />
      </section>
    </div>
  );
}

function FinanceContent({ report }: { report: ReturnType<typeof useFinanceReport> }) {
  if (report.isPending) return <LoadingState label="Loading the finances..." />;
  if (report.isError) {
    return (
      <QueryError message={LOAD_FAILED} onRetry={() => void report.refetch()} retrying={report.isFetching} />
    );
  }
  return <Report report={report.data} />;
}

function AdminFinance() {
  const report = useFinanceReport();
  // The token said admin, the server no longer does (the role was taken away).
  if (hasCode(report.error, 'ADMIN_ONLY')) return <NotAllowed message={EARNINGS_MESSAGES.notAdmin} />;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>Finance — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Finance</h1>
      <FinanceContent report={report} />
    </section>
  );
}

/**
 * Sokoni's finances for its admins (#27): fees earned, money held for earners, paid out, payouts in
 * flight and failed, refunds pending, and the ledger's own check. Anyone else is not allowed in.
 */
export function FinancePage() {
  const admin = useAuthStore((state) => state.user?.role === 'admin');
  return admin ? <AdminFinance /> : <NotAllowed message={EARNINGS_MESSAGES.notAdmin} />;
}
