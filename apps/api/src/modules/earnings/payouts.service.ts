import { createHash, randomBytes } from 'node:crypto';
import {
  EARNINGS_MESSAGES,
  PAYOUT_MINIMUM_KES,
  PAYOUT_TEXTS,
  payoutMethodLabel,
  type PayoutRequestResponse,
} from '@sokoni/contracts/earnings';
import { centsToShillings, formatKESExact, shillingsToCents } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { AuthUser } from '../../lib/tokens.js';
import { LedgerOverdrawn, type Ledger, type PayoutMove } from '../ledger/ledger.service.js';
import {
  ProviderError,
  ProviderRefusal,
  type PayoutProvider,
  type TransferState,
} from '../payments/payments.service.js';
import { recipientOf, toPayout } from './payout-views.js';
import * as repo from './payouts.repository.js';

/** Sends payouts in flight that were never sent, or sent long ago with no conclusive answer since. */
export const PAYOUTS_QUEUE = 'earnings-payouts';
/** Pays every earner their available balance once a week. */
export const WEEKLY_PAYOUTS_QUEUE = 'earnings-weekly-payouts';
/** Mondays at 06:00 in Kenya (cron is in UTC). */
export const WEEKLY_PAYOUTS_CRON = '0 3 * * 1';

const CURRENCY = 'KES';
const MINUTE_MS = 60 * 1000;
/**
 * A transfer sent without a conclusive answer since is sent again after this long: the provider
 * then answers what became of it (its reference is ours, so nothing is paid twice).
 */
const RESEND_AFTER_MS = 30 * MINUTE_MS;
const SEND_BATCH = 50;
const EARNER_BATCH = 200;

/** Our reference for a payout at the provider: 'po_' and 24 hex digits. */
const PAYOUT_REFERENCE = /^po_[a-f0-9]{24}$/;
const newPayoutReference = () => `po_${randomBytes(12).toString('hex')}`;
/** An earner's payout of the week starting `monday`: one reference, however often the weekly job runs. */
const weeklyPayoutReference = (earnerId: string, monday: string) =>
  `po_${createHash('sha256').update(`weekly:${earnerId}:${monday}`).digest('hex').slice(0, 24)}`;

/** The Monday of the week of a date (YYYY-MM-DD), as YYYY-MM-DD. */
function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 60 * MINUTE_MS).toISOString().slice(0, 10);
}

const moveOf = (payout: repo.PayoutRecord, description: string): PayoutMove => ({
  id: payout.id,
  reference: payout.reference,
  earnerId: payout.earnerId,
  amountCents: payout.amountCents,
  description,
});

