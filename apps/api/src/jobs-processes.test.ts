import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createProduct, SAMPLE_DELIVERY } from '../test/factories.js';
import { call as callProcess, serverProcesses } from '../test/server-processes.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';
import { createTestDatabase, queryRows } from '../test/test-app.js';

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const testDb = await createTestDatabase();
const db = testDb.database.db;
// Servers, and the races between them, are tested on PostgreSQL: PGlite is one process's database.
const servers = serverProcesses(testDb.url ?? '');
const startApp = servers.start;
let catcher: SmtpCatcher | undefined;

afterEach(async () => {
  await servers.stopAll();
  await catcher?.close();
  catcher = undefined;
});
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
  servers.removeDataDirs();
});

const call = async (...args: Parameters<typeof callProcess>) => (await callProcess(...args)).body;

let buyers = 0;
/** A buyer registers, orders one product and pays for it in the sandbox, all over HTTP. */
async function buyAndPay(url: string, productId: string) {
  const email = `buyer-${(buyers += 1)}-${process.pid}@example.co.ke`;
  await call(url, '/api/auth/register', {
    method: 'POST',
    body: { name: 'Akinyi Odhiambo', email, password: 'Passw0rd' },
  });
  const { access_token: token } = (await call(url, '/api/auth/login', {
    method: 'POST',
    body: { email, password: 'Passw0rd' },
  })) as { access_token: string };
  const order = (await call(url, '/api/orders', {
    method: 'POST',
    token,
    body: { items: [{ productId, quantity: 1, price: 950 }], delivery: SAMPLE_DELIVERY },
  })) as { id: string; totalAmount: number; userId: string };
  const { data } = (await call(url, '/api/payments/initialize', {
    method: 'POST',
    token,
    body: {
      email,
      amount: order.totalAmount,
      userId: order.userId,
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      paymentType: 'order',
      orderId: order.id,
    },
  })) as { data: { reference: string } };
  await fetch(`${url}/api/payments/sandbox/${data.reference}/pay`, { method: 'POST' });
  const verified = await call(url, `/api/payments/verify?reference=${data.reference}`, { token });
  expect(verified.status).toBe('success');
  return email;
}

/** The seller of the product every order buys: each paid order sends them a notice too. */
const SELLER_EMAIL = `seller-${process.pid}@example.co.ke`;

/** The product every order buys, written straight into the shared database. */
async function sellerProduct(url: string): Promise<string> {
  await call(url, '/api/auth/register', {
    method: 'POST',
    body: { name: 'Baraka Mwangi', email: SELLER_EMAIL, password: 'Passw0rd' },
  });
  const [seller] = await queryRows<{ id: string }>(db, sql`select id from users order by created_at limit 1`);
  return createProduct(db, seller!.id, { title: 'Sufuria set', priceCents: 95_000 });
}

const recipientsOf = (caught: SmtpCatcher['caught']) => caught.flatMap((mail) => mail.to).sort();

describe.runIf(usesPostgres)('the job queue across server processes (PostgreSQL)', () => {
  it('runs each job once when two server processes work one queue: every receipt reaches SMTP exactly once', async () => {
    catcher = await startSmtpCatcher();
    const env = { SMTP_URL: catcher.url };
    const one = startApp(env);
    const two = startApp(env);
    const urls = await Promise.all([one.url, two.url]);
    const productId = await sellerProduct(urls[0]!);
    const emails: string[] = [];
    for (let i = 0; i < 12; i += 1) emails.push(await buyAndPay(urls[i % 2]!, productId));

    // Each paid order mails its buyer a receipt and its seller a notice.
    const expected = [...emails, ...emails.map(() => SELLER_EMAIL)].sort();
    await catcher.until(() => catcher!.caught.length >= expected.length);
    await Promise.all([one.stop(), two.stop()]);
    expect(recipientsOf(catcher.caught)).toEqual(expected);
    const sentBy = [one, two].map((app) => (app.output().match(/"msg":"mail sent"/g) ?? []).length);
    expect(sentBy[0]! + sentBy[1]!).toBe(expected.length);
  }, 90_000);
});

describe.runIf(usesPostgres)('the job queue across restarts (PostgreSQL)', () => {
  it('runs a job queued before a restart after it: a receipt that could not go out goes when the server is back', async () => {
    const probe = await startSmtpCatcher();
    await probe.close();
    const first = startApp({ SMTP_URL: probe.url });
    const url = await first.url;
    const productId = await sellerProduct(url);
    const email = await buyAndPay(url, productId);
    await expect.poll(() => first.output(), { timeout: 10_000 }).toMatch(/job mail-send failed/);
    await first.stop();

    catcher = await startSmtpCatcher({ port: probe.port });
    const second = startApp({ SMTP_URL: catcher.url });
    await second.url;
    await catcher.until(() => catcher!.caught.length === 2);
    await second.stop();
    expect(recipientsOf(catcher.caught)).toEqual([email, SELLER_EMAIL].sort());
  }, 60_000);

  it('sends a receipt once after its worker is killed mid-send and the server restarts', async () => {
    catcher = await startSmtpCatcher({ holdRecipients: true });
    const first = startApp({ SMTP_URL: catcher.url });
    const productId = await sellerProduct(await first.url);
    const email = await buyAndPay(await first.url, productId);
    // The worker is in the middle of the SMTP conversation, held at RCPT TO, when it dies.
    await catcher.recipientSeen();
    await first.stop('SIGKILL');
    catcher.release();

    const second = startApp({ SMTP_URL: catcher.url });
    await second.url;
    await catcher.until(() => catcher!.caught.length === 2);
    await expect
      .poll(async () =>
        queryRows(db, sql`select status, attempts, last_error from mail_outbox where recipient = ${email}`),
      )
      // The killed try never reached the final '.': one try ended the message, the one after the restart.
      .toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
    await second.stop();
    expect(recipientsOf(catcher.caught)).toEqual([email, SELLER_EMAIL].sort());
  }, 60_000);
});
