import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_TEXTS, type EarningsSummary, type FinanceReport } from '@sokoni/contracts/earnings';
import {
  giveAvailable,
  payoutsOf,
  requestPayout,
  savePayoutMethod,
} from '../../../test/earnings-factories.js';
import {
  bearer,
  createProduct,
  initializeOrderPayment,
  makeAdmin,
  placeOrder,
  registerUser,
  runJob,
  type RegisteredUser,
} from '../../../test/factories.js';
import { startFakePaystack, type TransferEvent } from '../../../test/fake-paystack.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { PAYOUTS_QUEUE } from './payouts.service.js';

// Payouts through Paystack Transfers, against a fake Paystack on loopback: the exact recipient and
// transfer requests, every outcome its signed webhooks report, refusals, silence, and a transfer
// asked for again after an answer that never arrived.
const SECRET = 'sk_test_9a7e0ffee9a7e0ffee';
const MINUTE_MS = 60 * 1000;
let clock = Date.parse('2026-11-27T11:05:00Z');
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let t: TestApp;

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
  t = await createTestApp(
    { paymentsProvider: 'paystack', paystackSecretKey: SECRET, paystackBaseUrl: paystack.baseUrl },
    { now: () => clock },
  );
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

let phones = 0;
/** An earner paid to an M-Pesa number of their own, with `cents` available. */
async function earnerWith(cents: number) {
  const earner = await registerUser(t.app);
  const local = `07${String(10_000_000 + (phones += 1)).slice(-8)}`;
  await savePayoutMethod(t.app, earner.token, { kind: 'mpesa', phone: local, name: 'Achieng Otieno' });
  await giveAvailable(t.database.db, earner.id, cents);
  return { ...earner, local };
}
const summaryOf = async (user: RegisteredUser) =>
  (await t.app.inject({ url: '/api/earnings', headers: bearer(user.token) })).json<EarningsSummary>();
const webhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
  });
/** Paystack ends the transfer and its signed event reaches us. */
async function transferEnds(reference: string, event: TransferEvent) {
  const { body, signature } = paystack.transferEvent(reference, event);
  expect((await webhook(body, signature)).statusCode).toBe(200);
}
/** A payout asked for and sent; Paystack answered that its transfer is on its way. */
async function payoutInFlight(earner: RegisteredUser): Promise<string> {
  const response = await requestPayout(t.app, earner.token);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().payout.status).toBe('in_flight');
  return response.json().payout.reference;
}
const requestsSince = (count: number) =>
  paystack.requests
    .slice(count)
    .map(({ method, url, authorization, body }) => ({ method, url, authorization, body }));
const referenceOf = (request: { body: unknown }) =>
  (request.body as { reference?: string } | null)?.reference;
const recipientCodeOf = async (userId: string) =>
  (
    await queryRows<{ recipient_code: string | null }>(
      t.database.db,
      sql`select recipient_code from payout_methods where user_id = ${userId}`,
    )
  )[0]?.recipient_code;
const entriesOf = async (reference: string) =>
  (
    await queryRows<{ key: string }>(
      t.database.db,
      sql`select e.key from ledger_entries e join payouts p on p.id = e.payout_id
          where p.reference = ${reference} order by e.created_at, e.key`,
    )
  ).map((entry) => entry.key.split(':')[0]);

