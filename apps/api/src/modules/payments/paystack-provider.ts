import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentStatus } from '@sokoni/contracts/checkout';
import type { PaymentFailure } from '@sokoni/contracts/mpesa';
import {
  ProviderError,
  ProviderRefusal,
  type PaymentProvider,
  type TransferState,
  type TransferStatus,
} from './payment-provider.js';

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

/** A refund as Paystack answers it (https://paystack.com/docs/api/refund). */
type PaystackRefund = { status?: string; merchant_note?: unknown };

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

/**
 * A transfer's status (https://paystack.com/docs/transfers/how-transfers-work) in ours: success,
 * reversed and the ways it ends unpaid (failed, abandoned, blocked, rejected) are conclusive;
 * pending, otp, received and queued are still moving.
 */
function toTransferStatus(paystackStatus: unknown): TransferStatus {
  if (paystackStatus === 'success' || paystackStatus === 'reversed') return paystackStatus;
  // Compared as it comes, never turned into text: a webhook's value may be any JSON, nested arrays too.
  if ((['failed', 'abandoned', 'blocked', 'rejected'] as unknown[]).includes(paystackStatus)) return 'failed';
  return 'pending';
}

type PaystackTransfer = { status?: unknown; transfer_code?: unknown; reference?: unknown };
const transferState = (
  transfer: PaystackTransfer,
  status = toTransferStatus(transfer.status),
): TransferState => ({
  status,
  transferCode: typeof transfer.transfer_code === 'string' ? transfer.transfer_code : null,
  raw: transfer,
});

/** The transfer events Paystack signs (https://paystack.com/docs/transfers/single-transfers). */
const TRANSFER_EVENTS = new Map<unknown, TransferStatus>([
  ['transfer.success', 'success'],
  ['transfer.failed', 'failed'],
  ['transfer.reversed', 'reversed'],
]);

/** Paystack's answer when it has no transfer of a reference ('Transfer not found'). */
function transferNotFound(error: unknown): boolean {
  const { message } = ((error instanceof ProviderError && error.detail) || {}) as { message?: unknown };
  return typeof message === 'string' && /not found/i.test(message);
}

/** Paystack's answers that refuse the request itself: nothing was made. */
const REFUSED = new Set([400, 422]);

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
      const Failure = REFUSED.has(response.status) ? ProviderRefusal : ProviderError;
      throw new Failure(`Paystack answered ${response.status}: ${answer.message ?? 'no message'}`, answer);
    }
    return answer.data;
  }

  /** Paystack's transfer of this reference as it stands, or null when it has none. */
  async function findTransfer(reference: string): Promise<TransferState | null> {
    try {
      const data = await call<PaystackTransfer>(`/transfer/verify/${encodeURIComponent(reference)}`, {
        method: 'GET',
      });
      return transferState(data);
    } catch (error) {
      if (transferNotFound(error)) return null;
      throw error;
    }
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
      // A refund's or a transfer's events tell of money going back or out, never of a charge.
      if (
        (typeof name === 'string' && (name.startsWith('refund.') || name.startsWith('transfer.'))) ||
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
    // A part of a charge carries our refund's reference as its merchant note, so it can be found again.
    async refund(reference, amountCents, ours) {
      try {
        const data = await call<PaystackRefund>('/refund', {
          method: 'POST',
          body: { transaction: reference, amount: amountCents, ...(ours ? { merchant_note: ours } : {}) },
        });
        return data.status === 'processed' ? 'refunded' : 'pending';
      } catch (error) {
        if (error instanceof ProviderError && alreadyReversed(error.detail)) return 'refunded';
        throw error;
      }
    },

    // Refunds are listed by the transaction's id (GET /refund?transaction=<id>), which verify answers.
    // One that failed at Paystack gave nothing back: it is asked for again.
    async findRefund(reference, ours) {
      const charge = await call<{ id?: unknown }>(`/transaction/verify/${encodeURIComponent(reference)}`, {
        method: 'GET',
      });
      const refunds = await call<PaystackRefund[]>(
        `/refund?transaction=${encodeURIComponent(String(charge.id))}&perPage=100`,
        { method: 'GET' },
      );
      const mine = refunds.find((refund) => refund.merchant_note === ours && refund.status !== 'failed');
      if (!mine) return null;
      return mine.status === 'processed' ? 'refunded' : 'pending';
    },

    refundFromWebhook(event) {
      const { event: name, data } = (event ?? {}) as {
        event?: unknown;
        data?: { transaction_reference?: unknown; transaction?: { reference?: unknown }; amount?: unknown };
      };
      if (name !== 'refund.processed') return null;
      const reference = data?.transaction_reference ?? data?.transaction?.reference;
      // Paystack writes the amount as a string of subunits ('5000'). Anything else is no amount (and is
      // never turned into a number: an array nested 100,000 deep would overflow the stack doing so).
      const written = data?.amount;
      const amount = typeof written === 'string' || typeof written === 'number' ? Number(written) : NaN;
      return typeof reference === 'string'
        ? { reference, amountCents: Number.isSafeInteger(amount) && amount > 0 ? amount : null }
        : null;
    },

    // https://paystack.com/docs/transfers/creating-transfer-recipients: M-Pesa is Kenya's mobile
    // money (bank code MPESA, the number as Kenyans write it), a bank account is a KEPSS one.
    async createRecipient(recipient) {
      const data = await call<{ recipient_code: string }>('/transferrecipient', {
        method: 'POST',
        body:
          recipient.kind === 'mpesa'
            ? {
                type: 'mobile_money',
                name: recipient.name,
                account_number: `0${recipient.phone.slice('+254'.length)}`,
                bank_code: 'MPESA',
                currency: 'KES',
              }
            : {
                type: 'kepss',
                name: recipient.name,
                account_number: recipient.accountNumber,
                bank_code: recipient.bankCode,
                currency: 'KES',
              },
      });
      return data.recipient_code;
    },

    // https://paystack.com/docs/api/transfer: from our Paystack balance, under our reference; a
    // refused one is looked up (GET /transfer/verify/:reference) before it counts as refused.
    async transfer(transfer) {
      try {
        const data = await call<PaystackTransfer>('/transfer', {
          method: 'POST',
          body: {
            source: 'balance',
            amount: transfer.amountCents,
            recipient: transfer.recipientCode,
            reference: transfer.reference,
            reason: transfer.reason,
            currency: transfer.currency,
          },
        });
        return transferState(data);
      } catch (error) {
        // Paystack refuses a reference it already has ('Duplicate Transfer Reference'): a try of ours
        // made that transfer and never heard the answer. So, whatever the words, a refusal is looked
        // up: a transfer found is answered as it stands; none means nothing was sent.
        if (!(error instanceof ProviderRefusal)) throw error;
        const made = await findTransfer(transfer.reference);
        if (!made) throw error;
        return made;
      }
    },

    transferFromWebhook(event) {
      const { event: name, data } = (event ?? {}) as { event?: unknown; data?: PaystackTransfer };
      const status = TRANSFER_EVENTS.get(name);
      if (!status || typeof data?.reference !== 'string') return null;
      return { reference: data.reference, state: transferState(data, status) };
    },

    verifySignature(rawBody, signature) {
      if (!signature) return false;
      const expected = createHmac('sha512', options.secretKey).update(rawBody).digest();
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
