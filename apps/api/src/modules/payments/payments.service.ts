import { randomBytes } from 'node:crypto';
import { formatKES, centsToShillings, shillingsToCents } from '@sokoni/contracts/money';
import { PAYMENT_HOLD_MINUTES, PAYMENT_MESSAGES, type PaymentType } from '@sokoni/contracts/checkout';
import { REFUND_MAIL } from '@sokoni/contracts/mail';
import {
  maskKenyanPhone,
  MPESA_CHECK_SECONDS,
  MPESA_PROMPT_SECONDS,
  MPESA_TEST_NUMBERS,
  PAYMENT_FAILURE_MESSAGES,
  PAYMENT_FAILURES,
  type PaymentFailure,
} from '@sokoni/contracts/mpesa';
import type {
  InitializePaymentData,
  InitializePaymentResponse,
  PaymentVerification,
} from '@sokoni/contracts/payments';
import type { Db } from '../../db/client.js';
import { requireAccess } from '../../lib/access.js';
import { AppError, badRequest, conflict, notFound, unauthorized, unavailable } from '../../lib/errors.js';
import { lockHolder } from '../../lib/hold-bounds.js';
import { openKeyOf, supersedeOpenPayment } from '../../lib/open-payments.js';
import type { Standing } from '../../lib/standing.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { MailMessage, MailService } from '../mail/mail.service.js';
import type { PaymentHandler, PaymentHandlers, PaymentSubject, ReleaseReason } from './payment-handlers.js';
import {
  ProviderError,
  type MobileMoneyStart,
  type PaymentProvider,
  type ProviderCharge,
  type TransferState,
} from './payment-provider.js';
import { createPartialRefunds, recordRefundDone } from './partial-refunds.js';
import * as repo from './payments.repository.js';
import { receiptMail } from './receipt-mail.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { systemClock, type Clock } from '../../lib/clock.js';

const CURRENCY = 'KES';

// Payouts (#27) go out through the same provider: the seam the earnings module pays earners through.
export { ProviderError, ProviderRefusal } from './payment-provider.js';
export type { PayoutProvider, TransferRecipient, TransferState } from './payment-provider.js';

/** Every reference we hand a provider; anything else a caller or a provider names is not one of ours. */
const REFERENCE = /^sok_[a-f0-9]{24}$/;
const newPaymentReference = () => `sok_${randomBytes(12).toString('hex')}`;
const isPaymentReference = (reference: string): boolean => REFERENCE.test(reference);
/** Card unless the payer chose M-Pesa: a request without a method is the spec client's card redirect. */
const methodOf = (input: InitializePaymentData) => input.method ?? 'card';
const phoneOf = (input: InitializePaymentData) =>
  methodOf(input) === 'mpesa' ? (input.phone ?? null) : null;
type SettleSource = 'verify' | 'webhook' | 'sandbox' | 'initialize';

const HOLD_MS = PAYMENT_HOLD_MINUTES * 60 * 1000;
/** A payment asked for again with the same terms is answered again while this much of its hold is left. */
const REUSE_MIN_LEFT_MS = 2 * 60 * 1000;
/** An M-Pesa prompt asked for again with the same number is answered again while this much of its wait is left. */
const PROMPT_REUSE_MIN_LEFT_MS = 20 * 1000;
const CHECK_MS = MPESA_CHECK_SECONDS * 1000;
/**
 * A payment asked for again while the first ask is still with the provider waits for it this long
 * (in steps), then is told to try again; a start older than this that never heard back is replaced.
 */
const STARTING_WAIT_MS = 10_000;
const STARTING_STEP_MS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const HOLDS_LAPSE_QUEUE = 'payments-holds-lapse';
/** Lapsed holds ended per run of the job; a backlog is worked off a batch a minute. */
const LAPSE_BATCH = 200;
/**
 * Refunds are asked for by a job, outside any transaction: right after a settlement marks one, and
 * every minute for those still due.
 */