describe('a payout through Paystack Transfers', () => {
  it('makes an M-Pesa recipient, sends the transfer from our balance under our reference, and is paid on transfer.success', async () => {
    const earner = await earnerWith(150_000);
    const seen = paystack.requests.length;
    const response = await requestPayout(t.app, earner.token);
    expect(response.statusCode, response.body).toBe(201);
    const { message, payout } = response.json();
    expect(message).toBe('Payout of KES 1,500 on its way.');
    expect(payout).toMatchObject({ amount: 1500, status: 'in_flight', settledAt: null, failure: null });
    const recipient = await recipientCodeOf(earner.id);
    expect(requestsSince(seen)).toEqual([
      {
        method: 'POST',
        url: '/transferrecipient',
        authorization: `Bearer ${SECRET}`,
        body: {
          type: 'mobile_money',
          name: 'Achieng Otieno',
          account_number: earner.local,
          bank_code: 'MPESA',
          currency: 'KES',
        },
      },
      {
        method: 'POST',
        url: '/transfer',
        authorization: `Bearer ${SECRET}`,
        body: {
          source: 'balance',
          amount: 150_000,
          recipient,
          reference: payout.reference,
          reason: 'Sokoni earnings',
          currency: 'KES',
        },
      },
    ]);
    expect(recipient).toMatch(/^RCP_/);
    expect(await summaryOf(earner)).toMatchObject({ available: 0, inFlight: 1500, paidOut: 0 });

    clock += MINUTE_MS;
    await transferEnds(payout.reference, 'transfer.success');
    expect((await summaryOf(earner)).payouts[0]).toMatchObject({
      status: 'paid',
      settledAt: new Date(clock).toISOString(),
    });
    expect(await summaryOf(earner)).toMatchObject({ available: 0, inFlight: 0, paidOut: 1500 });
    // Told again (Paystack retries its events), nothing moves twice.
    await transferEnds(payout.reference, 'transfer.success');
    expect(await summaryOf(earner)).toMatchObject({ available: 0, inFlight: 0, paidOut: 1500 });
    expect(await entriesOf(payout.reference)).toEqual(['payout', 'payout_paid']);
    const [stored] = await queryRows<{ transfer_code: string }>(
      t.database.db,
      sql`select transfer_code from payouts where reference = ${payout.reference}`,
    );
    expect(stored?.transfer_code).toBe(paystack.transfersTo(recipient ?? '')[0]?.transfer_code);
  });

  it('sends a bank account as a KEPSS recipient, made once and made anew only when the details change', async () => {
    const earner = await registerUser(t.app);
    const bank = { kind: 'bank', bankCode: '68', accountNumber: '0100234567', name: 'Kamau Holdings' };
    await savePayoutMethod(t.app, earner.token, bank);
    await giveAvailable(t.database.db, earner.id, 20_000);
    const seen = paystack.requests.length;
    const first = await payoutInFlight(earner);
    expect(requestsSince(seen)[0]).toEqual({
      method: 'POST',
      url: '/transferrecipient',
      authorization: `Bearer ${SECRET}`,
      body: {
        type: 'kepss',
        name: 'Kamau Holdings',
        account_number: '0100234567',
        bank_code: '68',
        currency: 'KES',
      },
    });
    await transferEnds(first, 'transfer.success');

    await giveAvailable(t.database.db, earner.id, 30_000);
    const again = paystack.requests.length;
    await payoutInFlight(earner);
    expect(requestsSince(again).map((request) => request.url)).toEqual(['/transfer']);

    await savePayoutMethod(t.app, earner.token, { ...bank, bankCode: '01', accountNumber: '1100234567' });
    await giveAvailable(t.database.db, earner.id, 40_000);
    const changed = paystack.requests.length;
    await payoutInFlight(earner);
    expect(
      requestsSince(changed).map((request) => [
        request.url,
        (request.body as { bank_code?: string }).bank_code,
      ]),
    ).toEqual([
      ['/transferrecipient', '01'],
      ['/transfer', undefined],
    ]);
  });

  it('gives a failed transfer back to available, saying why, and a late success of it changes nothing', async () => {
    const earner = await earnerWith(25_000);
    const reference = await payoutInFlight(earner);
    await transferEnds(reference, 'transfer.failed');
    expect(await summaryOf(earner)).toMatchObject({ available: 250, inFlight: 0, paidOut: 0 });
    expect((await summaryOf(earner)).payouts[0]).toMatchObject({
      status: 'failed',
      failure: PAYOUT_TEXTS.failure.failed,
    });
    await transferEnds(reference, 'transfer.success');
    expect(await summaryOf(earner)).toMatchObject({ available: 250, inFlight: 0, paidOut: 0 });
    expect(await entriesOf(reference)).toEqual(['payout', 'payout_failed']);
  });

  it('gives a reversed transfer back to available: from in flight, or from paid out after its success', async () => {
    const inFlight = await earnerWith(11_000);
    const first = await payoutInFlight(inFlight);
    await transferEnds(first, 'transfer.reversed');
    expect(await summaryOf(inFlight)).toMatchObject({ available: 110, inFlight: 0, paidOut: 0 });

    const paid = await earnerWith(12_000);
    const second = await payoutInFlight(paid);
    await transferEnds(second, 'transfer.success');
    await transferEnds(second, 'transfer.reversed');
    await transferEnds(second, 'transfer.reversed');
    expect(await summaryOf(paid)).toMatchObject({ available: 120, inFlight: 0, paidOut: 0 });
    expect((await summaryOf(paid)).payouts[0]).toMatchObject({
      status: 'reversed',
      failure: PAYOUT_TEXTS.failure.reversed,
    });
    expect(await entriesOf(second)).toEqual(['payout', 'payout_paid', 'payout_reversed']);
  });

  it('refuses a transfer event without the right signature, and changes nothing', async () => {
    const earner = await earnerWith(13_000);
    const reference = await payoutInFlight(earner);
    const { body } = paystack.transferEvent(reference, 'transfer.success');
    const forged = createHmac('sha512', 'sk_test_someone_else').update(body).digest('hex');
    expect((await webhook(body, forged)).statusCode).toBe(401);
    expect((await webhook(body, '')).statusCode).toBe(401);
    expect(await summaryOf(earner)).toMatchObject({ available: 0, inFlight: 130, paidOut: 0 });
  });

  it('gives the money back when Paystack refuses the account, in its words', async () => {
    const earner = await earnerWith(14_000);
    paystack.failNextWith(400, { status: false, message: 'Account number is invalid' });
    const response = await requestPayout(t.app, earner.token);
    expect(response.statusCode).toBe(201);
    const failure = PAYOUT_TEXTS.failure.refused('Account number is invalid');
    expect(response.json()).toMatchObject({ message: failure, payout: { status: 'failed', failure } });
    expect(await summaryOf(earner)).toMatchObject({ available: 140, inFlight: 0 });
  });

  it('gives the money back when Paystack refuses the transfer and has none of its reference', async () => {
    const earner = await earnerWith(14_500);
    const first = await payoutInFlight(earner);
    await transferEnds(first, 'transfer.success');
    await giveAvailable(t.database.db, earner.id, 20_000);
    const seen = paystack.requests.length;
    paystack.failNextWith(400, {
      status: false,
      message: 'Your balance is not enough to fulfil this request',
    });
    const response = await requestPayout(t.app, earner.token);
    const { reference } = response.json().payout;
    // A refusal is looked up first: a transfer Paystack made would be answered as it stands.
    expect(requestsSince(seen).map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /transfer',
      `GET /transfer/verify/${reference}`,
    ]);
    expect(response.json().payout).toMatchObject({
      status: 'failed',
      failure: PAYOUT_TEXTS.failure.refused('Your balance is not enough to fulfil this request'),
    });
    expect(await summaryOf(earner)).toMatchObject({ available: 200, inFlight: 0, paidOut: 145 });
  });

  it('keeps a payout in flight while Paystack cannot be reached, and sends it later under the same reference', async () => {
    const earner = await earnerWith(15_000);
    paystack.failNextWith(503, { status: false, message: 'Service unavailable' });
    const reference = await payoutInFlight(earner);
    expect(await summaryOf(earner)).toMatchObject({ available: 0, inFlight: 150 });

    // Not again within 30 minutes of the last try...
    const seen = paystack.requests.length;
    await runJob(t, PAYOUTS_QUEUE);
    expect(paystack.requests.length).toBe(seen);
    // ...then by the payouts job.
    clock += 31 * MINUTE_MS;
    await runJob(t, PAYOUTS_QUEUE);
    // (Other payouts still in flight are asked about again too: only this one's requests are read.)
    expect(requestsSince(seen).filter((request) => referenceOf(request) === reference)).toHaveLength(1);
    expect(paystack.transfersTo((await recipientCodeOf(earner.id)) ?? '')).toHaveLength(1);
  });

  it('sends a transfer it never heard back about again under its reference: Paystack says what became of it, nothing is paid twice', async () => {
    const earner = await earnerWith(16_000);
    const reference = await payoutInFlight(earner);
    const recipient = (await recipientCodeOf(earner.id)) ?? '';
    // Paystack paid it; its event never reached us.
    paystack.transferEvent(reference, 'transfer.success');
    clock += 31 * MINUTE_MS;
    const seen = paystack.requests.length;
    await runJob(t, PAYOUTS_QUEUE);
    const asked = requestsSince(seen).filter(
      (request) => referenceOf(request) === reference || request.url.endsWith(reference),
    );
    expect(asked.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /transfer',
      `GET /transfer/verify/${reference}`,
    ]);
    expect((asked[0]?.body as { reference: string; amount: number }).amount).toBe(16_000);
    expect(paystack.transfersTo(recipient)).toHaveLength(1);
    expect(await summaryOf(earner)).toMatchObject({ available: 0, inFlight: 0, paidOut: 160 });
    expect(await payoutsOf(t.database.db, earner.id)).toEqual([expect.objectContaining({ status: 'paid' })]);
  });
});

