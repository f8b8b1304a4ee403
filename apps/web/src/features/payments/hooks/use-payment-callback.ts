import { useEffect, useState, useSyncExternalStore } from 'react';
import type { MpesaPaymentStart, PaymentVerification } from '@sokoni/contracts/payments';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MpesaWaitingState } from '@/lib/payment-flow';
import { COURSES_QUERY_KEY, ORDERS_QUERY_KEY, TICKETS_QUERY_KEY } from '@/lib/query-keys';
import { useInstallOfferStore } from '@/stores/install-offer';
import { verifyPayment } from '../api/verify-payment';
import { paidSubject } from '../lib/paid-subject';
import { VERIFY_DELAY_MS, createPaymentCallback } from '../lib/payment-callback';

/** What the waiting screen shows of an M-Pesa prompt: the amount, the number (masked), when it lapses. */
export type MpesaWait = Pick<MpesaPaymentStart, 'amount' | 'phone' | 'promptExpiresAt'>;

/** The M-Pesa start the app handed over when it came here from starting this payment. */
function mpesaStartOf(state: unknown): MpesaPaymentStart | null {
  return (state as Partial<MpesaWaitingState> | null)?.mpesaStart ?? null;
}

/** What the waiting screen shows: the server's latest answer about the prompt, else the start's. */
function mpesaWaitOf(payment: PaymentVerification | null, start: MpesaPaymentStart | null): MpesaWait | null {
  if (payment?.method === 'mpesa' && payment.phone && payment.promptExpiresAt)
    return { amount: payment.amount, phone: payment.phone, promptExpiresAt: payment.promptExpiresAt };
  return start;
}

/**
 * Runs the payment page's state machine for one reference (the page remounts it per reference): the
 * card payment the provider sent back, or the M-Pesa prompt the app is waiting on (`method=mpesa`).
 * After a success the countdown leads to what was bought.
 */
export function usePaymentCallback(reference: string | null, details: URLSearchParams) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [start] = useState(() => mpesaStartOf(location.state));
  // The last answer, for what the page says was paid for.
  const [payment, setPayment] = useState<PaymentVerification | null>(null);
  const [machine] = useState(() =>
    createPaymentCallback({
      reference,
      wait: start
        ? { promptExpiresAt: start.promptExpiresAt, firstCheckMs: start.checkAfterSeconds * 1000 }
        : details.get('method') === 'mpesa'
          ? // A reloaded waiting screen first learns its payment (the amount, the number, the end).
            { promptExpiresAt: null, firstCheckMs: VERIFY_DELAY_MS }
          : undefined,
      verify: async (ref) => {
        const verified = await verifyPayment(ref);
        setPayment(verified);
        return verified;
      },
      // What was bought shows as paid where the countdown leads: My Orders, My Tickets, the classroom.
      // A purchase on this device: Sokoni may now offer to install itself (#29).
      onSuccess: () => {
        for (const queryKey of [ORDERS_QUERY_KEY, TICKETS_QUERY_KEY, COURSES_QUERY_KEY])
          void queryClient.invalidateQueries({ queryKey });
        useInstallOfferStore.getState().notePurchase();
      },
      onCountdownEnd: (paid) => void navigate(paidSubject(paid, details).next.to),
    }),
  );

  useEffect(() => {
    machine.start();
    return machine.stop;
  }, [machine]);

  const state = useSyncExternalStore(machine.subscribe, machine.getState);
  return {
    state,
    payment,
    mpesaWait: mpesaWaitOf(payment, start),
    retry: machine.retry,
    checkNow: machine.checkNow,
  };
}
