import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  InitializePaymentInput,
  InitializePaymentResponse,
  PaymentProviderInfo,
} from '@sokoni/contracts/payments';
import { apiRequest } from './api-client';

/**
 * The pay flow every feature shares (checkout today; stays, tickets and courses next): start a
 * payment, send the browser to the provider, come back to the payment page, which verifies it.
 */
export const PAYMENT_CALLBACK_PATH = '/payment/callback';

/**
 * Where the provider sends the browser back, on our own origin. `details` are what the payment
 * page shows besides the reference (spec §2: a stay's stayId, start and end; an event's eventId and
 * quantity); the provider adds `reference` and `trxref`.
 */
export function paymentCallbackUrl(details: Record<string, string> = {}): string {
  const query = new URLSearchParams(details).toString();
  return `${window.location.origin}${PAYMENT_CALLBACK_PATH}${query ? `?${query}` : ''}`;
}

/** POST /payments/initialize: answers the provider's authorization url to send the browser to. */
export function initializePayment(input: InitializePaymentInput): Promise<InitializePaymentResponse> {
  return apiRequest<InitializePaymentResponse>('/payments/initialize', { method: 'POST', body: input });
}

type StartPayment = DistributiveOmit<InitializePaymentInput, 'callback_url'> & {
  /** Shown by the payment page when the browser comes back. */
  callbackDetails?: Record<string, string>;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Starts a payment coming back to the payment page; answers the provider's page to go to. */
export async function startPayment({ callbackDetails, ...input }: StartPayment): Promise<string> {
  const payment = await initializePayment({
    ...input,
    callback_url: paymentCallbackUrl(callbackDetails),
  } as InitializePaymentInput);
  return payment.data.authorization_url;
}

/** Leaves the app for the provider's page (a full navigation, as the provider's page is not ours). */
export function goToProvider(authorizationUrl: string): void {
  window.location.assign(authorizationUrl);
}

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
