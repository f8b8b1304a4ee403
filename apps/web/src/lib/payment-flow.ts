import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  InitializePaymentInput,
  InitializePaymentResponse,
  MpesaPaymentStart,
  PaymentProviderInfo,
} from '@sokoni/contracts/payments';
import { apiRequest } from './api-client';

/**
 * The pay flow every feature shares (checkout, My Orders, stays, tickets, courses): start a payment,
 * then either wait on the payment page for the M-Pesa prompt to be answered, or send the browser to
 * the provider's card page and come back to the payment page, which verifies it.
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

/** The payment page waiting for an M-Pesa prompt to be answered (`method=mpesa`), in the app. */
export function mpesaWaitingPath(reference: string, details: Record<string, string> = {}): string {
  return `${PAYMENT_CALLBACK_PATH}?${new URLSearchParams({ ...details, reference, method: 'mpesa' })}`;
}

/** What the payment page is handed when the app goes there after starting an M-Pesa payment. */
export type MpesaWaitingState = { mpesaStart: MpesaPaymentStart };

/**
 * POST /payments/initialize: a card payment answers the provider's page to send the browser to; an
 * M-Pesa one answers that the prompt is on its way (status 'pending').
 */
export function initializePayment(input: InitializePaymentInput): Promise<InitializePaymentResponse> {
  return apiRequest<InitializePaymentResponse>('/payments/initialize', { method: 'POST', body: input });
}

export type StartPayment = DistributiveOmit<InitializePaymentInput, 'callback_url'> & {
  /** Shown by the payment page when the browser comes back. */
  callbackDetails?: Record<string, string>;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Where a started payment goes on: the provider's card page, or the waiting screen in the app. */
export type PaymentNextStep =
  | { method: 'card'; authorizationUrl: string }
  | { method: 'mpesa'; waitingPath: string; start: MpesaPaymentStart };

/** Starts a payment (coming back to the payment page) and says where it goes on. */
export async function startPayment({ callbackDetails, ...input }: StartPayment): Promise<PaymentNextStep> {
  const { data } = await initializePayment({
    ...input,
    callback_url: paymentCallbackUrl(callbackDetails),
  } as InitializePaymentInput);
  return 'authorization_url' in data
    ? { method: 'card', authorizationUrl: data.authorization_url }
    : { method: 'mpesa', waitingPath: mpesaWaitingPath(data.reference, callbackDetails), start: data };
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
