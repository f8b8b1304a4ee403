import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  EARNER_ACCOUNTS,
  type EarnerAccount,
  type EntryKind,
  type LedgerAccountKind,
  type PlatformAccount,
} from '@sokoni/contracts/earnings';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, ledgerBalances, ledgerEntries, ledgerLines } from '../../db/schema/ledger.js';

/** An account by what it is: the platform's own (no owner), or one of an earner's. */
export type AccountRef =
  { kind: PlatformAccount; ownerId?: undefined } | { kind: EarnerAccount; ownerId: string };

/** One line of an entry: + debit, − credit, integer cents. */
export type LineSpec = { account: AccountRef; amountCents: number };

export type EntrySpec = {
  kind: EntryKind;
  /** Our idempotency key: an entry with this key already written is not written again. */
  key: string;
  occurredAt: Date;
  description: string;
  paymentId?: string | null;
  payoutId?: string | null;
};

/** The provider's clearing account holds money (debit-normal); every other account owes it (credit-normal). */
const DEBIT_NORMAL: ReadonlySet<LedgerAccountKind> = new Set(['provider_clearing']);
/** Only what the provider holds for us may show below zero (a refund paid before its sale was told). */
const MAY_GO_NEGATIVE: ReadonlySet<LedgerAccountKind> = new Set(['provider_clearing']);

/** An entry that would take a balance that may not go negative below zero: nothing of it was written. */
export class LedgerOverdrawn extends Error {
  constructor(readonly key: string) {
    super(`ledger entry ${key} would take a balance below zero`);
    this.name = 'LedgerOverdrawn';
  }
}

const refKey = (account: AccountRef) => `${account.kind}:${account.ownerId ?? ''}`;

/** Checks an entry's lines before any statement: integers, none zero, summing to zero. */
export function assertBalanced(key: string, lines: LineSpec[]): void {
  if (lines.length < 2) throw new Error(`ledger entry ${key} needs two lines or more`);
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0) {
      throw new Error(`ledger entry ${key} has a line of ${line.amountCents}: whole, non-zero cents only`);
    }
    sum += line.amountCents;
  }
  if (sum !== 0) throw new Error(`ledger entry ${key} does not balance: its lines sum to ${sum}`);
}

/** The accounts' ids, made (with their balance rows) on first use. */
async function accountIds(tx: Db, refs: AccountRef[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const find = async () => {
    for (const ref of refs) {
      if (ids.has(refKey(ref))) continue;
      const [row] = await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.kind, ref.kind),
            ref.ownerId ? eq(ledgerAccounts.ownerId, ref.ownerId) : isNull(ledgerAccounts.ownerId),
          ),
        );
      if (row) ids.set(refKey(ref), row.id);
    }
  };
  await find();
  const missing = refs.filter((ref) => !ids.has(refKey(ref)));
  if (missing.length > 0) {
    for (const ref of missing) {
      await tx.execute(
        ref.ownerId
          ? sql`insert into ledger_accounts (kind, owner_id) values (${ref.kind}, ${ref.ownerId})
                on conflict (kind, owner_id) where owner_id is not null do nothing`
          : sql`insert into ledger_accounts (kind) values (${ref.kind})
                on conflict (kind) where owner_id is null do nothing`,
      );
    }
    await find();
    await tx
      .insert(ledgerBalances)
      .values(
        missing.map((ref) => ({
          accountId: ids.get(refKey(ref)) as string,
          mayGoNegative: MAY_GO_NEGATIVE.has(ref.kind),
        })),
      )
      .onConflictDoNothing();
  }
  return ids;
}

const isNegativeBalance = (error: unknown): boolean => {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { constraint?: string }).constraint === 'ledger_balances_not_negative') return true;
    if (cause.message.includes('ledger_balances_not_negative')) return true;
  }
  return false;
};

/**
 * Writes one journal entry and moves its accounts' balances, in the caller's transaction: true when
 * written, false when an entry of this key already was (nothing moves twice). Balance rows are locked
 * in account id order (docs/decisions/0017). An entry that would take a balance that may not go
 * negative below zero is refused by the database: nothing of it stays, the caller's transaction
 * goes on, and LedgerOverdrawn is thrown.
 */
