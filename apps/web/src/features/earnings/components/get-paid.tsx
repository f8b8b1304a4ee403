import { useState } from 'react';
import toast from 'react-hot-toast';
import { EARNINGS_MESSAGES, type EarningsSummary } from '@sokoni/contracts/earnings';
import { formatKESExact } from '@sokoni/contracts/money';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useRequestPayout } from '../api/request-payout';
import { EARNINGS_PAGE_MESSAGES } from '../lib/earnings-messages';
import { PayoutMethodDialog } from './payout-method-dialog';
import { runMutation } from '@/lib/run-mutation';

/** Why 'Get paid now' cannot be pressed, or null when it can. */
function blockedReason(summary: EarningsSummary): string | null {
  if (!summary.payoutMethod) return EARNINGS_MESSAGES.noPayoutMethod;
  if (summary.available < summary.minimumPayout) return EARNINGS_MESSAGES.belowMinimum;
  return null;
}

/** 'Get paid now': the whole available balance to the payout method, the server's answer said after. */
function GetPaidNow({ summary }: { summary: EarningsSummary }) {
  const payout = useRequestPayout();
  const [sent, setSent] = useState<string | null>(null);
  const blocked = blockedReason(summary);
  const ask = () => {
    setSent(null);
    runMutation(payout, undefined, {
      onSuccess: ({ message }) => {
        setSent(message);
        toast.success(message);
      },
    });
  };
  return (
    <div className="space-y-3">
      {summary.payoutMethod && summary.available > 0 ? (
        <p className="text-slate-700">
          {formatKESExact(summary.available)} can be sent to {summary.payoutMethod.label}.
        </p>
      ) : null}
      <Button
        onClick={ask}
        disabled={blocked !== null || payout.isPending}
        aria-describedby={blocked ? 'get-paid-blocked' : undefined}
        className="w-full sm:w-auto"
      >
        {payout.isPending ? <Spinner className="size-4" /> : null}
        Get paid now
      </Button>
      {blocked ? (
        <p id="get-paid-blocked" className="text-sm text-slate-700">
          {blocked}
        </p>
      ) : null}
      <FormAlert
        message={payout.isError ? errorMessage(payout.error, EARNINGS_PAGE_MESSAGES.payoutFailed) : null}
      />
      <p role="status" className="text-sm font-medium text-emerald-800">
        {sent}
      </p>
    </div>
  );
}

/** Where the earner is paid (masked), with a way to add or change it, and 'Get paid now'. */
export function GetPaid({ summary }: { summary: EarningsSummary }) {
  const [editing, setEditing] = useState(false);
  const method = summary.payoutMethod;
  return (
    <section
      aria-labelledby="get-paid-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="get-paid-heading" className="text-lg font-bold text-slate-900">
        Get paid
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">Payout method</p>
          {method ? (
            <p className="font-semibold break-words text-slate-900" data-testid="payout-method">
              {method.label} · {method.name}
            </p>
          ) : (
            <p className="text-slate-700">None yet</p>
          )}
        </div>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {method ? 'Change payout method' : 'Add payout method'}
        </Button>
      </div>
      <GetPaidNow summary={summary} />
      {editing ? <PayoutMethodDialog saved={method} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