export const REFUNDS_QUEUE = 'payments-refunds';
const REFUND_BATCH = 50;
const MINUTE_MS = 60 * 1000;
/** A refund request refused or unanswered is tried again after this long. */
const REFUND_RETRY_MS = 10 * MINUTE_MS;
/** One the provider accepted is finished by its webhook; asked about again only after this long. */
const REFUND_RECHECK_MS = 6 * 60 * MINUTE_MS;
const refundRetryAt = (moment: number): repo.RefundRetry => ({
  acceptedBefore: new Date(moment - REFUND_RECHECK_MS),
  otherwiseBefore: new Date(moment - REFUND_RETRY_MS),
});

/** The e-mail that tells a payer their charge is being given back, and why. */
function refundMail(payment: repo.PaymentRecord, payerName: string, notice: string): MailMessage {
  return {
    to: payment.email,
    subject: REFUND_MAIL.subject,
    text: [
      REFUND_MAIL.greeting(payerName),
      '',
      notice,
      REFUND_MAIL.timing,
      '',
      REFUND_MAIL.reference(payment.reference),
      '',
      REFUND_MAIL.signOff,
      '',
    ].join('\n'),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  handlers: PaymentHandlers;
  jobs: JobQueue;
  mail: Pick<MailService, 'queue'>;
  /** Sokoni's own origin, for the link in receipts (read when one is made). */
  siteUrl: () => string;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** Where every movement of money is written (#27). */
  ledger: Pick<Ledger, 'recordSale' | 'recordUnfulfilled' | 'recordRefundPaid'>;
  /** Told of every transfer (a payout, #27) a signed webhook reports; absent, those events are ignored. */
  onTransfer?: (reference: string, state: TransferState) => Promise<void>;
  clock?: Clock;
  /** How long an M-Pesa prompt is waited for (MPESA_PROMPT_SECONDS unless told). */
  mpesaPromptSeconds?: number;
}) {
  const { db, provider, handlers, log } = deps;
  const { now } = deps.clock ?? systemClock;
  const promptMs = (deps.mpesaPromptSeconds ?? MPESA_PROMPT_SECONDS) * 1000;

  const handlerFor = <T extends PaymentType>(type: T): PaymentHandler<T> => {
    const handler = handlers[type] as PaymentHandler<T> | undefined;
    if (!handler) throw badRequest(PAYMENT_MESSAGES.typeUnavailable(type), 'PAYMENT_TYPE_UNAVAILABLE');
    return handler;
  };

  /** Gives the payment's hold back, if it is still open: once per payment, whoever asks. */
  async function releaseHold(tx: Db, payment: repo.PaymentRecord, reason: ReleaseReason): Promise<void> {
    if (await repo.endHold(tx, payment.id, new Date(now()))) {
      await handlerFor(payment.paymentType).release(tx, payment, reason);
    }
  }

  /** A payment whose hold ran out is abandoned and its hold given back (unless it was settled meanwhile). */
  async function lapse(reference: string): Promise<void> {
    await db.transaction(async (tx) => {
      const payment = await repo.lockPaymentByReference(tx, reference);
      if (
        !payment ||
        payment.status !== 'pending' ||
        payment.holdEndedAt !== null ||
        (payment.holdExpiresAt?.getTime() ?? Infinity) > now()
      )
        return;
      await repo.setPaymentStatus(tx, payment.id, { status: 'abandoned', failureReason: 'hold_expired' });
      await releaseHold(tx, payment, 'expired');
    });
  }

  async function lapseHolds(): Promise<void> {
    for (const reference of await repo.findLapsedHolds(db, new Date(now()), LAPSE_BATCH)) {
      await lapse(reference);
    }
  }

  deps.jobs.define(
    HOLDS_LAPSE_QUEUE,
    { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 120 },
    lapseHolds,
  );
  deps.jobs.schedule(HOLDS_LAPSE_QUEUE, '* * * * *');

  /**
   * Marks a paid charge that fulfilled nothing for refund and tells its payer, in the settling
   * transaction; the refund itself is asked for by the refunds job once that commits.
   */
  async function markForRefund(tx: Db, payment: repo.PaymentRecord, reason: string): Promise<void> {
    await repo.markForRefund(tx, payment.id, reason);
    await deps.ledger.recordUnfulfilled(tx, payment, `Refund due: payment ${payment.reference}`);
    const amount = formatKES(centsToShillings(payment.amountCents));
    const notice =
      handlerFor(payment.paymentType).refundNotice?.(amount) ?? PAYMENT_MESSAGES.refundNotice(amount);
    const name = (await repo.findPayerName(tx, payment.userId)) ?? payment.email;
    await deps.mail.queue(tx, refundMail(payment, name, notice));
    await deps.jobs.send(REFUNDS_QUEUE, {}, { db: tx });
  }

  /** Records a refund done, once, whoever learns of it first (our request's answer, or a webhook). */
  async function refunded(
    reference: string,
    source: 'refund' | 'webhook',
    payload: unknown,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const payment = await repo.markRefunded(tx, reference, new Date(now()));
      if (!payment) return false;
      await recordRefundDone(tx, deps.ledger, {
        key: reference,
        paymentId: payment.id,
        amountCents: payment.amountCents,
        description: `Refunded: payment ${reference}`,
        source,
        payload,
        at: new Date(now()),
      });
      log.info({ reference }, 'payment refunded');
      return true;
    });
  }

  /**
   * Asks the provider to give one charge back, if its refund is still due: claimed first, so two
   * workers never ask at once. Whatever stops it (the provider refuses, is away, or is still at
   * work) leaves the refund pending, to be asked again later.
   */
  async function requestRefund(reference: string): Promise<void> {
    const moment = now();
    const payment = await db.transaction((tx) =>
      repo.claimRefund(tx, reference, refundRetryAt(moment), new Date(moment)),
    );
    if (!payment) return;
    try {
      if ((await provider.refund(reference, payment.amountCents)) === 'refunded') {
        await refunded(reference, 'refund', { state: 'refunded' });
      } else {
        await repo.recordPaymentEvent(db, {
          paymentId: payment.id,
          source: 'refund',
          outcome: 'pending',
          createdAt: new Date(now()),
        });
      }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.warn(
        { reference, err: error, detail: error.detail },
        'refund not made; it is asked for again later',
      );
      await repo.recordPaymentEvent(db, {
        paymentId: payment.id,
        source: 'refund',
        outcome: 'error',
        payload: error.detail,
        createdAt: new Date(now()),
      });
    }
  }

  /** Parts of charges given back by cancellations (#27): the `refunds` rows the ledger writes. */
  const partialRefunds = createPartialRefunds({
    db,
    provider,
    ledger: deps.ledger,
    log,
    now,
    retryAt: refundRetryAt,
    batch: REFUND_BATCH,
  });

  async function requestRefunds(): Promise<void> {
    const due = await repo.findRefundsDue(db, refundRetryAt(now()), REFUND_BATCH);
    for (const reference of due) await requestRefund(reference);
    await partialRefunds.requestDue();
  }

  deps.jobs.define(
    REFUNDS_QUEUE,
    { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 300 },
    requestRefunds,
  );
  deps.jobs.schedule(REFUNDS_QUEUE, '* * * * *');

  /** Why a payment ended unpaid, in the payer's words: the provider's reason when it gave one. */
  function plainFailure(payment: repo.PaymentRecord): PaymentVerification['failure'] {
    if (payment.status !== 'failed' && payment.status !== 'abandoned') return null;
    const reason: PaymentFailure = (PAYMENT_FAILURES as readonly string[]).includes(
      payment.failureReason ?? '',
    )
      ? (payment.failureReason as PaymentFailure)
      : 'failed';
    return { reason, ...PAYMENT_FAILURE_MESSAGES[reason] };
  }

  const toVerification = (payment: repo.PaymentRecord): PaymentVerification => ({
    status: payment.status,
    reference: payment.reference,
    paymentType: payment.paymentType,
    amount: centsToShillings(payment.amountCents),
    currency: payment.currency,
    subjectId: payment.subjectId,
    paidAt: payment.paidAt?.toISOString() ?? null,
    refund: payment.refundStatus ?? null,
    method: payment.method,
    phone: payment.phone ? maskKenyanPhone(payment.phone) : null,
    promptExpiresAt:
      payment.status === 'pending' && payment.promptExpiresAt ? payment.promptExpiresAt.toISOString() : null,
    failure: plainFailure(payment),
    quantity: payment.quantity,
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
        // Told again what we know (a payment we abandoned, reported abandoned): keep our reason.
        if (charge.status !== payment.status) {
          await repo.setPaymentStatus(tx, payment.id, {
            status: charge.status,
            failureReason: charge.failure ?? null,
          });
        }
        await releaseHold(tx, payment, charge.status);
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
        await releaseHold(tx, payment, 'failed');
        return;
      }
      if (!(await repo.claimFulfilment(tx, reference))) return;
      await repo.setPaymentStatus(tx, payment.id, {
        status: 'success',
        failureReason: null,
        paidAt: new Date(now()),
      });
      // The hold ends here whatever comes of it: sold by fulfil, or given back below.
      const holdWasOpen = await repo.endHold(tx, payment.id, new Date(now()));
      const handler = handlerFor(payment.paymentType);
      const outcome = await handler.fulfil(tx, payment);
      if (outcome === 'fulfilled') {
        // The receipt is written with the fulfilment: sent once it commits, and only once.
        const receipt = {
          payment,
          payerName: (await repo.findPayerName(tx, payment.userId)) ?? payment.email,
          paidAt: new Date(now()),
          details: await handler.receipt(tx, payment),
        };
        await deps.mail.queue(tx, receiptMail(receipt, deps.siteUrl()));
        const bought = receipt.details.items.map((item) => item.description).join(', ');
        await deps.ledger.recordSale(
          tx,
          payment,
          handler.vertical,
          await handler.shares(tx, payment),
          `Sale: ${bought}`.slice(0, 200),
        );
      } else {
        log.warn(
          { reference, subject: payment.subjectId, outcome },
          'paid for a subject that cannot be fulfilled: refunding it',
        );
        await markForRefund(tx, payment, `subject_${outcome}`);
        if (holdWasOpen) await handler.release(tx, payment, 'unfulfillable');
      }
    });
  }

  type Started =
    | { kind: 'open'; payment: repo.PaymentRecord }
    | { kind: 'starting' }
    | { kind: 'created'; payment: repo.PaymentRecord; subject: PaymentSubject };

  /** The same payer asking for the same thing on the same terms (a double click, a page reloaded). */
  const sameTerms = (payment: repo.PaymentRecord, caller: AuthUser, input: InitializePaymentData) =>
    payment.userId === caller.sub &&
    payment.amountCents === shillingsToCents(input.amount) &&
    payment.email === input.email &&
    payment.callbackUrl === input.callback_url &&
    payment.method === methodOf(input) &&
    payment.phone === phoneOf(input);

  /** Has the provider taken the payment: a card page to go to, or an M-Pesa prompt on its way? */
  const answered = (payment: repo.PaymentRecord) =>
    payment.method === 'mpesa' ? payment.checkedAt !== null : payment.authorizationUrl !== null;

  /** Long enough left to answer the payment again: of its hold, and of an M-Pesa prompt's wait. */
  const enoughLeft = (payment: repo.PaymentRecord, moment: number) =>
    (payment.holdExpiresAt?.getTime() ?? 0) - moment >= REUSE_MIN_LEFT_MS &&
    (payment.method !== 'mpesa' ||
      (payment.promptExpiresAt?.getTime() ?? 0) - moment >= PROMPT_REUSE_MIN_LEFT_MS);

  /**
   * One start of a payment, in one transaction. Locks are taken in one order (docs/decisions/0015):
   * the subject, the payer (and a young payer's network), the subject's open payment, then what
   * the vertical holds. The subject's open payment is answered again on the same terms, waited for
   * while the provider is still being asked, and otherwise ended (its hold given back) before the
   * new one holds: at most one payment of a subject holds, which the database also enforces
   * (payments_one_open_per_subject).
   */
  async function start(
    tx: Db,
    handler: PaymentHandler,
    caller: AuthUser,
    input: InitializePaymentData,
    standing: Standing,
    openKey: string,
  ): Promise<Started> {
    await repo.lockSubject(tx, openKey);
    await lockHolder(tx, caller.sub, standing);
    const open = await repo.lockOpenPayment(tx, openKey);
    const moment = now();
    if (open && sameTerms(open, caller, input)) {
      if (answered(open) && enoughLeft(open, moment)) return { kind: 'open', payment: open };
      if (!answered(open) && moment - open.createdAt.getTime() < STARTING_WAIT_MS) {
        return { kind: 'starting' };
      }
    }
    // A subject's key names its payer: another's open payment is left alone, and prepare refuses them.
    if (open && open.userId === caller.sub && (await supersedeOpenPayment(tx, openKey, new Date(moment)))) {
      await handler.release(tx, open, 'superseded');
    }
    const reference = newPaymentReference();
    const holdExpiresAt = new Date(moment + HOLD_MS);
    // The hold and the payment row are written together: both, or neither.
    const subject = await handler.prepare(tx, caller, input as never, {
      reference,
      until: holdExpiresAt,
      standing,
    });
    // The one check of the amount: the price is the database's, as the vertical priced it.
    if (shillingsToCents(input.amount) !== subject.amountCents) {
      throw conflict(
        PAYMENT_MESSAGES.amountMismatch(formatKES(centsToShillings(subject.amountCents))),
        'AMOUNT_MISMATCH',
      );
    }
    const payment = await repo.insertPayment(tx, {
      reference,
      userId: caller.sub,
      paymentType: input.paymentType,
      subjectId: subject.subjectId,
      amountCents: subject.amountCents,
      currency: CURRENCY,
      email: input.email,
      provider: provider.name,
      callbackUrl: input.callback_url,
      holdExpiresAt,
      openKey,
      network: standing.network,
      method: methodOf(input),
      phone: phoneOf(input),
      promptExpiresAt: methodOf(input) === 'mpesa' ? new Date(moment + promptMs) : null,
      quantity: input.paymentType === 'event' ? input.quantity : null,
      createdAt: new Date(moment),
    });
    return { kind: 'created', payment, subject };
  }

  /**
   * A payment as its start is answered: the card page to go to, or the M-Pesa prompt sent (with
   * its outcome when the provider already gave it, as a declined test number does).
   */
  function answer(payment: repo.PaymentRecord, displayText = ''): InitializePaymentResponse {
    if (payment.method === 'mpesa') {
      const waiting = payment.status === 'pending';
      return {
        status: true,
        message: 'M-Pesa prompt sent',
        data: {
          reference: payment.reference,
          status: payment.status,
          method: 'mpesa',
          phone: maskKenyanPhone(payment.phone ?? ''),
          amount: centsToShillings(payment.amountCents),
          promptExpiresAt: (payment.promptExpiresAt ?? payment.createdAt).toISOString(),
          checkAfterSeconds: waiting ? MPESA_CHECK_SECONDS : 0,
          displayText,
        },
      };
    }
    return {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: payment.authorizationUrl ?? '',
        access_code: payment.accessCode ?? '',
        reference: payment.reference,
      },
    };
  }

  /** Sends the M-Pesa prompt; an answer that is already final (a decline) settles the payment at once. */
  async function promptPhone(
    payment: repo.PaymentRecord,
    charge: Parameters<PaymentProvider['chargeMobileMoney']>[0],
  ): Promise<InitializePaymentResponse> {
    const started: MobileMoneyStart = await provider.chargeMobileMoney(charge);
    await db.transaction(async (tx) => {
      await repo.setChecked(tx, payment.id, new Date(now()));
      await repo.recordPaymentEvent(tx, {
        paymentId: payment.id,
        source: 'initialize',
        outcome: 'prompted',
        payload: started.raw,
      });
    });
    if (started.status !== 'pending') {
      await settle(
        payment.reference,
        {
          status: started.status,
          ...(started.failure ? { failure: started.failure } : {}),
          amountCents: payment.amountCents,
          currency: payment.currency,
          raw: started.raw,
        },
        'initialize',
      );
    }
    const current = (await repo.findPaymentByReference(db, payment.reference)) ?? payment;
    return answer(current, started.displayText);
  }

  /** Asks the provider for the payer's checkout or prompt, after the payment and its hold committed. */
  async function askProvider(
    payment: repo.PaymentRecord,
    subject: PaymentSubject,
    caller: AuthUser,
    input: InitializePaymentData,
  ): Promise<InitializePaymentResponse> {
    const { reference } = payment;
    const metadata = {
      paymentType: input.paymentType,
      subjectId: subject.subjectId,
      userId: caller.sub,
      description: subject.description,
    };
    try {
      if (payment.method === 'mpesa') {
        return await promptPhone(payment, {
          reference,
          amountCents: subject.amountCents,
          currency: CURRENCY,
          email: input.email,
          phone: payment.phone ?? '',
          metadata,
        });
      }
      const started = await provider.initialize({
        reference,
        amountCents: subject.amountCents,
        currency: CURRENCY,
        email: input.email,
        callbackUrl: input.callback_url,
        metadata,
      });
      const authorization = { authorizationUrl: started.authorizationUrl, accessCode: started.accessCode };
      await db.transaction(async (tx) => {
        await repo.setAuthorization(tx, payment.id, authorization);
        await repo.recordPaymentEvent(tx, {
          paymentId: payment.id,
          source: 'initialize',
          outcome: 'created',
        });
      });
      return answer({ ...payment, ...authorization });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error({ reference, err: error, detail: error.detail }, 'payment provider refused to initialise');
      await db.transaction(async (tx) => {
        const locked = (await repo.lockPaymentByReference(tx, reference)) ?? payment;
        await repo.setPaymentStatus(tx, payment.id, { status: 'failed', failureReason: 'provider_error' });
        await repo.recordPaymentEvent(tx, {
          paymentId: payment.id,
          source: 'initialize',
          outcome: 'provider_error',
        });
        await releaseHold(tx, locked, 'provider_error');
      });
      throw new AppError('PROVIDER_UNAVAILABLE', PAYMENT_MESSAGES.providerUnavailable, 502);
    }
  }

  async function checkWithProvider(reference: string): Promise<void> {
    try {
      await settle(reference, await provider.verify(reference), 'verify');
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error({ reference, err: error }, 'payment provider could not verify');
      throw new AppError('PROVIDER_UNAVAILABLE', PAYMENT_MESSAGES.providerUnavailable, 502);
    }
  }

  /**
   * A waiting M-Pesa prompt: the provider is asked no more than once in 10 s, however many pages
   * poll; once the wait is over and the provider still has no answer, the payment ends unanswered
   * and its hold is given back, so the payer can pay again at once. Should the payer approve after
   * all, the provider's success still settles it (fulfilled, or refunded if taken meanwhile).
   */
  async function checkPrompt(payment: repo.PaymentRecord): Promise<void> {
    const moment = now();
    if (await repo.claimCheck(db, payment.id, new Date(moment), new Date(moment - CHECK_MS))) {
      await checkWithProvider(payment.reference);
    }
    if ((payment.promptExpiresAt?.getTime() ?? Infinity) > moment) return;
    await db.transaction(async (tx) => {
      const locked = await repo.lockPaymentByReference(tx, payment.reference);
      if (!locked || locked.status !== 'pending' || locked.holdEndedAt !== null) return;
      await repo.setPaymentStatus(tx, locked.id, { status: 'failed', failureReason: 'no_answer' });
      await repo.recordPaymentEvent(tx, { paymentId: locked.id, source: 'verify', outcome: 'no_answer' });
      await releaseHold(tx, locked, 'failed');
    });
  }

  return {
    async initialize(
      caller: AuthUser,
      input: InitializePaymentData,
      allowedOrigins: string[],
      standing: Standing,
    ): Promise<InitializePaymentResponse> {
      // The browser is only ever sent back to us: a payment is never an open redirect.
      if (!allowedOrigins.includes(new URL(input.callback_url).origin)) {
        throw badRequest(PAYMENT_MESSAGES.callbackNotAllowed, 'CALLBACK_NOT_ALLOWED');
      }
      const handler = handlerFor(input.paymentType);
      const openKey = openKeyOf(input.paymentType, handler.subjectKey(caller, input as never));
      const waitUntil = performance.now() + STARTING_WAIT_MS;
      for (;;) {
        const started = await db.transaction((tx) => start(tx, handler, caller, input, standing, openKey));
        if (started.kind === 'open') return answer(started.payment);
        if (started.kind === 'created') return askProvider(started.payment, started.subject, caller, input);
        if (performance.now() >= waitUntil) {
          throw unavailable(PAYMENT_MESSAGES.starting, 'PAYMENT_STARTING', 1);
        }
        await pause(STARTING_STEP_MS);
      }
    },

    /**
     * The caller's own payment only. One not settled yet (pending, or abandoned by us when its hold
     * lapsed or a newer payment replaced it) is checked with the provider first: the payer may have
     * paid after all.
     */
    async verify(caller: AuthUser, reference: string): Promise<PaymentVerification> {
      const payment = requireAccess(
        caller,
        isPaymentReference(reference) ? await repo.findPaymentByReference(db, reference) : undefined,
        {
          ownerOf: (own) => own.userId,
          notFound: () => notFound(PAYMENT_MESSAGES.notFound, 'PAYMENT_NOT_FOUND'),
        },
      );
      if (payment.method === 'mpesa' && payment.status === 'pending') {
        await checkPrompt(payment);
      } else if (payment.status === 'pending' || payment.status === 'abandoned') {
        await checkWithProvider(reference);
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
      const refund = provider.refundFromWebhook(event);
      // A charge given back whole, else a part of it (a cancellation) of the amount the event names.
      if (
        refund &&
        isPaymentReference(refund.reference) &&
        !(await refunded(refund.reference, 'webhook', event)) &&
        refund.amountCents !== null
      ) {
        await partialRefunds.reported(refund.reference, refund.amountCents, event);
      }
      const transfer = provider.transferFromWebhook(event);
      if (transfer) await deps.onTransfer?.(transfer.reference, transfer.state);
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

    /** The M-Pesa prompts waiting on a sandbox phone, with what each is for (none reach the silent test number). */
    async sandboxPrompts(phone: string) {
      if (phone === MPESA_TEST_NUMBERS.neverAnswers) return [];
      const prompts = await repo.findSandboxPrompts(db, phone, new Date(now()));
      return Promise.all(
        prompts.map(async (payment) => ({
          reference: payment.reference,
          amount: formatKES(centsToShillings(payment.amountCents)),
          description: await handlerFor(payment.paymentType).describe(payment.subjectId),
        })),
      );
    },

    /**
     * The payer's answer on the sandbox phone, settled as a provider's webhook would be: approved with
     * any four digits but the wrong-PIN one, refused with that, or cancelled. Only a prompt waiting on
     * this very number is answered.
     */
    async sandboxAnswer(phone: string, reference: string, answer: 'approve' | 'wrong_pin' | 'cancel') {
      const payment = isPaymentReference(reference)
        ? await repo.findPaymentByReference(db, reference)
        : undefined;
      if (
        !payment ||
        payment.provider !== 'sandbox' ||
        payment.method !== 'mpesa' ||
        payment.phone !== phone ||
        phone === MPESA_TEST_NUMBERS.neverAnswers
      )
        throw notFound(PAYMENT_MESSAGES.notFound, 'PAYMENT_NOT_FOUND');
      const charge: ProviderCharge =
        answer === 'approve'
          ? {
              status: 'success',
              amountCents: payment.amountCents,
              currency: payment.currency,
              raw: { answer },
            }
          : {
              status: 'failed',
              failure: answer === 'cancel' ? 'declined' : 'wrong_pin',
              amountCents: payment.amountCents,
              currency: payment.currency,
              raw: { answer },
            };
      await settle(reference, charge, 'sandbox');
      return { amount: formatKES(centsToShillings(payment.amountCents)) };
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
