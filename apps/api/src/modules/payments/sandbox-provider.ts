import { MPESA_TEST_NUMBERS, PAYMENT_FAILURES, type PaymentFailure } from '@sokoni/contracts/mpesa';
import type { Db } from '../../db/client.js';
import { ProviderError, type PaymentProvider } from './payment-provider.js';
import { findPaymentByReference, findSandboxOutcome } from './payments.repository.js';

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox';
export const SANDBOX_PHONE_PATH = `${SANDBOX_CHECKOUT_PATH}/phone`;
const SANDBOX_DISPLAY_TEXT = 'Sandbox: answer the prompt on the sandbox phone.';

const isFailure = (reason: string | null): reason is PaymentFailure =>
  (PAYMENT_FAILURES as readonly string[]).includes(reason ?? '');

/**
 * Our own stand-in for a provider, for a machine without Paystack keys: its card checkout page is
 * served by this server (/api/payments/sandbox/{reference}, on the same origin as the callback), and
 * its M-Pesa prompts wait on a sandbox phone page per number (/api/payments/sandbox/phone/{E.164});
 * what the payer chose there is the charge's outcome. +254700000001 declines at once and
 * +254700000002 never answers, as providers' test numbers do. It never sees real money and accepts
 * no webhook; a refund is done at once, and a payout is paid the moment it is sent.
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
    async chargeMobileMoney(charge) {
      if (charge.phone === MPESA_TEST_NUMBERS.declines) {
        return {
          status: 'failed',
          failure: 'declined',
          displayText: SANDBOX_DISPLAY_TEXT,
          raw: { sandbox: 'declined' },
        };
      }
      return { status: 'pending', displayText: SANDBOX_DISPLAY_TEXT, raw: { sandbox: 'prompt' } };
    },
    async verify(reference) {
      const payment = await findPaymentByReference(db, reference);
      if (!payment) throw new ProviderError(`unknown sandbox reference ${reference}`);
      const outcome = await findSandboxOutcome(db, payment.id);
      const status = outcome === 'success' ? 'success' : outcome === 'failed' ? 'failed' : 'pending';
      return {
        status,
        ...(status === 'failed' && isFailure(payment.failureReason)
          ? { failure: payment.failureReason }
          : {}),
        amountCents: payment.amountCents,
        currency: payment.currency,
        raw: { sandbox: outcome ?? 'none' },
      };
    },
    chargeFromWebhook: () => null,
    verifySignature: () => false,
    // No money moved, so giving it back is done the moment it is asked for.
    refund: async () => 'refunded',
    findRefund: async () => null,
    refundFromWebhook: () => null,
    createRecipient: async (recipient) => `RCP_sandbox_${recipient.kind}`,
    transfer: async ({ reference }) => ({
      status: 'success',
      transferCode: `TRF_sandbox_${reference}`,
      raw: { sandbox: 'paid' },
    }),
    transferFromWebhook: () => null,
  };
}
