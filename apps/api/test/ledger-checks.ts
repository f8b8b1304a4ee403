import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { audit, earnerBalances } from '../src/modules/ledger/ledger.repository.js';
import { queryRows } from './test-app.js';

// What tests of the verticals read of the ledger (docs/decisions/0017): they may not import its
// repository themselves (a module uses another through its service).

/** An earner's four balances, in cents. */
export const balancesOf = earnerBalances;

/** The ledger's own check finds nothing wrong: every entry balanced, every balance its lines' sum. */
export async function expectLedgerSound(db: Db): Promise<void> {
  expect(await audit(db)).toMatchObject({ unbalancedEntries: 0, balancesOff: 0, negativeEarnerBalances: 0 });
}

export type RefundRow = { reference: string; amount_cents: number; status: string; reason: string };

/** The parts of a charge given back (the `refunds` rows of its payment), oldest first. */
export const refundsOf = (db: Db, paymentReference: string) =>
  queryRows<RefundRow>(
    db,
    sql`select r.reference, r.amount_cents::int as amount_cents, r.status, r.reason
        from refunds r join payments p on p.id = r.payment_id
        where p.reference = ${paymentReference}
        order by r.created_at, r.reference`,
  );

/** The successful payment of a subject (an order, a booking, a course), by its id. */
export async function paidReferenceOf(db: Db, subjectId: string): Promise<string> {
  const [row] = await queryRows<{ reference: string }>(
    db,
    sql`select reference from payments where subject_id = ${subjectId} and status = 'success'
        order by created_at desc limit 1`,
  );
  if (!row) throw new Error(`no successful payment of ${subjectId}`);
  return row.reference;
}

/** The ledger's entries of a payment: each kind, in the order written. */
export const entriesOf = async (db: Db, paymentReference: string) =>
  (
    await queryRows<{ kind: string }>(
      db,
      sql`select e.kind from ledger_entries e join payments p on p.id = e.payment_id
          where p.reference = ${paymentReference} order by e.created_at, e.key`,
    )
  ).map((row) => row.kind);
