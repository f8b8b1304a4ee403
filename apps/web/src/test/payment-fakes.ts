import { HttpResponse } from 'msw';
import type { MpesaPaymentStart, PaymentVerification } from '@sokoni/contracts/payments';

/** POST /api/payments/initialize's answer to a card payment: the provider's page. */
export const cardStartAnswer = (authorizationUrl: string, reference = 'ref_card') =>
  HttpResponse.json({
    status: true,
    message: 'Authorization URL created',
    data: { authorization_url: authorizationUrl, access_code: 'access', reference },
  });

/** An M-Pesa start as POST /api/payments/initialize answers it: the prompt is on its way, 90 s to answer. */
export function buildMpesaStart(overrides: Partial<MpesaPaymentStart> = {}): MpesaPaymentStart {
  return {
    reference: 'ref_mpesa',
    status: 'pending',
    method: 'mpesa',
    phone: '0712 ••• 678',
    amount: 3600,
    promptExpiresAt: new Date(Date.now() + 90_000).toISOString(),
    checkAfterSeconds: 10,
    displayText: 'Please complete authorization process on your mobile phone',
    ...overrides,
  };
}

export const mpesaStartAnswer = (overrides: Partial<MpesaPaymentStart> = {}) =>
  HttpResponse.json({ status: true, message: 'Charge attempted', data: buildMpesaStart(overrides) });

/** GET /api/payments/verify's answer: a paid card payment for an order unless told. */
export function buildVerification(overrides: Partial<PaymentVerification> = {}): PaymentVerification {
  return {
    status: 'success',
    reference: 'ref',
    paymentType: 'order',
    amount: 2500,
    currency: 'KES',
    subjectId: 'subject',
    paidAt: '2025-03-01T10:00:00.000Z',
    refund: null,
    method: 'card',
    phone: null,
    promptExpiresAt: null,
    failure: null,
    quantity: null,
    ...overrides,
  };
}
