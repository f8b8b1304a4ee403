import { SITE } from '@sokoni/contracts/site';
import {
  PAYOUT_METHOD_MAIL,
  PAYOUT_MINIMUM_KES,
  type EarningsSummary,
  type FeesResponse,
  type FinanceReport,
  type PayoutMethod,
  type PayoutMethodInput,
  type StatementLine,
  type Vertical,
} from '@sokoni/contracts/earnings';
import { centsToShillings } from '@sokoni/contracts/money';
import type { PageQuery } from '@sokoni/contracts/paging';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { AuthUser } from '../../lib/tokens.js';
import { letterParts } from '../../lib/mail-html.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MailService } from '../mail/mail.service.js';
import * as repo from './payouts.repository.js';
import { toPayout, toPayoutMethod } from './payout-views.js';
import { statementCsv } from './statement-csv.js';

/** Payouts the earnings page lists, newest first. */
const RECENT_PAYOUTS = 10;

const counted = ({ count, cents }: { count: number; cents: number }) => ({
  count,
  amount: centsToShillings(cents),
});

export type EarningsService = ReturnType<typeof createEarningsService>;

/**
 * What an earner sees of their money (#27): the balances the ledger keeps for them, their statement
 * (every line, in EAT, paged or as CSV), their payout method; Sokoni's fees; and for the admin,
 * where all the money is and the ledger's own check.
 */
export function createEarningsService(deps: {
  db: Db;
  ledger: Pick<Ledger, 'earnerBalances' | 'statement' | 'totalsByKind' | 'audit'>;
  feePercent: Record<Vertical, number>;
  mail: Pick<MailService, 'queue'>;
  clock?: Clock;
}) {
  const { db, ledger } = deps;
  const clock = deps.clock ?? systemClock;

  return {
    async summary(caller: AuthUser): Promise<EarningsSummary> {
      const balances = await ledger.earnerBalances(db, caller.sub);
      const method = await repo.findPayoutMethod(db, caller.sub);
      const payouts = await repo.findRecentPayouts(db, caller.sub, RECENT_PAYOUTS);
      return {
        pending: centsToShillings(balances.pending),
        available: centsToShillings(balances.available),
        inFlight: centsToShillings(balances.payout_in_flight),
        paidOut: centsToShillings(balances.paid_out),
        minimumPayout: PAYOUT_MINIMUM_KES,
        payoutMethod: method ? toPayoutMethod(method) : null,
        payouts: payouts.map(toPayout),
      };
    },

    /** The caller's statement lines, newest first, a page at a time, and how many there are. */
    async statement(caller: AuthUser, page: PageQuery): Promise<{ lines: StatementLine[]; total: number }> {
      const { rows, total } = await ledger.statement(db, caller.sub, page);
      const lines = rows.map((row) => ({
        id: row.id,
        occurredAt: row.occurredAt.toISOString(),
        kind: row.kind,
        description: row.description,
        account: row.account,
        amount: centsToShillings(row.amountCents),
      }));
      return { lines, total };
    },

    /** Every line of the caller's statement as CSV. */
    async statementCsv(caller: AuthUser): Promise<string> {
      const { rows } = await ledger.statement(db, caller.sub, null);
      return statementCsv(rows);
    },

    /**
     * Saves the caller's payout method (Paystack's recipient for the old details is made anew when
     * next paid) and tells them by e-mail, in the same transaction, where their money goes now.
     */
    async savePayoutMethod(caller: AuthUser, input: PayoutMethodInput): Promise<PayoutMethod> {
      return db.transaction(async (tx) => {
        const before = await repo.findPayoutMethod(tx, caller.sub);
        const method = toPayoutMethod(
          await repo.savePayoutMethod(tx, caller.sub, input, new Date(clock.now())),
        );
        await deps.mail.queue(tx, {
          to: caller.email,
          subject: PAYOUT_METHOD_MAIL.subject,
          ...letterParts([
            [PAYOUT_METHOD_MAIL.greeting(caller.name ?? caller.email)],
            [
              PAYOUT_METHOD_MAIL.now(method.label),
              ...(before ? [PAYOUT_METHOD_MAIL.before(toPayoutMethod(before).label)] : []),
            ],
            [PAYOUT_METHOD_MAIL.notYou(SITE.contactEmail)],
            [PAYOUT_METHOD_MAIL.signOff],
          ]),
        });
        return method;
      });
    },

    fees: (): FeesResponse => ({ ...deps.feePercent }),

    /** Where the money is, from the ledger's balances and the payouts and refunds still moving. */
    async financeReport(): Promise<FinanceReport> {
      const totals = await ledger.totalsByKind(db);
      const shillings = (kind: keyof typeof totals) => centsToShillings(totals[kind] ?? 0);
      const check = await ledger.audit(db);
      return {
        feesEarned: shillings('platform_fees'),
        providerClearing: shillings('provider_clearing'),
        heldForEarners: { pending: shillings('pending'), available: shillings('available') },
        paidOut: shillings('paid_out'),
        payoutsInFlight: counted(await repo.payoutTotals(db, ['in_flight'])),
        payoutsFailed: counted(await repo.payoutTotals(db, ['failed', 'reversed'])),
        refundsPending: counted(await repo.pendingRefundTotals(db)),
        check: {
          ...check,
          ok: check.unbalancedEntries === 0 && check.balancesOff === 0 && check.negativeEarnerBalances === 0,
        },
      };
    },
  };
}
