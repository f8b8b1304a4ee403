import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { Spinner } from '@/components/spinner';
import type { CallbackState } from '../lib/payment-callback';
import type { PaidSubject } from '../lib/paid-subject';

type PaymentStatusPanelProps = {
  state: CallbackState;
  /** What was paid for, once the server has said. */
  paid: PaidSubject | null;
  /** Shown for a paid payment below its one-line summary (a stay's booking). */
  paidDetails?: ReactNode;
  /** Offered when the payment failed, before Retry (an order's Pay now). */
  failedAction?: ReactNode;
  reference: string | null;
  onRetry: () => void;
  onGoHome: () => void;
};

type Look = { title: string; text: string; tone: 'neutral' | 'success' | 'danger' | 'warning' };

const LOOKS: Record<CallbackState['phase'], Look> = {
  verifying: {
    title: 'Verifying Payment',
    text: 'Please wait while we confirm your payment...',
    tone: 'neutral',
  },
  success: {
    title: 'Payment Successful!',
    text: 'Your payment was processed successfully.',
    tone: 'success',
  },
  failed: {
    title: 'Payment Failed',
    text: 'Your payment could not be verified. Please try again.',
    tone: 'danger',
  },
  'no-reference': {
    title: 'Missing Reference',
    text: 'No payment reference was provided in the URL.',
    tone: 'danger',
  },
  unknown: {
    title: 'Unknown Status',
    text: 'We could not confirm your payment yet. Try again in a moment.',
    tone: 'warning',
  },
};

const BADGE_CLASSES: Record<Look['tone'], string> = {
  neutral: 'bg-emerald-50 text-emerald-700',
  success: 'bg-emerald-100 text-emerald-800',
  danger: 'bg-red-100 text-red-700',
  warning: 'bg-amber-100 text-amber-800',
};

const BADGE_SYMBOL: Record<Look['tone'], string> = { neutral: '', success: '✓', danger: '!', warning: '?' };

export function PaymentStatusPanel({
  state,
  paid,
  paidDetails,
  failedAction,
  reference,
  onRetry,
  onGoHome,
}: PaymentStatusPanelProps) {
  const look = LOOKS[state.phase];
  const verifying = state.phase === 'verifying';

  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center">
      <span
        aria-hidden="true"
        className={`flex size-16 items-center justify-center rounded-full text-3xl font-bold ${BADGE_CLASSES[look.tone]}`}
      >
        {verifying ? <Spinner className="size-8" /> : BADGE_SYMBOL[look.tone]}
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{look.title}</h1>
      {verifying ? (
        <p role="status" className="mt-2 text-slate-700">
          {look.text}
        </p>
      ) : (
        <p role={look.tone === 'danger' ? 'alert' : undefined} className="mt-2 text-slate-700">
          {look.text}
        </p>
      )}

      {state.phase === 'success' ? (
        <>
          {paid ? (
            <p className="mt-3 font-semibold text-slate-900" data-testid="paid-subject">
              {paid.summary}
            </p>
          ) : null}
          {paidDetails}
          <p className="mt-4 text-sm text-slate-600" data-testid="redirect-countdown">
            Taking you home in {state.secondsLeft} {state.secondsLeft === 1 ? 'second' : 'seconds'}...
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={paid?.next.to ?? '/orders'} className={buttonClasses('primary')}>
              {paid?.next.label ?? 'View My Orders'}
            </Link>
            <Button variant="secondary" onClick={onGoHome}>
              Go Home
            </Button>
          </div>
        </>
      ) : null}

      {state.phase === 'failed' && failedAction ? <div className="mt-6">{failedAction}</div> : null}

      {state.phase === 'failed' || state.phase === 'no-reference' || state.phase === 'unknown' ? (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={onRetry}>Retry</Button>
          <Button variant="secondary" onClick={onGoHome}>
            Go Home
          </Button>
        </div>
      ) : null}

      {reference ? (
        <p className="mt-8 text-xs break-all text-slate-600">
          Payment reference: <span className="font-mono">{reference}</span>
        </p>
      ) : null}
      <Link
        to="/support"
        className="mt-3 text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
      >
        Need help? Contact support
      </Link>
    </div>
  );
}
