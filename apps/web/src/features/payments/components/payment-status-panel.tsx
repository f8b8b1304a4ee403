import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import { Button, buttonClasses } from '@/components/button';
import { PayNowButton } from '@/components/pay-now-button';
import type { PayStep } from '@/components/pay-step';
import { Spinner } from '@/components/spinner';
import type { CallbackState } from '../lib/payment-callback';
import type { PaidSubject } from '../lib/paid-subject';

type PaymentStatusPanelProps = {
  state: CallbackState;
  /** What was paid for, once the server has said. */
  paid: PaidSubject | null;
  /** Shown for a paid payment below its one-line summary (a stay's booking). */
  paidDetails?: ReactNode;
  /** Why a payment ended unpaid, and what to do next. */
  failure: PaymentVerification['failure'];
  /** The waiting screen's body while an M-Pesa prompt is on the payer's phone. */
  waiting?: ReactNode;
  /** How to pay again, offered beside Go Home once a payment has ended unpaid (or cannot be told yet). */
  payAgain: ComponentProps<typeof PayStep> | null;
  reference: string | null;
  onRetry: () => void;
  onGoHome: () => void;
};

type Look = { title: string; text: string; tone: 'neutral' | 'success' | 'danger' | 'warning' };

const LOOKS: Record<CallbackState['phase'], Look> = {
  waiting: { title: MPESA_MESSAGES.waitingTitle, text: '', tone: 'neutral' },
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
  failure,
  waiting,
  payAgain,
  reference,
  onRetry,
  onGoHome,
}: PaymentStatusPanelProps) {
  const look = LOOKS[state.phase];
  const checking = state.phase === 'verifying' || state.phase === 'waiting';
  const next = paid?.next;
  // A payment known to have ended unpaid is paid again rather than checked again; an unknown one may be either.
  const retryable =
    state.phase === 'no-reference' || state.phase === 'unknown' || (state.phase === 'failed' && !payAgain);
  const ended = state.phase === 'failed' || state.phase === 'unknown' || state.phase === 'no-reference';
  const homeButtons = (
    <>
      {retryable ? (
        <Button variant={payAgain ? 'secondary' : 'primary'} onClick={onRetry}>
          Retry
        </Button>
      ) : null}
      <Button variant="secondary" onClick={onGoHome}>
        Go Home
      </Button>
    </>
  );

  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-5 py-10 text-center sm:px-6">
      <span
        aria-hidden="true"
        className={`flex size-16 items-center justify-center rounded-full text-3xl font-bold ${BADGE_CLASSES[look.tone]}`}
      >
        {checking ? <Spinner className="size-8" /> : BADGE_SYMBOL[look.tone]}
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{look.title}</h1>
      {state.phase === 'verifying' ? (
        <p role="status" className="mt-2 text-slate-700">
          {look.text}
        </p>
      ) : state.phase === 'failed' && failure ? (
        <div role="alert" className="mt-2 space-y-1" data-testid="payment-failure">
          <p className="font-semibold text-slate-900">{failure.title}</p>
          <p className="text-slate-700">{failure.next}</p>
        </div>
      ) : look.text ? (
        <p role={look.tone === 'danger' ? 'alert' : undefined} className="mt-2 text-slate-700">
          {look.text}
        </p>
      ) : null}

      {state.phase === 'waiting' ? waiting : null}

      {state.phase === 'success' ? (
        <>
          {paid ? (
            <p className="mt-3 font-semibold text-slate-900" data-testid="paid-subject">
              {paid.summary}
            </p>
          ) : null}
          {paidDetails}
          <p className="mt-4 text-sm text-slate-600" data-testid="redirect-countdown">
            Taking you to {next?.name ?? 'the next page'} in {state.secondsLeft}{' '}
            {state.secondsLeft === 1 ? 'second' : 'seconds'}...
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {next ? (
              <Link to={next.to} className={buttonClasses('primary')}>
                {next.label}
              </Link>
            ) : null}
            <Button variant="secondary" onClick={onGoHome}>
              Go Home
            </Button>
          </div>
        </>
      ) : null}

      {ended ? (
        <div className="mt-6 w-full">
          {payAgain && state.phase !== 'no-reference' ? (
            <PayNowButton label={MPESA_MESSAGES.payAgain} centered beside={homeButtons} {...payAgain} />
          ) : (
            <div className="flex flex-wrap justify-center gap-3">{homeButtons}</div>
          )}
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
