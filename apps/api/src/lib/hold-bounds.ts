import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  FREE_CLAIM_BOUND,
  HOLD_BOUNDS,
  HOLD_MESSAGES,
  type HeldThing,
  type HoldBound,
} from '@sokoni/contracts/holds';
import { YOUNG_ACCOUNT_MS } from '@sokoni/contracts/standing';
import type { Db } from '../db/client.js';
import { conflict, tooManyRequests } from './errors.js';
import type { Standing } from './standing.js';

/**
 * What one account may hold unpaid at once (seats, units, nights), per subject and in all, and what
 * young accounts of one network may hold together (docs/decisions/0015). Each vertical counts what
 * is held in its own tables; the bounds and their refusals are here, once.
 */

/**
 * What a hold asks for against what is held now, by the account and (counted only for a young
 * account) by the young accounts of its network.
 */
export type HeldCount = { wanted: number; account: number; network?: number };

/** The bound that applies to this caller. */
export const boundFor = (bound: HoldBound, standing: Standing): number =>
  standing.young ? bound.youngAccount : bound.account;

/**
 * Whose holds a hold is counted with at `at`: the account's own, and for a young account those of
 * every young account asking from its network (`network` is null for an established account).
 */
export type Holder = { userId: string; network: string | null; youngSince: Date; at: Date };

export const holderOf = (userId: string, standing: Standing, at: Date): Holder => ({
  userId,
  network: standing.young ? standing.network : null,
  youngSince: new Date(at.getTime() - YOUNG_ACCOUNT_MS),
  at,
});

/** The columns that name, for each row a count of holds reads, its account, network and the account's age. */
export type HolderColumns = { userId: AnyColumn; network: AnyColumn; accountCreatedAt: AnyColumn };

/**
 * How a vertical's repository counts what a holder holds, in one select: `mine(where)` sums `amount`
 * over the holder's rows, `ours(where)` over young accounts' rows of their network (none for an
 * established holder), `hereAndAll` both of one subject and of all, and `whose` keeps the rows
 * either may be.
 */
export function holderSums(holder: Holder, columns: HolderColumns, amount: AnyColumn) {
  const mine = sql`${columns.userId} = ${holder.userId}`;
  const ours =
    holder.network === null
      ? sql`false`
      : sql`${columns.network} = ${holder.network} and ${columns.accountCreatedAt} > ${holder.youngSince.toISOString()}::timestamptz`;
  const sum = (who: SQL, where?: SQL) =>
    sql<number>`coalesce(sum(${amount}) filter (where ${who}${where ? sql` and ${where}` : sql``}), 0)`.mapWith(
      Number,
    );
  return {
    mine: (where?: SQL) => sum(mine, where),
    ours: (where?: SQL) => sum(ours, where),
    /** The four sums of one subject (`here`) and of all, as a select's columns; read back by heldOf. */
    hereAndAll: (here: SQL) => ({
      accountHere: sum(mine, here),
      account: sum(mine),
      networkHere: sum(ours, here),
      network: sum(ours),
    }),
    whose:
      holder.network === null
        ? eq(columns.userId, holder.userId)
        : or(eq(columns.userId, holder.userId), eq(columns.network, holder.network)),
  };
}

/** Sums of one subject and of all, read back as what a hold is checked against. */
export const heldOf = (row?: {
  accountHere: number;
  account: number;
  networkHere: number;
  network: number;
}) => ({
  subject: { account: row?.accountHere ?? 0, network: row?.networkHere ?? 0 },
  total: { account: row?.account ?? 0, network: row?.network ?? 0 },
});

/**
 * Refuses a hold when the account (409 HOLD_LIMIT), or the young accounts of its network together
 * (429 NETWORK_HOLD_LIMIT), would then hold more than they may: of any one subject it asks for (an
 * order's listings, an event, a stay), or in all.
 */
export function refuseBeyondHoldBounds(
  thing: HeldThing,
  standing: Standing,
  held: { subjects: HeldCount[]; total: HeldCount },
): void {
  const { perSubject, total } = HOLD_BOUNDS[thing];
  const checks = [
    ...held.subjects.map((count) => ({ count, bound: perSubject, where: 'subject' as const })),
    { count: held.total, bound: total, where: 'total' as const },
  ];
  for (const { count, bound, where } of checks) {
    const limit = boundFor(bound, standing);
    if (count.account + count.wanted > limit) {
      throw conflict(
        HOLD_MESSAGES.accountLimit(thing, limit, count.account, where, standing.young),
        'HOLD_LIMIT',
      );
    }
  }
  if (!standing.young) return;
  for (const { count, bound } of checks) {
    if ((count.network ?? 0) + count.wanted > bound.youngNetwork) {
      throw tooManyRequests(HOLD_MESSAGES.networkLimit(thing), 'NETWORK_HOLD_LIMIT');
    }
  }
}

/** Refuses a free claim of `wanted` tickets beyond what the account, or its network's young accounts, may have. */
export function refuseBeyondClaimBound(
  standing: Standing,
  wanted: number,
  claimed: { account: number; network?: number },
): void {
  const limit = boundFor(FREE_CLAIM_BOUND, standing);
  if (claimed.account + wanted > limit) {
    throw conflict(HOLD_MESSAGES.freeClaimLimit(limit, claimed.account, standing.young), 'CLAIM_LIMIT');
  }
  if (standing.young && (claimed.network ?? 0) + wanted > FREE_CLAIM_BOUND.youngNetwork) {
    throw tooManyRequests(HOLD_MESSAGES.freeClaimNetworkLimit, 'NETWORK_CLAIM_LIMIT');
  }
}

// Two-key advisory locks: the first key names what is locked, so the spaces never collide.
const ACCOUNT_LOCKS = 25_001;
const NETWORK_LOCKS = 25_002;

/**
 * Makes one account's holds (and, for a young account, its network's) one after the other until the
 * transaction ends, so two at once never both pass a bound that allows one. Taken before any row a
 * hold writes or locks (the order of locks: docs/decisions/0015).
 */
export async function lockHolder(tx: Db, userId: string, standing: Standing): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCKS}, hashtext(${userId}))`);
  if (standing.young) {
    await tx.execute(sql`select pg_advisory_xact_lock(${NETWORK_LOCKS}, hashtext(${standing.network}))`);
  }
}
