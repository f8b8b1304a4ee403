import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EARNINGS_MESSAGES } from '@sokoni/contracts/earnings';
import { audit, earnerBalances } from './modules/ledger/ledger.repository.js';
import { PAYOUTS_QUEUE } from './modules/earnings/payouts.service.js';
import { giveAvailable } from '../test/earnings-factories.js';
import { startFakePaystack } from '../test/fake-paystack.js';
import { accountsIn, call, serverProcessesOnTestDatabase } from '../test/server-processes.js';
import { queryRows } from '../test/test-app.js';

// Payouts between two server processes on one PostgreSQL, paid through a fake Paystack: two payouts
// of one balance asked for at the same moment, and a server killed while its transfer is on the wire.
const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const SECRET = 'sk_test_0f1e2d3c4b5a69788796a5b4';
const paystack = await startFakePaystack(SECRET);
const { testDb, servers } = await serverProcessesOnTestDatabase();
const db = testDb.database.db;
afterAll(async () => {
  await paystack.close();
});

const env = {
  PAYMENTS_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: SECRET,
  PAYSTACK_BASE_URL: paystack.baseUrl,
  RATE_LIMIT_MAX: '1000000',
};
let sequence = 0;
// Two servers for the file, started once; the second test kills the first.
const first = usesPostgres ? servers.start(env) : undefined;
const second = usesPostgres ? servers.start(env) : undefined;

/** An earner (signed in on every server) paid to an M-Pesa number of their own, with `cents` available. */
async function earnerWith(url: string, cents: number) {
  const [earner] = await accountsIn(testDb, 1, `${process.pid}-${Date.now()}-${(sequence += 1)}`);
  const phone = `07${String(20_000_000 + sequence).slice(-8)}`;
  const saved = await call(url, '/api/earnings/payout-method', {
    method: 'PUT',
    token: earner!.token,
    body: { kind: 'mpesa', phone, name: earner!.name },
  });
  expect(saved.status).toBe(200);
  await giveAvailable(db, earner!.id, cents);
  return earner!;
}
const payoutsOf = (earnerId: string) =>
  queryRows<{ reference: string; status: string; amount_cents: number }>(
    db,
    sql`select reference, status, amount_cents::int from payouts where earner_id = ${earnerId}`,
  );
const recipientOf = async (earnerId: string) =>
  (
    await queryRows<{ recipient_code: string }>(
      db,
      sql`select recipient_code from payout_methods where user_id = ${earnerId}`,
    )
  )[0]?.recipient_code ?? '';
const soundLedger = { unbalancedEntries: 0, balancesOff: 0, negativeEarnerBalances: 0 };

describe.runIf(usesPostgres)('payouts across server processes (PostgreSQL)', () => {
  it('makes one payout of two asked for at the same moment on two servers: the database refuses the second', async () => {
    const [one, two] = await Promise.all([first!.url, second!.url]);
    const earner = await earnerWith(one!, 50_000);
    // Both requests read the balance, then wait on its row, which the test holds until both wait:
    // the second to write finds the balance taken, whatever it read.
    const [account] = await queryRows<{ id: string }>(
      db,
      sql`select id from ledger_accounts where owner_id = ${earner.id} and kind = 'available'`,
    );
    // Each server has answered this earner once already (its pool connected, the route warm), so on
    // a machine busy with other suites both requests still reach the row within the lock timeout.
    for (const url of [one!, two!]) {
      expect((await call(url, '/api/earnings', { token: earner.token })).status).toBe(200);
    }
    const holder = new pg.Client({ connectionString: testDb.url });
    await holder.connect();
    let asked: ReturnType<typeof call>[] = [];
    try {
      await holder.query('begin');
      await holder.query('select 1 from ledger_balances where account_id = $1 for update', [account!.id]);
      asked = [one!, two!].map((url) => call(url, '/api/payouts', { method: 'POST', token: earner.token }));
      // Both must wait before the servers' lock timeout (3 s) answers them busy.
      await expect
        .poll(
          async () =>
            (
              await holder.query<{ waiting: number }>(
                `select count(*)::int as waiting from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0]?.waiting,
          { interval: 20, timeout: 2_500 },
        )
        .toBe(2);
    } finally {
      await holder.query('commit');
      await holder.end();
    }

    const answers = await Promise.all(asked);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      code: 'PAYOUT_CONFLICT',
      message: EARNINGS_MESSAGES.payoutConflict,
    });
    expect(await payoutsOf(earner.id)).toEqual([expect.objectContaining({ amount_cents: 50_000 })]);
    expect(await earnerBalances(db, earner.id)).toMatchObject({ available: 0, payout_in_flight: 50_000 });
    expect(paystack.transfersTo(await recipientOf(earner.id))).toHaveLength(1);
    expect(await audit(db)).toMatchObject(soundLedger);
  }, 60_000);

  it('pays once when the server sending a transfer is killed before it hears the answer: the other finds the transfer made', async () => {
    const [url] = await Promise.all([first!.url, second!.url]);
    const earner = await earnerWith(url!, 70_000);
    paystack.holdTransfers();
    const asked = call(url!, '/api/payouts', { method: 'POST', token: earner.token }).catch(() => 'killed');
    // Paystack has made the transfer; its answer is on the way back when the server dies.
    await expect.poll(async () => paystack.transfersTo(await recipientOf(earner.id)).length).toBe(1);
    await first!.stop('SIGKILL');
    expect(await asked).toBe('killed');
    paystack.releaseTransfers();
    const [payout] = await payoutsOf(earner.id);
    expect(payout?.status).toBe('in_flight');
    // Paystack paid it meanwhile. Half an hour on (moved, not waited), the other server's payouts job
    // sends it again under its reference, and Paystack answers what became of it.
    paystack.transferEvent(payout!.reference, 'transfer.success');
    await db.execute(
      sql`update payouts set sent_at = sent_at - interval '31 minutes' where earner_id = ${earner.id}`,
    );
    await db.execute(sql`insert into pgboss.job (name, data) values (${PAYOUTS_QUEUE}, '{}'::jsonb)`);
    await expect.poll(async () => (await payoutsOf(earner.id))[0]?.status, { timeout: 20_000 }).toBe('paid');

    const sends = paystack.requests.filter(
      (request) => (request.body as { reference?: string } | null)?.reference === payout!.reference,
    );
    expect(sends.map((request) => request.url)).toEqual(['/transfer', '/transfer']);
    expect(paystack.transfersTo(await recipientOf(earner.id))).toHaveLength(1);
    expect(await earnerBalances(db, earner.id)).toMatchObject({
      available: 0,
      payout_in_flight: 0,
      paid_out: 70_000,
    });
    expect(await audit(db)).toMatchObject(soundLedger);
  }, 60_000);
});
