import { useNavigate, useSearchParams } from 'react-router';
import { PayNowButton } from '@/components/pay-now-button';
import { usePaymentCallback } from '../hooks/use-payment-callback';
import { PaidBooking } from '../components/paid-booking';
import { PaymentStatusPanel } from '../components/payment-status-panel';
import { paidSubject } from '../lib/paid-subject';

/**
 * The provider sends the browser back with ?reference=…&trxref=… (both the same). Stay and
 * event payments add stayId, userId, start, end or eventId, userId, quantity (spec §2); the
 * reference alone identifies the payment, so every kind is verified the same way, and those
 * details only say what was paid for.
 */
function referenceFrom(params: URLSearchParams): string | null {
  return params.get('reference')?.trim() || params.get('trxref')?.trim() || null;
}

function PaymentCallback({ reference, details }: { reference: string | null; details: URLSearchParams }) {
  const navigate = useNavigate();
  const { state, payment, retry } = usePaymentCallback(reference);
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
      failedAction={
        // A declined order can be paid again at once, holding its units again (#15).
        state.phase === 'failed' && payment?.paymentType === 'order' && payment.status === 'failed' ? (
          <PayNowButton order={{ id: payment.subjectId, totalAmount: payment.amount }} />
        ) : null
      }
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
