import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';
import { createTestDatabase, queryRows } from '../test/test-app.js';

const APP_PROCESS = fileURLToPath(new URL('../test/app-process.ts', import.meta.url));
const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const testDb = await createTestDatabase();
const db = testDb.database.db;
const dataDirs: string[] = [];
const running = new Set<ReturnType<typeof startApp>>();
let catcher: SmtpCatcher | undefined;

afterEach(async () => {
  await Promise.all([...running].map((app) => app.stop()));
  await catcher?.close();
  catcher = undefined;
});
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
  dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

// Servers, and the races between them, are tested on PostgreSQL: PGlite is one process's database.
const sharedDataDir = mkdtempSync(join(tmpdir(), 'sokoni-jobs-'));
dataDirs.push(sharedDataDir);

function startApp(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', APP_PROCESS], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: sharedDataDir,
      DATABASE_URL: testDb.url ?? '',
      SEED: 'none',
      LOG_LEVEL: 'info',
      MAIL_FROM: 'Sokoni <orders@sokoni.test>',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      ...env,
    },
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stdout += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const app = {
    child,
    exited,
    output: () => stdout,
    url: new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (match?.[1]) return resolve(match[1]);
        if (child.exitCode !== null) return reject(new Error(`app exited: ${stdout}`));
        setTimeout(check, 20);
      };
      check();
    }),
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      running.delete(app);
    },
  };
  running.add(app);
  return app;
}

async function call(
  url: string,
  path: string,
  init: { method?: string; token?: string; body?: object } = {},
) {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return response.json() as Promise<Record<string, unknown>>;
}

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
    body: { items: [{ productId, quantity: 1, price: 950 }] },
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

/** The product every order buys, written straight into the shared database. */
async function sellerProduct(url: string): Promise<string> {
  await call(url, '/api/auth/register', {
    method: 'POST',
    body: { name: 'Baraka Mwangi', email: `seller-${process.pid}@example.co.ke`, password: 'Passw0rd' },
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
    const two = startApp({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'sokoni-jobs-')) });
    const urls = await Promise.all([one.url, two.url]);
    const productId = await sellerProduct(urls[0]!);
    const emails: string[] = [];
    for (let i = 0; i < 12; i += 1) emails.push(await buyAndPay(urls[i % 2]!, productId));

    await catcher.until(() => catcher!.caught.length >= emails.length);
    await Promise.all([one.stop(), two.stop()]);
    expect(recipientsOf(catcher.caught)).toEqual(emails.sort());
    const sentBy = [one, two].map((app) => (app.output().match(/"msg":"mail sent"/g) ?? []).length);
    expect(sentBy[0]! + sentBy[1]!).toBe(emails.length);
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
    await catcher.until(() => catcher!.caught.length === 1);
    await second.stop();
    expect(recipientsOf(catcher.caught)).toEqual([email]);
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
    await catcher.until(() => catcher!.caught.length === 1);
    await expect
      .poll(async () =>
        queryRows(db, sql`select status, attempts, last_error from mail_outbox where recipient = ${email}`),
      )
      // The killed try never reached the final '.': one try ended the message, the one after the restart.
      .toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
    await second.stop();
    expect(recipientsOf(catcher.caught)).toEqual([email]);
  }, 60_000);
});
