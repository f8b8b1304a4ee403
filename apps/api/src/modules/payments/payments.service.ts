import { randomBytes } from 'node:crypto';
import { formatKES, centsToShillings } from '@sokoni/contracts/money';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import type {
  InitializePaymentInput,
  InitializePaymentResponse,
  PaymentVerification,
} from '@sokoni/contracts/payments';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { PaymentHandlers } from './payment-handlers.js';
import { ProviderError, type PaymentProvider, type ProviderCharge } from './payment-provider.js';
import * as repo from './payments.repository.js';

const CURRENCY = 'KES';

/** Every reference we hand a provider; anything else a caller or a provider names is not one of ours. */
const REFERENCE = /^sok_[a-f0-9]{24}$/;
const newPaymentReference = () => `sok_${randomBytes(12).toString('hex')}`;
const isPaymentReference = (reference: string): boolean => REFERENCE.test(reference);
type SettleSource = 'verify' | 'webhook' | 'sandbox';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  handlers: PaymentHandlers;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const { db, provider, handlers, log } = deps;

  const handlerFor = (type: InitializePaymentInput['paymentType']) => {
    const handler = handlers[type];
    if (!handler) throw badRequest(PAYMENT_MESSAGES.typeUnavailable(type), 'PAYMENT_TYPE_UNAVAILABLE');
    return handler;
  };

  const toVerification = (payment: repo.PaymentRecord): PaymentVerification => ({
    status: payment.status,
    reference: payment.reference,
    paymentType: payment.paymentType,
    amount: centsToShillings(payment.amountCents),
    currency: payment.currency,
    subjectId: payment.subjectId,
    paidAt: payment.paidAt?.toISOString() ?? null,
  });

  /**
   * Applies what the provider says of a charge, once: the payment row is locked, every report is
   * recorded, and only the caller that claims the reference's fulfilment key moves the subject on.
   * A charge for another amount or currency than we asked for is never fulfilled.
   */
  async function settle(reference: string, charge: ProviderCharge, source: SettleSource): Promise<void> {
    if (!isPaymentReference(reference)) return;
    await db.transaction(async (tx) => {
      const payment = await repo.lockPaymentByReference(tx, reference);
      if (!payment) return;
      await repo.recordPaymentEvent(tx, {
        paymentId: payment.id,
        source,
        outcome: charge.status,
        payload: charge.raw,
      });
      if (payment.status === 'success' || charge.status === 'pending') return;
      if (charge.status !== 'success') {
        await repo.setPaymentStatus(tx, payment.id, { status: charge.status, failureReason: null });
        return;
      }
      if (charge.amountCents !== payment.amountCents || charge.currency !== payment.currency) {
        log.warn(
          { reference, charge: { amount: charge.amountCents, currency: charge.currency } },
          'charge does not match',
        );
        await repo.setPaymentStatus(tx, payment.id, {
          status: 'failed',
          failureReason: 'amount_or_currency_mismatch',
        });
        return;
      }
      if (!(await repo.claimFulfilment(tx, reference))) return;
      await repo.setPaymentStatus(tx, payment.id, {
        status: 'success',
        failureReason: null,
        paidAt: new Date(),
      });
      const fulfilled = await handlerFor(payment.paymentType).fulfil(tx, payment.subjectId);
      if (!fulfilled) {
        log.error(
          { reference, subject: payment.subjectId },
          'paid for a subject already fulfilled: refund it',
        );
        await repo.setPaymentStatus(tx, payment.id, {
          status: 'success',
          failureReason: 'subject_already_fulfilled',
        });
      }
    });
  }

  return {
    async initialize(
      caller: AuthUser,
      input: InitializePaymentInput,
      allowedOrigins: string[],
    ): Promise<InitializePaymentResponse> {
      // The browser is only ever sent back to us: a payment is never an open redirect.
      if (!allowedOrigins.includes(new URL(input.callback_url).origin)) {
        throw badRequest(PAYMENT_MESSAGES.callbackNotAllowed, 'CALLBACK_NOT_ALLOWED');
      }
      const handler = handlerFor(input.paymentType);
      const subject = await handler.prepare(caller, input);
      const reference = newPaymentReference();
      const payment = await repo.insertPayment(db, {
        reference,
        userId: caller.sub,
        paymentType: input.paymentType,
        subjectId: subject.subjectId,
        amountCents: subject.amountCents,
        currency: CURRENCY,
        email: input.email,
        provider: provider.name,
        callbackUrl: input.callback_url,
      });
      try {
        const started = await provider.initialize({
          reference,
          amountCents: subject.amountCents,
          currency: CURRENCY,
          email: input.email,
          callbackUrl: input.callback_url,
          metadata: {
            paymentType: input.paymentType,
            subjectId: subject.subjectId,
            userId: caller.sub,
            description: subject.description,
          },
        });
        await repo.recordPaymentEvent(db, {
          paymentId: payment.id,
          source: 'initialize',
          outcome: 'created',
        });
        return {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: started.authorizationUrl, access_code: started.accessCode, reference },
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        log.error({ reference, err: error, detail: error.detail }, 'payment provider refused to initialise');
        await repo.setPaymentStatus(db, payment.id, { status: 'failed', failureReason: 'provider_error' });
        await repo.recordPaymentEvent(db, {
          paymentId: payment.id,
          source: 'initialize',
          outcome: 'provider_error',
        });
        throw new AppError('PROVIDER_UNAVAILABLE', PAYMENT_MESSAGES.providerUnavailable, 502);
      }
    },

    /** The caller's own payment only; a pending one is checked with the provider first. */
    async verify(caller: AuthUser, reference: string): Promise<PaymentVerification> {
      const payment = isPaymentReference(reference)
        ? await repo.findPaymentByReference(db, reference)
        : undefined;
      if (!payment || payment.userId !== caller.sub)
        throw notFound(PAYMENT_MESSAGES.notFound, 'PAYMENT_NOT_FOUND');
      if (payment.status === 'pending') {
        try {
          await settle(reference, await provider.verify(reference), 'verify');
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          log.error({ reference, err: error }, 'payment provider could not verify');
          throw new AppError('PROVIDER_UNAVAILABLE', PAYMENT_MESSAGES.providerUnavailable, 502);
        }
      }
      const current = await repo.findPaymentByReference(db, reference);
      return toVerification(current ?? payment);
    },

    /** A provider event: refused unless its signature checks out; unknown references are ignored. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!provider.verifySignature(rawBody, signature))
        throw unauthorized(PAYMENT_MESSAGES.badSignature, 'BAD_SIGNATURE');
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest(PAYMENT_MESSAGES.webhookNotJson, 'BAD_WEBHOOK');
      }
      const reported = provider.chargeFromWebhook(event);
      if (reported) await settle(reported.reference, reported.charge, 'webhook');
    },

    /** For the sandbox checkout page. */
    async sandboxCheckout(reference: string) {
      const payment = isPaymentReference(reference)
        ? await repo.findPaymentByReference(db, reference)
        : undefined;
      if (!payment || payment.provider !== 'sandbox')
        throw notFound(PAYMENT_MESSAGES.notFound, 'PAYMENT_NOT_FOUND');
      const description = await handlerFor(payment.paymentType).describe(payment.subjectId);
      return { payment, description, amount: formatKES(centsToShillings(payment.amountCents)) };
    },

    /** The shopper's choice on the sandbox page, settled as a provider's webhook would be. */
    async sandboxDecide(reference: string, decision: 'pay' | 'decline'): Promise<repo.PaymentRecord> {
      const { payment } = await this.sandboxCheckout(reference);
      const status = decision === 'pay' ? 'success' : 'failed';
      await settle(
        reference,
        { status, amountCents: payment.amountCents, currency: payment.currency, raw: { decision } },
        'sandbox',
      );
      return payment;
    },
  };
}
