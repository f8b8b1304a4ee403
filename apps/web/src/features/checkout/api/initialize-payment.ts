import type { InitializePaymentInput, InitializePaymentResponse } from '@sokoni/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** POST /payments/initialize: answers the provider's authorization url to send the browser to. */
export function initializePayment(input: InitializePaymentInput): Promise<InitializePaymentResponse> {
  return apiRequest<InitializePaymentResponse>('/payments/initialize', { method: 'POST', body: input });
}
