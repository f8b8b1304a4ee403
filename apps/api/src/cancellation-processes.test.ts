import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { createProduct, SAMPLE_DELIVERY } from '../test/factories.js';
import { entriesOf, expectLedgerSound, refundsOf } from '../test/ledger-checks.js';
import { accountsIn, call, serverProcessesOnTestDatabase } from '../test/server-processes.js';
import { queryRows } from '../test/test-app.js';

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const { testDb, servers } = await serverProcessesOnTestDatabase();

const ROUNDS = 12;
const STOCK = 100;

// #27: a buyer cancels an order line on one server while its payment settles on the other. The
// order's row decides who goes first: either the cancellation finds it unpaid and is refused, or it
// finds it paid and both the sale and its refund are in the ledger — never a refund without a sale,
// a sale cancelled twice, or units lost.
describe.runIf(usesPostgres)('a cancellation racing a payment across server processes (PostgreSQL)', () => {
  it('ends every round in one consistent outcome: refused as unpaid, or the sale and its refund both written', async () => {
    const urls = await Promise.all([servers.start().url, servers.start().url]);
    const [settling, cancelling] = urls as [string, string];
    const tag = `${process.pid}-${Date.now()}`;
    const [seller] = await accountsIn(testDb, 1, `seller-${tag}`, { name: 'Seller' });
    const buyers = await accountsIn(testDb, ROUNDS, `buyer-${tag}`, { name: 'Buyer' });
    const db = testDb.database.db;
    const productId = await createProduct(db, seller!.id, { priceCents: 150_000, stock: STOCK });
    const stock = async () =>
      (await queryRows<{ stock: number }>(db, sql`select stock from products where id = ${productId}`))[0]
        ?.stock;

    const outcomes: string[] = [];
    for (const [round, buyer] of buyers.entries()) {
      const order = await call(cancelling, '/api/orders', {
        method: 'POST',
        token: buyer.token,
        body: { items: [{ productId, quantity: 2, price: 1500 }], delivery: SAMPLE_DELIVERY },
      });
      expect(order.status).toBe(201);
      const orderId = order.body.id as string;
      const itemId = (order.body.items as Array<{ id: string }>)[0]!.id;
      const started = await call(settling, '/api/payments/initialize', {
        method: 'POST',
        token: buyer.token,
        body: {
          email: buyer.email,
          amount: 3000,
          callback_url: 'http://127.0.0.1:3000/payment/callback',
          paymentType: 'order',
          orderId,
        },
      });
      expect(started.status).toBe(200);
      const reference = (started.body.data as { reference: string }).reference;

      // The cancellation starts from a little before the payment to a little after it.
      const lead = (round % 6) * 10 - 20;
      const cancel = () =>
        call(cancelling, `/api/orders/${orderId}/cancel`, {
          method: 'POST',
          token: buyer.token,
          body: { itemId },
        });
      const [, cancelled] = await Promise.all([
        sleep(Math.max(0, lead)).then(() =>
          fetch(`${settling}/api/payments/sandbox/${reference}/pay`, { method: 'POST' }),
        ),
        sleep(Math.max(0, -lead)).then(cancel),
      ]);

      if (cancelled.status === 409) {
        expect(cancelled.body).toMatchObject({ code: 'NOT_PAID_YET', message: ORDER_MESSAGES.notPaidYet });
        expect(await entriesOf(db, reference)).toEqual(['sale']);
        expect(await refundsOf(db, reference)).toEqual([]);
        expect(await stock()).toBe(STOCK - 2);
        outcomes.push('refused');
        // Paid now: the buyer may cancel it after all.
        expect((await cancel()).status).toBe(200);
      } else {
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        outcomes.push('cancelled');
      }
      await expect
        .poll(
          async () => (await refundsOf(db, reference)).map((refund) => [refund.amount_cents, refund.status]),
          {
            timeout: 10_000,
          },
        )
        .toEqual([[300_000, 'refunded']]);
      expect(await entriesOf(db, reference)).toEqual(['sale', 'refund', 'refund_paid']);
      expect(await stock()).toBe(STOCK);
      await expectLedgerSound(db);
    }
    // Every round ended one of the two ways, and nothing else.
    expect(outcomes).toHaveLength(ROUNDS);
  }, 120_000);
});
