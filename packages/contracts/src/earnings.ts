// Earnings, fees, payouts and the ledger behind them (#27; docs/decisions/0017).
import { z } from 'zod';
import { formatKES } from './money.js';
import { KenyanPhone } from './delivery.js';
import { pageQuery } from './paging.js';
import { line } from './text.js';

/** The four things Sokoni sells on others' behalf, each with its own platform fee. */
export const VERTICALS = ['shop', 'stays', 'events', 'courses'] as const;
export type Vertical = (typeof VERTICALS)[number];

/** The fee Sokoni keeps of each sale, in percent, unless FEE_PERCENT_<VERTICAL> says otherwise. */
export const DEFAULT_FEE_PERCENT: Record<Vertical, number> = { shop: 5, stays: 10, events: 5, courses: 15 };

/**
 * Sokoni's fee on `grossCents` at `percent`: integer cents, rounded half up, once per sale. Percent
 * may carry two decimals (7.25): it is counted in basis points so no float meets money.
 */
export function feeCents(grossCents: number, percent: number): number {
  const bps = Math.round(percent * 100);
  return Math.floor((grossCents * bps + 5000) / 10000);
}

/** 'You receive KES 9,500 after Sokoni's 5% fee' for a price in shillings. */
export function youReceiveText(priceShillings: number, percent: number): string {
  const cents = Math.round(priceShillings * 100);
  const net = (cents - feeCents(cents, percent)) / 100;
  return `You receive ${formatKES(net)} after Sokoni's ${percent}% fee`;
}

export const feesResponse = z.object({
  shop: z.number(),
  stays: z.number(),
  events: z.number(),
  courses: z.number(),
});
export type FeesResponse = z.infer<typeof feesResponse>;

/** The kinds of account the ledger keeps: the platform's own, and each earner's three. */
export const PLATFORM_ACCOUNTS = ['provider_clearing', 'platform_fees', 'refunds_payable'] as const;
export const EARNER_ACCOUNTS = ['pending', 'available', 'payout_in_flight', 'paid_out'] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];
export type EarnerAccount = (typeof EARNER_ACCOUNTS)[number];
/** An earner's balances as their statement names them. */
export const EARNER_ACCOUNT_LABELS: Record<EarnerAccount, string> = {
  pending: 'Pending',
  available: 'Available',
  payout_in_flight: 'On its way',
  paid_out: 'Paid out',
};
export type LedgerAccountKind = PlatformAccount | EarnerAccount;

/** What moved money: one journal entry each. */
export const ENTRY_KINDS = [
  'sale',
  'release',
  'refund',
  'refund_paid',
  'unfulfilled',
  'payout',
  'payout_paid',
  'payout_failed',
  'payout_reversed',
  /** What an earner had sold before the ledger began (docs/decisions/0017). */
  'opening',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The smallest payout asked for by hand, in shillings (the weekly one pays whatever is available). */
export const PAYOUT_MINIMUM_KES = 100;

export const PAYOUT_METHOD_KINDS = ['mpesa', 'bank'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

export const EARNINGS_MESSAGES = {
  payoutMethodSaved: 'Payout method saved.',
  noPayoutMethod: 'Add an M-Pesa number or a bank account to be paid.',
  belowMinimum: `You can ask for a payout once you have at least ${formatKES(PAYOUT_MINIMUM_KES)} available.`,
  payoutRequested: (amount: string) => `Payout of ${amount} on its way.`,
  payoutUnavailable: 'Payouts are not available right now. Please try again shortly.',
  bankCode: 'Choose your bank.',
  accountNumber: 'Enter your account number (digits only).',
  accountName: 'Enter the name on the account.',
  notAdmin: 'Only Sokoni admins can see the finances.',
} as const;

/** How an earner is paid: an M-Pesa number, or a bank account (Paystack's bank code). */
export const payoutMethodInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('mpesa'),
    phone: KenyanPhone,
    name: line(EARNINGS_MESSAGES.accountName).trim().min(1, EARNINGS_MESSAGES.accountName).max(100),
  }),
  z.object({
    kind: z.literal('bank'),
    bankCode: line(EARNINGS_MESSAGES.bankCode)
      .trim()
      .regex(/^[0-9A-Za-z]{2,10}$/, EARNINGS_MESSAGES.bankCode),
    accountNumber: line(EARNINGS_MESSAGES.accountNumber)
      .trim()
      .regex(/^[0-9]{6,20}$/, EARNINGS_MESSAGES.accountNumber),
    name: line(EARNINGS_MESSAGES.accountName).trim().min(1, EARNINGS_MESSAGES.accountName).max(100),
  }),
]);
export type PayoutMethodInput = z.infer<typeof payoutMethodInput>;

/** A saved payout method as its owner sees it: the number or account masked. */
export const payoutMethod = z.object({
  kind: z.enum(PAYOUT_METHOD_KINDS),
  name: z.string(),
  /** '0712 ••• 678' or 'Equity Bank ••••1234'. */
  label: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethod>;

export const PAYOUT_STATUSES = ['in_flight', 'paid', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  in_flight: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

export const payout = z.object({
  id: z.string(),
  reference: z.string(),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  method: z.string(),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
  failure: z.string().nullable(),
});
export type Payout = z.infer<typeof payout>;

/** GET /api/earnings: the three balances (shillings), the payout method, recent payouts. */
export const earningsSummary = z.object({
  pending: z.number(),
  available: z.number(),
  inFlight: z.number(),
  paidOut: z.number(),
  minimumPayout: z.number(),
  payoutMethod: payoutMethod.nullable(),
  payouts: z.array(payout),
});
export type EarningsSummary = z.infer<typeof earningsSummary>;

/** One line of an earner's statement: what moved, on which of their balances, and when (EAT shown). */
export const statementLine = z.object({
  id: z.string(),
  occurredAt: z.string(),
  kind: z.enum(ENTRY_KINDS),
  description: z.string(),
  account: z.enum(EARNER_ACCOUNTS),
  /** Shillings, + in, − out of that balance. */
  amount: z.number(),
});
export type StatementLine = z.infer<typeof statementLine>;
/** GET /api/earnings/statement: newest first, paged (X-Total-Count carries the total). */
export const statementQuery = pageQuery({ defaultLimit: 20, maxLimit: 100 });
export const statementResponse = z.array(statementLine);

export const payoutRequestResponse = z.object({ message: z.string(), payout });
export type PayoutRequestResponse = z.infer<typeof payoutRequestResponse>;

/** GET /api/admin/finance: where the money is (shillings), and the ledger's own check. */
export const financeReport = z.object({
  /** Sokoni's fees, less those given back with refunds. */
  feesEarned: z.number(),
  /** What came in through the provider, less what went back to payers. */
  providerClearing: z.number(),
  heldForEarners: z.object({ pending: z.number(), available: z.number() }),
  paidOut: z.number(),
  payoutsInFlight: z.object({ count: z.number(), amount: z.number() }),
  payoutsFailed: z.object({ count: z.number(), amount: z.number() }),
  refundsPending: z.object({ count: z.number(), amount: z.number() }),
  check: z.object({
    entries: z.number(),
    unbalancedEntries: z.number(),
    balancesOff: z.number(),
    negativeEarnerBalances: z.number(),
    ok: z.boolean(),
  }),
});
export type FinanceReport = z.infer<typeof financeReport>;
