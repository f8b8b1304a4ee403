import type { Db } from '../../db/client.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { ProviderError, type PaymentProvider } from './payment-provider.js';
import * as repo from './payments.repository.js';

/**
 * A refund the provider has done, written once by whoever learns of it first, in the transaction
 * that marked it done: the money owed to the payer leaves the provider's clearing account, and the
 * payment's history says so. Whole charges (payments.service) and parts of them (below) alike.
 */
export async function recordRefundDone(
  tx: Db,
  ledger: Pick<Ledger, 'recordRefundPaid'>,
  done: {
    key: string;
    paymentId: string;
    amountCents: number;
    description: string;
    source: 'refund' | 'webhook';
    payload: unknown;
    at: Date;
  },
): Promise<void> {
  await ledger.recordRefundPaid(tx, {
    key: done.key,
    paymentId: done.paymentId,
    amountCents: done.amountCents,
    description: done.description,
  });
  await repo.recordPaymentEvent(tx, {
    paymentId: done.paymentId,
    source: done.source,
    outcome: 'refunded',
    payload: done.payload,
    createdAt: done.at,
  });
}

/**
 * Parts of charges given back (#27: an order line cancelled, a stay cancelled under its policy, an
 * event's tickets, a course): each `refunds` row the ledger wrote with its cancellation (ours,
 * 'rf_…') is asked of the provider by the refunds job, claimed first so two workers never ask at
 * once. A request whose answer never reached us is looked up at the provider before it is made
 * again, so nothing is given back twice. Once done (at once, or by the provider's event) the money
 * owed to the payer leaves the provider's clearing account, once.
 */
export function createPartialRefunds(deps: {
  db: Db;
  provider: PaymentProvider;
  ledger: Pick<Ledger, 'recordRefundPaid'>;
  log: { warn(obj: object, msg: string): void };
  now: () => number;
  /** When a request not answered, refused or still at work is asked again. */
  retryAt: (moment: number) => repo.RefundRetry;
  batch: number;
}) {
  const { db, provider, now } = deps;

  /** Records the refund done, once, whoever learns of it first: true for the one that does. */
  async function refunded(
    reference: string,
    source: 'refund' | 'webhook',
    payload: unknown,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const refund = await repo.markPartialRefunded(tx, reference, new Date(now()));
      if (!refund) return false;
      await recordRefundDone(tx, deps.ledger, {
        key: reference,
        paymentId: refund.paymentId,
        amountCents: refund.amountCents,
        description: `Refunded: ${reference}`,
        source,
        payload: { refund: reference, answer: payload },
        at: new Date(now()),
      });
      return true;
    });
  }

  async function request(reference: string): Promise<void> {
    const moment = now();
    const claimed = await db.transaction((tx) =>
      repo.claimPartialRefund(tx, reference, deps.retryAt(moment), new Date(moment)),
    );
    if (!claimed) return;
    const { refund, paymentReference } = claimed;
    try {
      const known = claimed.triedBefore ? await provider.findRefund(paymentReference, reference) : null;
      const state = known ?? (await provider.refund(paymentReference, refund.amountCents, reference));
      if (state === 'refunded') await refunded(reference, 'refund', { state });
      else await repo.markPartialRefundAccepted(db, reference);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.warn(
        { reference, payment: paymentReference, err: error, detail: error.detail },
        'refund not made; it is asked for again later',
      );
    }
  }

  return {
    /** Asks the provider for every refund due (the refunds job). */
    async requestDue(): Promise<void> {
      for (const reference of await repo.findPartialRefundsDue(db, deps.retryAt(now()), deps.batch)) {
        await request(reference);
      }
    },

    /**
     * The provider reports `amountCents` of the charge given back: the matching pending refund is
     * done. Refunds of one charge for the same amount are alike, so whichever is still pending is.
     */
    async reported(paymentReference: string, amountCents: number, event: unknown): Promise<void> {
      for (;;) {
        const reference = await repo.findPendingPartialRefund(db, paymentReference, amountCents);
        if (!reference || (await refunded(reference, 'webhook', event))) return;
      }
    },
  };
}
