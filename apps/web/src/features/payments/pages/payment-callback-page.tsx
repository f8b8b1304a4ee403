import type { ComponentProps } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import { PayNowButton } from '@/components/pay-now-button';
import type { PayStep } from '@/components/pay-step';
import { usePaymentCallback } from '../hooks/use-payment-callback';
import { MpesaWaiting } from '../components/mpesa-waiting';
import { PaidBooking } from '../components/paid-booking';
import { PaymentStatusPanel } from '../components/payment-status-panel';
import { paidSubject } from '../lib/paid-subject';
import { payAgainDetails, payAgainSubject } from '../lib/pay-again';

/**
 * The provider sends the browser back with ?reference=…&trxref=… (both the same). Stay and
 * event payments add stayId, userId, start, end or eventId, userId, quantity (spec §2); the
 * reference alone identifies the payment, so every kind is verified the same way, and those
 * details only say what was paid for. An M-Pesa payment comes here from the pay step with
 * method=mpesa: the page waits for the payer to approve the prompt on their phone.
 */
function referenceFrom(params: URLSearchParams): string | null {
  return params.get('reference')?.trim() || params.get('trxref')?.trim() || null;
}

/** The same thing paid for again, for as much, coming back to a page with the same details. */
function payAgainOf(
  payment: PaymentVerification | null,
  details: URLSearchParams,
): ComponentProps<typeof PayStep> | null {
  if (!payment || payment.status === 'success') return null;
  const subject = payAgainSubject(payment, details);
  return subject ? { subject, amount: payment.amount, callbackDetails: payAgainDetails(details) } : null;
}

function PaymentCallback({ reference, details }: { reference: string | null; details: URLSearchParams }) {
  const navigate = useNavigate();
  const { state, payment, mpesaWait, retry, checkNow } = usePaymentCallback(reference, details);
  const payAgain = payAgainOf(payment, details);
  return (
    <PaymentStatusPanel
      state={state}
      paid={payment ? paidSubject(payment, details) : null}
      paidDetails={
        // A paid stay shows its booking as the server has it (spec §2), or its refund.
        state.phase === 'success' && payment?.paymentType === 'booking' ? (
          <PaidBooking payment={payment} />
        ) : null
      }
      failure={payment?.failure ?? null}
      waiting={
        <MpesaWaiting
          wait={mpesaWait}
          onCheckNow={checkNow}
          payAgain={payAgain ? <PayNowButton label={MPESA_MESSAGES.payAgain} {...payAgain} /> : null}
        />
      }
      payAgain={payAgain}
      reference={reference}
      onRetry={retry}
      onGoHome={() => void navigate('/')}
    />
  );
}

export function PaymentCallbackPage() {
  const [params] = useSearchParams();
  const reference = referenceFrom(params);
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <title>Payment — Sokoni</title>
      <PaymentCallback key={reference ?? ''} reference={reference} details={params} />
    </section>
  );
}
