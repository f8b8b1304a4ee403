import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ORDERS_QUERY_KEY } from '@/lib/query-keys';
import { verifyPayment } from '../api/verify-payment';
import { createPaymentCallback } from '../lib/payment-callback';

/** Runs the payment page's state machine for one reference (the page remounts it per reference). */
export function usePaymentCallback(reference: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The last answer, for what the page says was paid for.
  const [payment, setPayment] = useState<PaymentVerification | null>(null);
  const [machine] = useState(() =>
    createPaymentCallback({
      reference,
      verify: async (ref) => {
        const verified = await verifyPayment(ref);
        setPayment(verified);
        return verified;
      },
      // A paid order changes its status in My Orders.
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
      onGoHome: () => void navigate('/'),
    }),
  );

  useEffect(() => {
    machine.start();
    return machine.stop;
  }, [machine]);

  const state = useSyncExternalStore(machine.subscribe, machine.getState);
  return { state, payment, retry: machine.retry };
}