describe('GET /api/admin/finance', () => {
  it("reports Sokoni's fees, what is held for earners, payouts in flight and failed, and the ledger's check", async () => {
    const admin = await registerUser(t.app);
    const token = await makeAdmin(t.app, t.database.db, admin);
    const finance = async () =>
      (await t.app.inject({ url: '/api/admin/finance', headers: bearer(token) })).json<FinanceReport>();
    const before = await finance();

    // A sale of KES 2,000 paid by M-Pesa or card: KES 1,900 pending for its seller, KES 100 Sokoni's.
    const seller = await registerUser(t.app);
    const buyer = await registerUser(t.app);
    const productId = await createProduct(t.database.db, seller.id, { priceCents: 200_000 });
    const order = await placeOrder(t.app, buyer.token, [{ productId }]);
    const { reference } = (await initializeOrderPayment(t.app, buyer, order)).json().data;
    const charge = JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 200_000, currency: 'KES' },
    });
    await webhook(charge, createHmac('sha512', SECRET).update(charge).digest('hex'));
    // Payouts: KES 300 on its way, KES 200 failed (back to available), KES 100 paid.
    await payoutInFlight(await earnerWith(30_000));
    const failed = await payoutInFlight(await earnerWith(20_000));
    await transferEnds(failed, 'transfer.failed');
    const paid = await payoutInFlight(await earnerWith(10_000));
    await transferEnds(paid, 'transfer.success');

    expect(await finance()).toEqual({
      feesEarned: before.feesEarned + 100,
      providerClearing: before.providerClearing + 2000 + 600,
      heldForEarners: {
        pending: before.heldForEarners.pending + 1900,
        available: before.heldForEarners.available + 200,
      },
      paidOut: before.paidOut + 100,
      payoutsInFlight: {
        count: before.payoutsInFlight.count + 1,
        amount: before.payoutsInFlight.amount + 300,
      },
      payoutsFailed: { count: before.payoutsFailed.count + 1, amount: before.payoutsFailed.amount + 200 },
      refundsPending: before.refundsPending,
      check: {
        // The sale, three openings, three payouts, one failed and one paid.
        entries: before.check.entries + 9,
        unbalancedEntries: 0,
        balancesOff: 0,
        negativeEarnerBalances: 0,
        ok: true,
      },
    });
  });
});
