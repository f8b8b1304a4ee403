import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentProviderInfo } from '@sokoni/contracts/payments';
import { apiRequest } from '@/lib/api-client';

export function getPaymentProvider(signal?: AbortSignal): Promise<PaymentProviderInfo> {
  return apiRequest<PaymentProviderInfo>('/payments/provider', { signal });
}

/** Who takes the payment (Paystack, or the offline sandbox); it does not change while the app runs. */
export function usePaymentProvider() {
  return useQuery(
    queryOptions({
      queryKey: ['payments', 'provider'],
      queryFn: ({ signal }) => getPaymentProvider(signal),
      staleTime: Infinity,
    }),
  );
}
