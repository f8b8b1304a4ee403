import type { Db } from '../../db/client.js';
import { ProviderError, type PaymentProvider } from './payment-provider.js';
import { findPaymentByReference, findSandboxOutcome } from './payments.repository.js';

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox';

/**
 * Our own stand-in for a card provider, for a machine without Paystack keys: its checkout page is
 * served by this server (/api/payments/sandbox/{reference}, on the same origin as the callback) and
 * what the shopper chose there is the charge's outcome. It never sees real money and accepts no webhook;
 * a refund is done at once.
 */
export function createSandboxProvider({ db }: { db: Db }): PaymentProvider {
  return {
    name: 'sandbox',
    async initialize(charge) {
      const origin = new URL(charge.callbackUrl).origin;
      return {
        authorizationUrl: `${origin}${SANDBOX_CHECKOUT_PATH}/${charge.reference}`,
        accessCode: charge.reference,
      };
    },
    async verify(reference) {
      const payment = await findPaymentByReference(db, reference);
      if (!payment) throw new ProviderError(`unknown sandbox reference ${reference}`);
      const outcome = await findSandboxOutcome(db, payment.id);
      const status = outcome === 'success' ? 'success' : outcome === 'failed' ? 'failed' : 'pending';
      return {
        status,
        amountCents: payment.amountCents,
        currency: payment.currency,
        raw: { sandbox: outcome ?? 'none' },
      };
    },
    chargeFromWebhook: () => null,
    verifySignature: () => false,
    // No money moved, so giving it back is done the moment it is asked for.
    refund: async () => 'refunded',
    refundFromWebhook: () => null,
  };
}
