import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { DELIVERY_MESSAGES } from '@sokoni/contracts/delivery-rules';
import {
  DEFAULT_FEE_PERCENT,
  EARNINGS_MESSAGES,
  PAYOUT_METHOD_MAIL,
  STATEMENT_CSV_FILENAME,
  type EarningsSummary,
  type StatementLine,
} from '@sokoni/contracts/earnings';
import { RECEIPT_MAIL } from '@sokoni/contracts/mail';
import {
  giveAvailable,
  payoutsOf,
  requestPayout,
  savePayoutMethod,
} from '../../../test/earnings-factories.js';
import { createPublishedCourse, payForCourse } from '../../../test/course-factories.js';
import { bearer, registerUser, runJob, type RegisteredUser } from '../../../test/factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { RELEASES_QUEUE } from '../ledger/ledger.service.js';
import { audit } from '../ledger/ledger.repository.js';
import { PAYOUTS_QUEUE, WEEKLY_PAYOUTS_QUEUE } from './payouts.service.js';

// Earnings, payout methods and payouts with the sandbox provider, which pays a payout the moment it
// is sent; the Paystack transfers are in payouts.paystack.test.ts.
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The app's clock: a Friday afternoon in Nairobi, moved on by the tests that need time to pass. */
let clock = Date.parse('2026-11-27T11:05:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const tick = () => (clock += MINUTE_MS);
const summaryOf = async (user: RegisteredUser) =>
  (await t.app.inject({ url: '/api/earnings', headers: bearer(user.token) })).json<EarningsSummary>();
const statementOf = (user: RegisteredUser, query = '') =>
  t.app.inject({ url: `/api/earnings/statement${query}`, headers: bearer(user.token) });
/** An earner with an M-Pesa payout method and `cents` available. */
async function earnerWith(cents: number, at = new Date(clock)): Promise<RegisteredUser> {
  const earner = await registerUser(t.app);
  await savePayoutMethod(t.app, earner.token);
  if (cents > 0) await giveAvailable(t.database.db, earner.id, cents, 'Opening balance', at);
  return earner;
}
const methodRow = async (userId: string) =>
  (
    await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select kind, name, phone, bank_code, account_number, recipient_code from payout_methods where user_id = ${userId}`,
    )
  )[0];

describe('PUT /api/earnings/payout-method', () => {
  it('saves an M-Pesa number written any Kenyan way, in E.164, and answers it masked', async () => {
    const earner = await registerUser(t.app);
    expect(
      await savePayoutMethod(t.app, earner.token, {
        kind: 'mpesa',
        phone: '0712 345 678',
        name: ' Wanjiku Kamau ',
      }),
    ).toEqual({ kind: 'mpesa', name: 'Wanjiku Kamau', label: 'M-Pesa 0712 ••• 678' });
    expect(await methodRow(earner.id)).toEqual({
      kind: 'mpesa',
      name: 'Wanjiku Kamau',
      phone: '+254712345678',
      bank_code: null,
      account_number: null,
      recipient_code: null,
    });
  });

  it("replaces it with a bank account, forgetting the provider's recipient made for the old details", async () => {
    const earner = await registerUser(t.app);
    await savePayoutMethod(t.app, earner.token);
    await t.database.db.execute(
      sql`update payout_methods set recipient_code = 'RCP_old' where user_id = ${earner.id}`,
    );
    expect(
      await savePayoutMethod(t.app, earner.token, {
        kind: 'bank',
        bankCode: '68',
        accountNumber: '0123456789',
        name: 'Wanjiku Kamau',
      }),
    ).toEqual({ kind: 'bank', name: 'Wanjiku Kamau', label: 'Bank 68 ••••6789' });
    expect(await methodRow(earner.id)).toEqual({
      kind: 'bank',
      name: 'Wanjiku Kamau',
      phone: null,
      bank_code: '68',
      account_number: '0123456789',
      recipient_code: null,
    });
    expect((await summaryOf(earner)).payoutMethod?.label).toBe('Bank 68 ••••6789');
  });

  it('tells the earner by e-mail where their money goes each time the method is saved, and where it went before', async () => {
    const earner = await registerUser(t.app);
    const letters = () =>
      queryRows<{ body: string }>(
        t.database.db,
        sql`select body from mail_outbox where recipient = ${earner.email} and subject = ${PAYOUT_METHOD_MAIL.subject}
            order by created_at`,
      );
    await savePayoutMethod(t.app, earner.token);
    await savePayoutMethod(t.app, earner.token, {
      kind: 'mpesa',
      phone: '0722 000 111',
      name: 'Wanjiku Kamau',
    });
    const [first, second] = await letters();
    expect(first?.body).toContain(PAYOUT_METHOD_MAIL.now('M-Pesa 0712 ••• 678'));
    expect(first?.body).not.toContain('Until now');
    expect(second?.body).toContain(PAYOUT_METHOD_MAIL.now('M-Pesa 0722 ••• 111'));
    expect(second?.body).toContain(PAYOUT_METHOD_MAIL.before('M-Pesa 0712 ••• 678'));
    expect(second?.body).toContain(PAYOUT_METHOD_MAIL.notYou('support@sokoni.co.ke'));
    // A refused change is not told: nothing was changed.
    await t.app.inject({
      method: 'PUT',
      url: '/api/earnings/payout-method',
      headers: bearer(earner.token),
      payload: { kind: 'mpesa', phone: '+255712345678', name: 'Juma' },
    });
    expect(await letters()).toHaveLength(2);
  });

  it.each([
    [
      'a number that is not Kenyan',
      { kind: 'mpesa', phone: '+255712345678', name: 'Juma' },
      DELIVERY_MESSAGES.phone,
    ],
    ['no name', { kind: 'mpesa', phone: '0712345678', name: '  ' }, EARNINGS_MESSAGES.accountName],
    [
      'an account number with letters',
      { kind: 'bank', bankCode: '68', accountNumber: '01234x6789', name: 'Juma' },
      EARNINGS_MESSAGES.accountNumber,
    ],
    [
      'a bank code that is not one',
      { kind: 'bank', bankCode: 'Equity Bank', accountNumber: '0123456789', name: 'Juma' },
      EARNINGS_MESSAGES.bankCode,
    ],
  ])('refuses %s with its message and keeps the method saved before', async (_case, body, message) => {
    const earner = await registerUser(t.app);
    await savePayoutMethod(t.app, earner.token);
    const before = await methodRow(earner.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/earnings/payout-method',
      headers: bearer(earner.token),
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await methodRow(earner.id)).toEqual(before);
  });

  it('answers a visitor 401 on every earnings route', async () => {
    for (const [method, url] of [
      ['GET', '/api/earnings'],
      ['GET', '/api/earnings/statement'],
      ['GET', '/api/earnings/statement.csv'],
      ['PUT', '/api/earnings/payout-method'],
      ['POST', '/api/payouts'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('POST /api/payouts (sandbox)', () => {
  it('refuses an earner with no payout method, moving nothing', async () => {
    const earner = await registerUser(t.app);
    await giveAvailable(t.database.db, earner.id, 50_000);
    const response = await requestPayout(t.app, earner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'NO_PAYOUT_METHOD',
      message: EARNINGS_MESSAGES.noPayoutMethod,
    });
    expect((await summaryOf(earner)).available).toBe(500);
    expect(await payoutsOf(t.database.db, earner.id)).toEqual([]);
  });

  it('refuses less than KES 100 available, moving nothing', async () => {
    const earner = await earnerWith(9_999);
    const response = await requestPayout(t.app, earner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BELOW_PAYOUT_MINIMUM',
      message: 'You can ask for a payout once you have at least KES 100 available.',
    });
    expect((await summaryOf(earner)).available).toBe(99.99);
    expect(await payoutsOf(t.database.db, earner.id)).toEqual([]);
  });

  it('pays the whole available balance at once: balances, payouts and statement lines move with it', async () => {
    const earner = await earnerWith(123_450, new Date(clock - MINUTE_MS));
    const response = await requestPayout(t.app, earner.token);
    expect(response.statusCode, response.body).toBe(201);
    const { message, payout } = response.json();
    expect(message).toBe('Payout of KES 1,234.50 sent.');
    expect(payout).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^po_[a-f0-9]{24}$/),
      amount: 1234.5,
      status: 'paid',
      method: 'M-Pesa 0712 ••• 678',
      requestedAt: new Date(clock).toISOString(),
      settledAt: new Date(clock).toISOString(),
      failure: null,
    });
    expect(await summaryOf(earner)).toEqual({
      pending: 0,
      available: 0,
      inFlight: 0,
      paidOut: 1234.5,
      minimumPayout: 100,
      payoutMethod: { kind: 'mpesa', name: 'Wanjiku Kamau', label: 'M-Pesa 0712 ••• 678' },
      payouts: [payout],
    });
    const lines = (await statementOf(earner)).json<StatementLine[]>();
    const moved = lines.map(({ kind, account, amount, description }) => ({
      kind,
      account,
      amount,
      description,
    }));
    expect(moved.slice(0, 4)).toEqual(
      expect.arrayContaining([
        {
          kind: 'payout',
          account: 'available',
          amount: -1234.5,
          description: 'Payout to M-Pesa 0712 ••• 678',
        },
        {
          kind: 'payout',
          account: 'payout_in_flight',
          amount: 1234.5,
          description: 'Payout to M-Pesa 0712 ••• 678',
        },
        {
          kind: 'payout_paid',
          account: 'payout_in_flight',
          amount: -1234.5,
          description: 'Paid out to M-Pesa 0712 ••• 678',
        },
        {
          kind: 'payout_paid',
          account: 'paid_out',
          amount: 1234.5,
          description: 'Paid out to M-Pesa 0712 ••• 678',
        },
      ]),
    );
    expect(moved.at(-1)).toEqual({
      kind: 'opening',
      account: 'available',
      amount: 1234.5,
      description: 'Opening balance',
    });
    expect(await audit(t.database.db)).toMatchObject({
      unbalancedEntries: 0,
      balancesOff: 0,
      negativeEarnerBalances: 0,
    });
  });

  it('makes one payout of two asked for at once; the other is refused and nothing moves twice', async () => {
    const earner = await earnerWith(40_000);
    const responses = await Promise.all([
      requestPayout(t.app, earner.token),
      requestPayout(t.app, earner.token),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses[0]).toBe(201);
    // Whichever came second found the balance gone (400), or was refused by the ledger's check (409).
    expect([400, 409]).toContain(statuses[1]);
    expect(await payoutsOf(t.database.db, earner.id)).toEqual([
      expect.objectContaining({ amount_cents: 40_000, status: 'paid' }),
    ]);
    expect(await summaryOf(earner)).toMatchObject({ available: 0, paidOut: 400 });
  });
});

describe('a sale, its release and its payout (sandbox)', () => {
  it("pays out a course sale less Sokoni's 15% once its 7 days have passed", async () => {
    const instructor = await registerUser(t.app);
    const learner = await registerUser(t.app);
    const course = await createPublishedCourse(t.app, instructor, {
      title: 'Beekeeping basics',
      price: 2000,
    });
    await payForCourse(t.app, learner, course);
    expect(await summaryOf(instructor)).toMatchObject({ pending: 1700, available: 0 });
    await savePayoutMethod(t.app, instructor.token);
    expect((await requestPayout(t.app, instructor.token)).json().code).toBe('BELOW_PAYOUT_MINIMUM');

    clock += 7 * DAY_MS + MINUTE_MS;
    await runJob(t, RELEASES_QUEUE);
    // Seven days on, the session signed in before has run out: the instructor signs in again.
    const { access_token: token } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: instructor.email, password: instructor.password },
      })
    ).json<{ access_token: string }>();
    const again = { ...instructor, token };
    expect(await summaryOf(again)).toMatchObject({ pending: 0, available: 1700 });
    tick();
    const paid = await requestPayout(t.app, again.token);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await summaryOf(again)).toMatchObject({ pending: 0, available: 0, paidOut: 1700 });
    const lines = (await statementOf(again)).json<StatementLine[]>();
    const sale = lines.find((line) => line.kind === 'sale');
    expect(sale).toMatchObject({
      account: 'pending',
      amount: 1700,
      description: `Sale: ${RECEIPT_MAIL.course('Beekeeping basics')}`,
    });
    expect(
      lines.filter((line) => line.kind === 'release').map(({ account, amount }) => ({ account, amount })),
    ).toEqual(
      expect.arrayContaining([
        { account: 'pending', amount: -1700 },
        { account: 'available', amount: 1700 },
      ]),
    );
    expect(lines).toHaveLength(7);
  });
});

describe('GET /api/earnings/statement and statement.csv', () => {
  let earner: RegisteredUser;
  beforeAll(async () => {
    earner = await registerUser(t.app);
    await giveAvailable(t.database.db, earner.id, 1_000, 'Opening balance', new Date('2026-11-27T11:05:00Z'));
    await giveAvailable(
      t.database.db,
      earner.id,
      2_050,
      'Sale: 1 × Kiondo, large',
      new Date('2026-11-27T21:30:00Z'),
    );
    await giveAvailable(
      t.database.db,
      earner.id,
      5,
      '=HYPERLINK("http://x")',
      new Date('2026-11-28T06:00:00Z'),
    );
  });

  it('pages the lines newest first, X-Total-Count counting them all', async () => {
    const first = await statementOf(earner, '?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json<StatementLine[]>().map((line) => [line.occurredAt, line.amount])).toEqual([
      ['2026-11-28T06:00:00.000Z', 0.05],
      ['2026-11-27T21:30:00.000Z', 20.5],
    ]);
    const next = await statementOf(earner, '?limit=2&offset=2');
    expect(next.json<StatementLine[]>()).toEqual([
      {
        id: expect.any(String),
        occurredAt: '2026-11-27T11:05:00.000Z',
        kind: 'opening',
        description: 'Opening balance',
        account: 'available',
        amount: 10,
      },
    ]);
    expect((await statementOf(earner, '?limit=101')).statusCode).toBe(400);
  });

  it('downloads every line as CSV: a header row, times in EAT, amounts in KES with two decimals', async () => {
    const response = await t.app.inject({
      url: '/api/earnings/statement.csv',
      headers: bearer(earner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${STATEMENT_CSV_FILENAME}"`);
    expect(response.body).toBe(
      '\uFEFF' +
        [
          'Date (EAT),Type,Description,Balance,Amount (KES)',
          // A description a spreadsheet would run as a formula is kept as text.
          `2026-11-28 09:00,Opening balance,"'=HYPERLINK(""http://x"")",Available,0.05`,
          '2026-11-28 00:30,Opening balance,"Sale: 1 × Kiondo, large",Available,20.50',
          '2026-11-27 14:05,Opening balance,Opening balance,Available,10.00',
        ].join('\r\n') +
        '\r\n',
    );
  });

  it('shows an earner only their own lines', async () => {
    const other = await registerUser(t.app);
    const response = await statementOf(other);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });
});

