import type { ReactNode } from 'react';
import { formatKES } from '@sokoni/contracts/money';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { Button } from '@/components/button';
import type { MpesaWait } from '../hooks/use-payment-callback';
import { useSandboxPhoneUrl } from '../hooks/use-sandbox-phone-url';
import { useSecondsUntil } from '../hooks/use-seconds-until';

type MpesaWaitingProps = {
  /** The prompt, once known (the app's start, or the server's answer on a reloaded page). */
  wait: MpesaWait | null;
  onCheckNow: () => void;
  /** Pay again, once the page knows what the payment is for. */
  payAgain: ReactNode;
};

function Countdown({ until }: { until: string }) {
  const seconds = useSecondsUntil(until);
  return (
    // A timer is not read out each second (its live region is off); the payer looks when they wish.
    <p
      role="timer"
      className="mt-3 text-sm font-semibold text-slate-800 tabular-nums"
      data-testid="prompt-countdown"
    >
      {MPESA_MESSAGES.countdown(seconds)}
    </p>
  );
}

/** The waiting screen's body: what was sent where, the time left, what to do if no prompt came. */
export function MpesaWaiting({ wait, onCheckNow, payAgain }: MpesaWaitingProps) {
  const sandboxPhoneUrl = useSandboxPhoneUrl(wait);
  return (
    <>
      {wait ? (
        <>
          <p className="mt-2 text-slate-700" data-testid="waiting-body">
            {MPESA_MESSAGES.waitingBody(formatKES(wait.amount), wait.phone)}
          </p>
          <Countdown until={wait.promptExpiresAt} />
        </>
      ) : null}
      <div className="mt-6 flex w-full flex-col items-stretch gap-3 sm:w-auto sm:items-center">
        <Button onClick={onCheckNow}>{MPESA_MESSAGES.checkNow}</Button>
        {sandboxPhoneUrl ? (
          <>
            <a
              href={sandboxPhoneUrl}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {MPESA_MESSAGES.sandboxPhone}
            </a>
            <p className="text-xs text-slate-600">{MPESA_MESSAGES.sandboxPhoneNote}</p>
          </>
        ) : null}
      </div>
      <section
        aria-labelledby="no-prompt-heading"
        className="mt-8 w-full rounded-xl bg-slate-50 px-4 py-4 text-left"
      >
        <h2 id="no-prompt-heading" className="font-semibold text-slate-900">
          {MPESA_MESSAGES.noPromptTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{MPESA_MESSAGES.noPrompt}</p>
        {payAgain ? <div className="mt-4">{payAgain}</div> : null}
      </section>
    </>
  );
}
