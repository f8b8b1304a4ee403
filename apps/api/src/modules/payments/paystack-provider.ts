import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentStatus } from '@sokoni/contracts/checkout';
import type { PaymentFailure } from '@sokoni/contracts/mpesa';
import { ProviderError, type PaymentProvider } from './payment-provider.js';

const TIMEOUT_MS = 15_000;

/** Paystack's transaction statuses, in ours. Anything still moving is pending. */
function toStatus(paystackStatus: unknown): PaymentStatus {
  if (paystackStatus === 'success') return 'success';
  if (paystackStatus === 'failed' || paystackStatus === 'reversed') return 'failed';
  if (paystackStatus === 'abandoned') return 'abandoned';
  return 'pending';
}

/**
 * Why a charge failed, from the words Paystack passes on (its gateway_response, or M-Pesa's result:
 * 1032 'Request cancelled by user', 2001 'The initiator information is invalid' for a wrong PIN,
 * 1 'The balance is insufficient', 1037 'DS timeout user cannot be reached').
 */
export function failureOf(said: unknown): PaymentFailure {
  const text = typeof said === 'string' ? said : '';
  if (/insufficient|balance is/i.test(text)) return 'insufficient_funds';
  if (/\bpin\b|initiator information/i.test(text)) return 'wrong_pin';
  if (/time(d)?\s*-?out|cannot be reached|unreachable|no response|not respond/i.test(text))
    return 'no_answer';
  if (/cancel|declin|reject/i.test(text)) return 'declined';
  return 'failed';
}

/** A charge as Paystack reports it (verify, a webhook, a charge's first answer). */
type PaystackCharge = {
  status?: unknown;
  amount?: unknown;
  currency?: unknown;
  gateway_response?: unknown;
  message?: unknown;
};
const failureIn = (charge: PaystackCharge, status: PaymentStatus) =>
  status === 'failed' ? { failure: failureOf(charge.gateway_response ?? charge.message) } : {};

type PaystackAnswer<T> = { status?: boolean; message?: string; data?: T };

/**
 * Paystack's refusal of a refund because the charge was already given back in full (by an earlier
 * request of ours that we did not hear the end of): for us, that is a refund done.
 */
function alreadyReversed(answer: unknown): boolean {
  const { code, message } = (answer ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'transaction_reversed' ||
    (typeof message === 'string' && /fully reversed|already (been )?(refunded|reversed)/i.test(message))
  );
}

/** The real Paystack API (https://paystack.com/docs/api/transaction); PAYSTACK_BASE_URL points tests at a fake. */
export function createPaystackProvider(options: { secretKey: string; baseUrl: string }): PaymentProvider {
  async function call<T>(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError('Paystack could not be reached', error);
    }
    const answer = (await response.json().catch(() => ({}))) as PaystackAnswer<T>;
    if (!response.ok || answer.status !== true || answer.data === undefined) {
      throw new ProviderError(
        `Paystack answered ${response.status}: ${answer.message ?? 'no message'}`,
        answer,
      );
    }
    return answer.data;
  }

  return {
    name: 'paystack',

    async initialize(charge) {
      const data = await call<{ authorization_url: string; access_code: string; reference: string }>(
        '/transaction/initialize',
        {
          method: 'POST',
          body: {
            email: charge.email,
            amount: charge.amountCents,
            currency: charge.currency,
            reference: charge.reference,
            callback_url: charge.callbackUrl,
            metadata: charge.metadata,
          },
        },
      );
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code };
    },

    // https://paystack.com/docs/payments/payment-channels/#mobile-money: M-Pesa answers pay_offline
    // (the prompt is on its way); the outcome comes by webhook, or by verify no sooner than 10 s on.
    async chargeMobileMoney(charge) {
      const data = await call<PaystackCharge & { display_text?: unknown }>('/charge', {
        method: 'POST',
        body: {
          email: charge.email,
          amount: charge.amountCents,
          currency: charge.currency,
          reference: charge.reference,
          mobile_money: { phone: charge.phone, provider: 'mpesa' },
          metadata: charge.metadata,
        },
      });
      const status = toStatus(data.status);
      return {
        status,
        ...failureIn(data, status),
        displayText: typeof data.display_text === 'string' ? data.display_text : '',
        raw: data,
      };
    },

    async verify(reference) {
      const data = await call<PaystackCharge & { amount: number; currency: string }>(
        `/transaction/verify/${encodeURIComponent(reference)}`,
        { method: 'GET' },
      );
      const status = toStatus(data.status);
      return {
        status,
        ...failureIn(data, status),
        amountCents: data.amount,
        currency: data.currency,
        raw: data,
      };
    },

    chargeFromWebhook(event) {
      const { event: name, data } = (event ?? {}) as {
        event?: unknown;
        data?: PaystackCharge & { reference?: unknown };
      };
      // A refund's events tell of the money going back, never of a charge.
      if (
        (typeof name === 'string' && name.startsWith('refund.')) ||
        typeof data?.reference !== 'string' ||
        typeof data.amount !== 'number' ||
        typeof data.currency !== 'string'
      ) {
        return null;
      }
      const status = toStatus(data.status);
      return {
        reference: data.reference,
        charge: {
          status,
          ...failureIn(data, status),
          amountCents: data.amount,
          currency: data.currency,
          raw: event,
        },
      };
    },

    // https://paystack.com/docs/api/refund: 'processed' is done; pending and processing are not yet.
    async refund(reference, amountCents) {
      try {
        const data = await call<{ status?: string }>('/refund', {
          method: 'POST',
          body: { transaction: reference, amount: amountCents },
        });
        return data.status === 'processed' ? 'refunded' : 'pending';
      } catch (error) {
        if (error instanceof ProviderError && alreadyReversed(error.detail)) return 'refunded';
        throw error;
      }
    },

    refundFromWebhook(event) {
      const { event: name, data } = (event ?? {}) as {
        event?: unknown;
        data?: { transaction_reference?: unknown; transaction?: { reference?: unknown } };
      };
      if (name !== 'refund.processed') return null;
      const reference = data?.transaction_reference ?? data?.transaction?.reference;
      return typeof reference === 'string' ? { reference } : null;
    },

    verifySignature(rawBody, signature) {
      if (!signature) return false;
      const expected = createHmac('sha512', options.secretKey).update(rawBody).digest();
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