describe('the weekly payout', () => {
  it('pays every earner with a payout method what is available (no minimum), once a week', async () => {
    const small = await earnerWith(5_000);
    const none = await earnerWith(0);
    const noMethod = await registerUser(t.app);
    await giveAvailable(t.database.db, noMethod.id, 70_000);

    await runJob(t, WEEKLY_PAYOUTS_QUEUE);
    // The weekly job starts the payouts; the payouts job sends them.
    await runJob(t, PAYOUTS_QUEUE);
    expect(await payoutsOf(t.database.db, small.id)).toEqual([
      expect.objectContaining({ amount_cents: 5_000, status: 'paid' }),
    ]);
    expect(await payoutsOf(t.database.db, none.id)).toEqual([]);
    expect(await payoutsOf(t.database.db, noMethod.id)).toEqual([]);

    // More becomes available the same week: the job run again pays nothing more until next week.
    await giveAvailable(t.database.db, small.id, 3_000);
    await runJob(t, WEEKLY_PAYOUTS_QUEUE, 2);
    expect(await payoutsOf(t.database.db, small.id)).toHaveLength(1);
    expect((await summaryOf(small)).available).toBe(30);

    clock += 7 * DAY_MS;
    await runJob(t, WEEKLY_PAYOUTS_QUEUE);
    expect((await payoutsOf(t.database.db, small.id)).map((payout) => payout.amount_cents)).toEqual([
      5_000, 3_000,
    ]);
    expect(await audit(t.database.db)).toMatchObject({
      unbalancedEntries: 0,
      balancesOff: 0,
      negativeEarnerBalances: 0,
    });
  });
});

describe('GET /api/fees', () => {
  it('answers anyone the four fee percents Sokoni keeps', async () => {
    const response = await t.app.inject('/api/fees');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_FEE_PERCENT);
  });
});

describe('GET /api/admin/finance', () => {
  it('is for admins only', async () => {
    const user = await registerUser(t.app);
    expect((await t.app.inject('/api/admin/finance')).statusCode).toBe(401);
    const refused = await t.app.inject({ url: '/api/admin/finance', headers: bearer(user.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_ONLY', message: AUTH_MESSAGES.adminOnly });
  });
});
