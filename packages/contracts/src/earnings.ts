// Earnings, fees, payouts and the ledger behind them (#27; docs/decisions/0017).
import { z } from 'zod';
import { formatKES } from './money.js';
import { KenyanPhone } from './delivery.js';
import { maskKenyanPhone } from './mpesa.js';
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

/** Each kind of entry by name, on the statement and in its CSV. */
export const ENTRY_KIND_LABELS: Record<EntryKind, string> = {
  sale: 'Sale',
  release: 'Released',
  refund: 'Refund',
  refund_paid: 'Refund paid',
  unfulfilled: 'Not fulfilled',
  payout: 'Payout',
  payout_paid: 'Payout sent',
  payout_failed: 'Payout failed',
  payout_reversed: 'Payout reversed',
  opening: 'Opening balance',
};

/** The smallest payout asked for by hand, in shillings (the weekly one pays whatever is available). */
export const PAYOUT_MINIMUM_KES = 100;

export const PAYOUT_METHOD_KINDS = ['mpesa', 'bank'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

export const EARNINGS_MESSAGES = {
  payoutMethodSaved: 'Payout method saved.',
  noPayoutMethod: 'Add an M-Pesa number or a bank account to be paid.',
  belowMinimum: `You can ask for a payout once you have at least ${formatKES(PAYOUT_MINIMUM_KES)} available.`,
  payoutRequested: (amount: string) => `Payout of ${amount} on its way.`,
  payoutPaid: (amount: string) => `Payout of ${amount} sent.`,
  payoutConflict: 'Another payout of this balance has just started. Refresh to see it.',
  payoutUnavailable: 'Payouts are not available right now. Please try again shortly.',
  bankCode: 'Choose your bank.',
  accountNumber: 'Enter your account number (digits only).',
  accountName: 'Enter the name on the account.',
  notAdmin: 'Only Sokoni admins can see the finances.',
} as const;

/** How an earner is paid: an M-Pesa number, or a bank account (Paystack's bank code). */
export const PayoutMethodInput = z.discriminatedUnion('kind', [
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
export type PayoutMethodInput = z.infer<typeof PayoutMethodInput>;

/** A saved payout method as its owner sees it: the number or account masked. */
export const payoutMethod = z.object({
  kind: z.enum(PAYOUT_METHOD_KINDS),
  name: z.string(),
  /** 'M-Pesa 0712 ••• 678' or 'Bank 68 ••••1234' (Paystack's bank code, the account's last four digits). */
  label: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethod>;

/** How a payout method is shown: the M-Pesa number masked as payments mask it, a bank account's last four digits. */
export function payoutMethodLabel(
  method: { kind: 'mpesa'; phone: string } | { kind: 'bank'; bankCode: string; accountNumber: string },
): string {
  if (method.kind === 'mpesa') return `M-Pesa ${maskKenyanPhone(method.phone)}`;
  return `Bank ${method.bankCode} ••••${method.accountNumber.slice(-4)}`;
}

/** What each payout entry says on the earner's statement, and why a payout came back. */
export const PAYOUT_TEXTS = {
  requested: (method: string) => `Payout to ${method}`,
  paid: (method: string) => `Paid out to ${method}`,
  failed: 'Payout failed: back in your available balance',
  reversed: 'Payout reversed: back in your available balance',
  /** The payout's `failure`, as its earner reads it. */
  failure: {
    failed: 'The transfer did not go through. The money is back in your available balance.',
    reversed: 'The transfer was reversed. The money is back in your available balance.',
    refused: (said: string) =>
      `Paystack refused the transfer (${said}). Check your payout method; the money is back in your available balance.`,
  },
  /** Why the transfer is made, as the provider passes it on to the earner. */
  reason: 'Sokoni earnings',
} as const;

/**
 * The e-mail an earner gets whenever their payout method is saved: where their money goes next, so a
 * change they did not make (a stolen password) is seen before a payout leaves.
 */
export const PAYOUT_METHOD_MAIL = {
  subject: 'Your Sokoni payout method was changed',
  greeting: (name: string) => `Hi ${name},`,
  now: (label: string) => `Your earnings will now be paid to ${label}.`,
  before: (label: string) => `Until now they were paid to ${label}.`,
  notYou: (email: string) =>
    `If you did not make this change, reset your password now and write to ${email} before your next payout.`,
  signOff: 'Sokoni',
} as const;

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
export const StatementQuery = pageQuery({ defaultLimit: 20, maxLimit: 100 });
export const statementResponse = z.array(statementLine);

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** A statement's time in Kenya (EAT, UTC+3 all year): '2026-11-27T11:05:00Z' → '2026-11-27 14:05'. */
export function formatStatementTime(iso: string | Date): string {
  const ms = (typeof iso === 'string' ? new Date(iso) : iso).getTime() + NAIROBI_OFFSET_MS;
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** GET /api/earnings/statement.csv: its header row, and the file's name. */
export const STATEMENT_CSV_COLUMNS = [
  'Date (EAT)',
  'Type',
  'Description',
  'Balance',
  'Amount (KES)',
] as const;
export const STATEMENT_CSV_FILENAME = 'sokoni-statement.csv';

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
