import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  payOrder,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { audit, balanceOf, earnerBalances, LedgerOverdrawn, post } from './ledger.repository.js';

// The ledger's own promises (docs/decisions/0017), on both databases: entries balance or are not
// written, a key is written once, no earner's balance goes below zero, nothing is ever changed or
// removed, and a paid order writes its sale less Sokoni's fee.
let t: TestApp;
let earner: RegisteredUser;
let n = 0;
const key = (name: string) => `${name}:${(n += 1)}`;
const at = new Date('2026-11-20T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  earner = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** What the database said, under the driver's wrapping ('Failed query: …'). */
const refusalOf = (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message);

const sale = (cents: number) => [
  { account: { kind: 'provider_clearing' as const }, amountCents: cents },
  { account: { kind: 'available' as const, ownerId: earner.id }, amountCents: -cents },
];

describe('the ledger', () => {
  it('writes an entry once per key and moves each balance in its natural sign', async () => {
    const db = t.database.db;
    const before = await earnerBalances(db, earner.id);
    const clearing = await balanceOf(db, { kind: 'provider_clearing' });
    const entry = { kind: 'sale' as const, key: key('sale'), occurredAt: at, description: 'Sale' };
    expect(await db.transaction((tx) => post(tx, entry, sale(12_345)))).toBe(true);
    expect(await db.transaction((tx) => post(tx, entry, sale(12_345)))).toBe(false);
    expect((await earnerBalances(db, earner.id)).available).toBe(before.available + 12_345);
    expect(await balanceOf(db, { kind: 'provider_clearing' })).toBe(clearing + 12_345);
  });

  it('refuses lines that do not sum to zero, or are not whole cents, before writing anything', async () => {
    const db = t.database.db;
    const entries = async () =>
      (await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ledger_entries`))[0]
        ?.count;
    const count = await entries();
    const entry = { kind: 'sale' as const, key: key('bad'), occurredAt: at, description: 'Sale' };
    await expect(
      db.transaction((tx) =>
        post(tx, entry, [
          { account: { kind: 'provider_clearing' }, amountCents: 100 },
          { account: { kind: 'available', ownerId: earner.id }, amountCents: -99 },
        ]),
      ),
    ).rejects.toThrow('does not balance');
    await expect(
      db.transaction((tx) =>
        post(tx, entry, [
          { account: { kind: 'provider_clearing' }, amountCents: 0.5 },
          { account: { kind: 'available', ownerId: earner.id }, amountCents: -0.5 },
        ]),
      ),
    ).rejects.toThrow('whole, non-zero cents');
    expect(await entries()).toBe(count);
  });

  it('refuses, at commit, lines written past the repository that leave an entry unbalanced', async () => {
    const db = t.database.db;
    const refusal = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_entries (kind, key, occurred_at, description)
          values ('sale', ${key('raw')}, now(), 'raw')`);
        await tx.execute(sql`insert into ledger_lines (entry_id, account_id, amount_cents, occurred_at)
          select e.id, a.id, 500, now() from ledger_entries e, ledger_accounts a
          where e.description = 'raw' and a.kind = 'provider_clearing'`);
      })
      .then(() => 'committed', refusalOf);
    expect(refusal).toMatch(/does not balance/);
    expect(await queryRows(db, sql`select 1 from ledger_entries where description = 'raw'`)).toEqual([]);
  });

  it('never lets an earner balance go below zero: the entry is refused whole and the transaction goes on', async () => {
    const db = t.database.db;
    const { available } = await earnerBalances(db, earner.id);
    const payout = (cents: number) => ({
      entry: { kind: 'payout' as const, key: key('payout'), occurredAt: at, description: 'Payout' },
      lines: [
        { account: { kind: 'available' as const, ownerId: earner.id }, amountCents: cents },
        { account: { kind: 'payout_in_flight' as const, ownerId: earner.id }, amountCents: -cents },
      ],
    });
    const outcome = await db.transaction(async (tx) => {
      const tooMuch = payout(available + 1);
      const refused = await post(tx, tooMuch.entry, tooMuch.lines).catch((error: unknown) => error);
      const all = payout(available);
      return { refused, wrote: await post(tx, all.entry, all.lines) };
    });
    expect(outcome.refused).toBeInstanceOf(LedgerOverdrawn);
    expect(outcome.wrote).toBe(true);
    expect(await earnerBalances(db, earner.id)).toMatchObject({ available: 0, payout_in_flight: available });
  });

  it('refuses to change or remove an account, an entry or a line', async () => {
    const db = t.database.db;
    for (const statement of [
      sql`update ledger_lines set amount_cents = amount_cents * 2`,
      sql`delete from ledger_lines`,
      sql`update ledger_entries set description = 'changed'`,
      sql`delete from ledger_entries`,
      sql`update ledger_accounts set currency = 'USD'`,
    ]) {
      const refusal = await db.execute(statement).then(() => 'done', refusalOf);
      expect(refusal).toMatch(/the ledger is append-only/);
    }
    expect(await audit(db)).toMatchObject({
      unbalancedEntries: 0,
      balancesOff: 0,
      negativeEarnerBalances: 0,
    });
  });

  it('writes a paid order as a sale: the seller pending the price less 5%, Sokoni the fee', async () => {
    const db = t.database.db;
    const seller = await registerUser(t.app);
    const buyer = await registerUser(t.app);
    // KES 1,234.50 × 3 = 3,703.50; 5% is 185.175, rounded half up to 185.18.
    const productId = await createProduct(db, seller.id, { priceCents: 123_450 });
    const fees = await balanceOf(db, { kind: 'platform_fees' });
    const order = await placeOrder(t.app, buyer.token, [{ productId, quantity: 3 }]);
    await payOrder(t.app, buyer, order);
    expect(await earnerBalances(db, seller.id)).toEqual({
      pending: 370_350 - 18_518,
      available: 0,
      payout_in_flight: 0,
      paid_out: 0,
    });
    expect(await balanceOf(db, { kind: 'platform_fees' })).toBe(fees + 18_518);
    const [row] = await queryRows<{ part: string; gross: number; fee: number; release: Date | null }>(
      db,
      sql`select part, gross_cents::int as gross, fee_cents::int as fee, release_at as release
          from earnings where earner_id = ${seller.id}`,
    );
    expect(row).toEqual({
      part: `order:${order.id}:${seller.id}`,
      gross: 370_350,
      fee: 18_518,
      release: null,
    });
    expect(await audit(db)).toMatchObject({
      unbalancedEntries: 0,
      balancesOff: 0,
      negativeEarnerBalances: 0,
    });
  });
});
