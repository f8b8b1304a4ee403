import type { PaymentVerification } from '@sokoni/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /payments/verify: the payment's status by reference. The payment page calls it on its
 * own schedule (1.5 s after load, again on Retry), so it has no query hook.
 */
export function verifyPayment(reference: string): Promise<PaymentVerification> {
  return apiRequest<PaymentVerification>(`/payments/verify?reference=${encodeURIComponent(reference)}`);
}