export async function post(tx: Db, entry: EntrySpec, lines: LineSpec[]): Promise<boolean> {
  assertBalanced(entry.key, lines);
  try {
    return await tx.transaction(async (sp) => {
      const [written] = await sp
        .insert(ledgerEntries)
        .values({
          kind: entry.kind,
          key: entry.key,
          occurredAt: entry.occurredAt,
          description: entry.description,
          paymentId: entry.paymentId ?? null,
          payoutId: entry.payoutId ?? null,
        })
        .onConflictDoNothing({ target: ledgerEntries.key })
        .returning({ id: ledgerEntries.id });
      if (!written) return false;
      const ids = await accountIds(
        sp,
        lines.map((line) => line.account),
      );
      await sp.insert(ledgerLines).values(
        lines.map((line) => ({
          entryId: written.id,
          accountId: ids.get(refKey(line.account)) as string,
          amountCents: line.amountCents,
          occurredAt: entry.occurredAt,
        })),
      );
      const deltas = new Map<string, number>();
      for (const line of lines) {
        const id = ids.get(refKey(line.account)) as string;
        const natural = DEBIT_NORMAL.has(line.account.kind) ? line.amountCents : -line.amountCents;
        deltas.set(id, (deltas.get(id) ?? 0) + natural);
      }
      const ordered = [...deltas.keys()].sort();
      await sp
        .select({ id: ledgerBalances.accountId })
        .from(ledgerBalances)
        .where(inArray(ledgerBalances.accountId, ordered))
        .orderBy(ledgerBalances.accountId)
        .for('update');
      for (const id of ordered) {
        const delta = deltas.get(id) ?? 0;
        if (delta === 0) continue;
        await sp
          .update(ledgerBalances)
          .set({ balanceCents: sql`${ledgerBalances.balanceCents} + ${delta}` })
          .where(eq(ledgerBalances.accountId, id));
      }
      return true;
    });
  } catch (error) {
    if (isNegativeBalance(error)) throw new LedgerOverdrawn(entry.key);
    throw error;
  }
}

/** An account's balance in its natural sign (0 for one never used). */
export async function balanceOf(db: Db, account: AccountRef): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerBalances.balanceCents })
    .from(ledgerBalances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerBalances.accountId))
    .where(
      and(
        eq(ledgerAccounts.kind, account.kind),
        account.ownerId ? eq(ledgerAccounts.ownerId, account.ownerId) : isNull(ledgerAccounts.ownerId),
      ),
    );
  return row?.balance ?? 0;
}

/** An earner's four balances, in cents. */
export async function earnerBalances(db: Db, ownerId: string): Promise<Record<EarnerAccount, number>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerBalances.balanceCents })
    .from(ledgerBalances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerBalances.accountId))
    .where(eq(ledgerAccounts.ownerId, ownerId));
  const balances = Object.fromEntries(EARNER_ACCOUNTS.map((kind) => [kind, 0])) as Record<
    EarnerAccount,
    number
  >;
  for (const row of rows) balances[row.kind as EarnerAccount] = row.balance;
  return balances;
}

export type StatementRow = {
  id: string;
  occurredAt: Date;
  kind: EntryKind;
  description: string;
  account: EarnerAccount;
  /** In the account's natural sign: + what the earner gained on that balance. */
  amountCents: number;
};

/** An earner's lines, newest first, with their entries; and how many there are in all. */
export async function statement(
  db: Db,
  ownerId: string,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: StatementRow[]; total: number }> {
  const base = db
    .select({
      id: ledgerLines.id,
      occurredAt: ledgerLines.occurredAt,
      kind: ledgerEntries.kind,
      description: ledgerEntries.description,
      account: ledgerAccounts.kind,
      amountCents: sql<number>`(-${ledgerLines.amountCents})::bigint`.mapWith(Number),
    })
    .from(ledgerLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(eq(ledgerAccounts.ownerId, ownerId))
    .orderBy(desc(ledgerLines.occurredAt), desc(ledgerLines.id))
    .$dynamic();
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(ledgerLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .where(eq(ledgerAccounts.ownerId, ownerId));
  return { rows: rows as StatementRow[], total: count?.total ?? 0 };
}

/** The platform's balances by kind, and every earner balance summed by kind (cents). */
export async function totalsByKind(db: Db): Promise<Record<LedgerAccountKind, number>> {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      total: sql<number>`coalesce(sum(${ledgerBalances.balanceCents}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerBalances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerBalances.accountId))
    .groupBy(ledgerAccounts.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, row.total])) as Record<LedgerAccountKind, number>;
}

/**
 * The ledger's own check: entries whose lines do not sum to zero, balances that differ from the sum
 * of their lines, and earner balances below zero. All empty on a sound ledger.
 */
export async function audit(db: Db): Promise<{
  unbalancedEntries: number;
  balancesOff: number;
  negativeEarnerBalances: number;
  entries: number;
}> {
  type Audit = {
    unbalancedEntries: number;
    balancesOff: number;
    negativeEarnerBalances: number;
    entries: number;
  };
  const result = await db.execute(sql`
      select
        (select count(*) from (select entry_id from ledger_lines group by entry_id having sum(amount_cents) <> 0) u)::int as "unbalancedEntries",
        (select count(*) from ledger_balances b
           join ledger_accounts a on a.id = b.account_id
           left join (select account_id, sum(amount_cents) as total from ledger_lines group by account_id) l on l.account_id = b.account_id
           where b.balance_cents <> case when a.kind = 'provider_clearing' then coalesce(l.total, 0) else -coalesce(l.total, 0) end)::int as "balancesOff",
        (select count(*) from ledger_balances b join ledger_accounts a on a.id = b.account_id
           where a.owner_id is not null and b.balance_cents < 0)::int as "negativeEarnerBalances",
        (select count(*) from ledger_entries)::int as "entries"
    `);
  // Both drivers answer raw SQL with { rows }.
  return (result as unknown as { rows: Audit[] }).rows[0] as Audit;
}