/** What the provider said when it refused, for the earner (its words, cut short). */
function refusalOf(error: ProviderRefusal): string {
  const { message } = (error.detail ?? {}) as { message?: unknown };
  return (typeof message === 'string' && message.trim() ? message.trim() : 'refused').slice(0, 200);
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;

/**
 * Payouts (#27): an earner's available balance sent to their M-Pesa number or bank account through
 * the provider's transfers, on request (KES 100 at least) or weekly. Asking moves the amount from
 * available to in flight in one transaction with the payout row, under the ledger's check, so two
 * payouts of one balance cannot both be made. The transfer is sent after that commits, claimed
 * first so two workers never send at once, under our own reference; paid, it moves on to paid out;
 * failed or reversed, it comes back to available. Each once.
 */
export function createPayoutsService(deps: {
  db: Db;
  ledger: Pick<Ledger, 'movePayout' | 'earnerBalances'>;
  provider: PayoutProvider;
  jobs: JobQueue;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  clock?: Clock;
}) {
  const { db, ledger, provider, log } = deps;
  const clock = deps.clock ?? systemClock;

  /**
   * Starts a payout of the earner's available `amountCents`, in the caller's transaction: the payout
   * row and its entry (available → in flight) together. Nothing when a payout of this reference
   * exists; LedgerOverdrawn when the balance no longer holds the amount.
   */
  async function startPayout(
    tx: Db,
    method: repo.PayoutMethodRecord,
    amountCents: number,
    reference: string,
  ): Promise<repo.PayoutRecord | undefined> {
    const label = payoutMethodLabel(recipientOf(method));
    const payout = await repo.insertPayout(tx, {
      reference,
      earnerId: method.userId,
      amountCents,
      methodLabel: label,
      requestedAt: new Date(clock.now()),
    });
    if (!payout) return undefined;
    await ledger.movePayout(
      tx,
      'payout',
      moveOf(payout, PAYOUT_TEXTS.requested(label)),
      'available',
      'payout_in_flight',
    );
    return payout;
  }

  /** The provider's recipient for the earner's payout method: made once, until the details change. */
  async function recipientFor(earnerId: string): Promise<string> {
    const method = await repo.findPayoutMethod(db, earnerId);
    if (!method) throw new Error(`earner ${earnerId} has a payout in flight and no payout method`);
    if (method.recipientCode) return method.recipientCode;
    const code = await provider.createRecipient(recipientOf(method));
    await repo.setRecipientCode(db, method, code);
    return code;
  }

  /**
   * Applies a conclusive outcome once, on the locked payout: paid moves its amount from in flight
   * to paid out; failed or reversed brings it back to available (a reversal after a success, from
   * paid out). Anything else told of a payout already settled changes nothing.
   */
  async function settle(
    reference: string,
    outcome: Exclude<TransferState['status'], 'pending'>,
    failureReason: string | null,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const payout = await repo.lockPayout(tx, reference);
      if (!payout) return;
      const settledAt = new Date(clock.now());
      if (outcome === 'success') {
        if (payout.status !== 'in_flight') {
          if (payout.status !== 'paid') {
            log.error(
              { reference, status: payout.status },
              'a payout given back was reported paid: needs a person',
            );
          }
          return;
        }
        await repo.settlePayout(tx, payout.id, { status: 'paid', settledAt, failureReason: null });
        await ledger.movePayout(
          tx,
          'payout_paid',
          moveOf(payout, PAYOUT_TEXTS.paid(payout.methodLabel)),
          'payout_in_flight',
          'paid_out',
        );
        log.info({ reference }, 'payout paid');
        return;
      }
      const from =
        payout.status === 'in_flight'
          ? 'payout_in_flight'
          : payout.status === 'paid' && outcome === 'reversed'
            ? 'paid_out'
            : null;
      if (!from) return;
      await repo.settlePayout(tx, payout.id, { status: outcome, settledAt, failureReason });
      const kind = outcome === 'failed' ? 'payout_failed' : 'payout_reversed';
      await ledger.movePayout(tx, kind, moveOf(payout, PAYOUT_TEXTS[outcome]), from, 'available');
      log.warn({ reference, outcome }, 'payout came back: its money is available to its earner again');
    });
  }

  /** What the provider says of a transfer of ours (its answer to sending it, or a webhook). */
  async function transferReported(reference: string, state: TransferState): Promise<void> {
    if (!PAYOUT_REFERENCE.test(reference)) return;
    if (state.transferCode) {
      const payout = await repo.findPayoutByReference(db, reference);
      if (payout) await repo.setTransferCode(db, payout.id, state.transferCode);
    }
    if (state.status === 'pending') return;
    await settle(
      reference,
      state.status,
      state.status === 'success' ? null : PAYOUT_TEXTS.failure[state.status],
    );
  }

  /**
   * Sends one payout's transfer, if it is due: claimed first (its `sent_at`), so two workers never
   * send at once. A refusal gives its money back to available; an unknown answer leaves it in
   * flight, to be sent again later under the same reference.
   */
  async function send(reference: string): Promise<void> {
    const moment = clock.now();
    const payout = await repo.claimSend(db, reference, new Date(moment), new Date(moment - RESEND_AFTER_MS));
    if (!payout) return;
    let state: TransferState;
    try {
      state = await provider.transfer({
        reference,
        amountCents: payout.amountCents,
        currency: CURRENCY,
        recipientCode: await recipientFor(payout.earnerId),
        reason: PAYOUT_TEXTS.reason,
      });
    } catch (error) {
      if (error instanceof ProviderRefusal) {
        log.warn({ reference, err: error, detail: error.detail }, 'payout refused by the provider');
        await settle(reference, 'failed', PAYOUT_TEXTS.failure.refused(refusalOf(error)));
        return;
      }
      if (!(error instanceof ProviderError)) throw error;
      log.warn({ reference, err: error, detail: error.detail }, 'payout not sent; it is sent again later');
      return;
    }
    await transferReported(reference, state);
  }

  async function sendDue(): Promise<void> {
    const due = await repo.findSendsDue(db, new Date(clock.now() - RESEND_AFTER_MS), SEND_BATCH);
    for (const reference of due) await send(reference);
  }

  /**
   * Every earner with a payout method is paid what is available to them (no minimum), once a week:
   * the week's reference is the same however often this runs, so a rerun pays nothing more.
   */
  async function payWeekly(): Promise<number> {
    const monday = mondayOf(clock.today());
    let started = 0;
    let after: string | null = null;
    for (;;) {
      const earners = await repo.findEarnersWithMethod(db, after, EARNER_BATCH);
      for (const earnerId of earners) {
        try {
          const payout = await db.transaction(async (tx) => {
            const method = await repo.findPayoutMethod(tx, earnerId);
            const { available } = await ledger.earnerBalances(tx, earnerId);
            if (!method || available <= 0) return undefined;
            return startPayout(tx, method, available, weeklyPayoutReference(earnerId, monday));
          });
          if (payout) started += 1;
        } catch (error) {
          // A payout asked for at this very moment took the balance first: it is on its way.
          if (!(error instanceof LedgerOverdrawn)) throw error;
        }
      }
      if (earners.length < EARNER_BATCH) break;
      after = earners[earners.length - 1] ?? null;
    }
    if (started > 0) await deps.jobs.send(PAYOUTS_QUEUE, {});
    return started;
  }

  deps.jobs.define(PAYOUTS_QUEUE, { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 900 }, sendDue);
  deps.jobs.schedule(PAYOUTS_QUEUE, '* * * * *');
  deps.jobs.define(
    WEEKLY_PAYOUTS_QUEUE,
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900 },
    async () => {
      await payWeekly();
    },
  );
  deps.jobs.schedule(WEEKLY_PAYOUTS_QUEUE, WEEKLY_PAYOUTS_CRON);

  return {
    /** The caller's available balance, all of it, to their payout method: sent at once. */
    async requestPayout(caller: AuthUser): Promise<PayoutRequestResponse> {
      const started = await db.transaction(async (tx) => {
        const method = await repo.findPayoutMethod(tx, caller.sub);
        if (!method) throw badRequest(EARNINGS_MESSAGES.noPayoutMethod, 'NO_PAYOUT_METHOD');
        const { available } = await ledger.earnerBalances(tx, caller.sub);
        if (available < shillingsToCents(PAYOUT_MINIMUM_KES)) {
          throw badRequest(EARNINGS_MESSAGES.belowMinimum, 'BELOW_PAYOUT_MINIMUM');
        }
        try {
          return await startPayout(tx, method, available, newPayoutReference());
        } catch (error) {
          // Another payout took this balance between our read and our write: the database refused ours.
          if (error instanceof LedgerOverdrawn)
            throw conflict(EARNINGS_MESSAGES.payoutConflict, 'PAYOUT_CONFLICT');
          throw error;
        }
      });
      if (!started) throw new Error('a new payout reference was taken');
      await send(started.reference);
      const payout = (await repo.findPayoutByReference(db, started.reference)) ?? started;
      const amount = formatKESExact(centsToShillings(payout.amountCents));
      // Paid at once (the sandbox), on its way, or already refused (its reason).
      const message =
        payout.status === 'paid'
          ? EARNINGS_MESSAGES.payoutPaid(amount)
          : (payout.failureReason ?? EARNINGS_MESSAGES.payoutRequested(amount));
      return { message, payout: toPayout(payout) };
    },
    transferReported,
    sendDue,
    payWeekly,
  };
}
