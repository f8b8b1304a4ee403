import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { RECEIPT_MAIL } from '@sokoni/contracts/mail';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { createProduct, payOrder, placeOrder, registerUser } from '../../../test/factories.js';
import { readMail } from '../../../test/mime.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { MAIL_QUEUE } from './mail.service.js';

const FAST = { jobs: { pollingIntervalSeconds: 0.5 }, mail: { retryDelaySeconds: 1 } };
let t: TestApp | undefined;
let catcher: SmtpCatcher | undefined;
afterEach(async () => {
  await t?.close();
  await catcher?.close();
  t = catcher = undefined;
});

/** The order's lines by product name: the basket, and one more. */
const SUBJECT = RECEIPT_MAIL.subject(RECEIPT_MAIL.andMore('1 × Kiondo basket', 1));

async function paidOrder(app: TestApp) {
  const seller = await registerUser(app.app);
  const buyer = await registerUser(app.app);
  const dress = await createProduct(app.database.db, seller.id, {
    title: 'Kitenge dress',
    priceCents: 280_000,
  });
  const basket = await createProduct(app.database.db, seller.id, {
    title: 'Kiondo basket',
    priceCents: 150_050,
  });
  const order = await placeOrder(app.app, buyer.token, [
    { productId: dress, quantity: 2 },
    { productId: basket, quantity: 1 },
  ]);
  await payOrder(app.app, buyer, order, app.config.publicUrl);
  return { buyer, seller, order };
}

/** The messages to one recipient: a paid order also sends its seller a notice (sales.routes.test.ts). */
const outboxStatuses = (app: TestApp, recipient: string) =>
  queryRows<{ status: string; attempts: number; last_error: string | null }>(
    app.database.db,
    sql`select status, attempts, last_error from mail_outbox where recipient = ${recipient}`,
  );

const caughtFor = (caught: SmtpCatcher['caught'], recipient: string) =>
  caught.filter((mail) => mail.to.includes(recipient));

describe('the order receipt', () => {
  it("reaches the SMTP server once an order is paid: the receipt's lines with quantities and amounts, the amount paid in KES and a link to the order, as plain text and HTML", async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp({ smtpUrl: catcher.url, publicUrl: 'https://sokoni.example' }, FAST);
    const { buyer, order } = await paidOrder(t);

    await catcher.until(() => caughtFor(catcher!.caught, buyer.email).length === 1);
    const [mail] = caughtFor(catcher.caught, buyer.email);
    expect(mail?.from).toBe('orders@sokoni.test');
    expect(mail?.to).toEqual([buyer.email]);
    const { headers, subject, body, html } = readMail(mail!.raw);
    expect(subject).toBe(SUBJECT);
    expect(headers.from).toBe('Sokoni <orders@sokoni.test>');
    expect(body).toContain(`Hello ${buyer.name},`);
    expect(body).toContain('1 × Kiondo basket: KES 1,501\n2 × Kitenge dress: KES 5,600');
    expect(body).toContain('Amount paid: KES 7,101');
    expect(body).toContain(`Find what you bought on Sokoni: https://sokoni.example/orders/${order.id}`);
    expect(html).toContain('Amount paid: KES 7,101');
    await expect
      .poll(() => outboxStatuses(t!, buyer.email))
      .toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('waits while the SMTP server is down, and goes once when it is back', async () => {
    // A port that was free a moment ago: nothing answers there until the catcher takes it.
    const probe = await startSmtpCatcher();
    await probe.close();
    t = await createTestApp({ smtpUrl: probe.url }, FAST);
    const { buyer } = await paidOrder(t);

    await expect
      .poll(() => outboxStatuses(t!, buyer.email), { timeout: 10_000 })
      .toEqual([
        expect.objectContaining({ status: 'pending', last_error: expect.stringContaining('ECONNREFUSED') }),
      ]);
    catcher = await startSmtpCatcher({ port: probe.port });
    await catcher.until(() => caughtFor(catcher!.caught, buyer.email).length === 1);
    await expect
      .poll(() => outboxStatuses(t!, buyer.email))
      .toEqual([expect.objectContaining({ status: 'sent' })]);
    expect((await outboxStatuses(t, buyer.email))[0]!.attempts).toBeGreaterThanOrEqual(2);
    expect(caughtFor(catcher.caught, buyer.email)).toHaveLength(1);
  });

  it("without SMTP_URL, a paid order leaves one .eml file per message in DATA_DIR/outbox: the buyer's receipt and the seller's notice", async () => {
    t = await createTestApp({}, FAST);
    const { buyer, seller, order } = await paidOrder(t);
    const outbox = join(t.config.dataDir, 'outbox');
    await expect
      .poll(() => outboxStatuses(t!, buyer.email))
      .toEqual([expect.objectContaining({ status: 'sent' })]);
    await expect
      .poll(() => outboxStatuses(t!, seller.email))
      .toEqual([expect.objectContaining({ status: 'sent' })]);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^[0-9a-f-]{36}\.eml$/);
    const mails = files.map((file) => readMail(readFileSync(join(outbox, file), 'utf8')));
    expect(mails.map((mail) => mail.headers.to).sort()).toEqual([buyer.email, seller.email].sort());
    const { subject, body } = mails.find((mail) => mail.headers.to === buyer.email)!;
    expect(subject).toBe(SUBJECT);
    expect(body).toContain(`Amount paid: KES 7,101\nPaid with: Card`);
    expect(body).toContain(`/orders/${order.id}`);
  });

  it('is never sent again once a try may have ended it: a message left committing by a dead try becomes unconfirmed', async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp(
      { smtpUrl: catcher.url },
      { ...FAST, mail: { retryDelaySeconds: 1, commitWaitMs: 1 } },
    );
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into mail_outbox (recipient, subject, body, status, attempts, committing_at)
          values ('wanjiku@example.co.ke', 'Your Sokoni receipt', 'Asante', 'committing', 1, now() - interval '1 hour')
          returning id`,
    );
    await t.app.jobs.send(MAIL_QUEUE, { id: row!.id });
    await expect
      .poll(() => outboxStatuses(t!, 'wanjiku@example.co.ke'))
      .toEqual([expect.objectContaining({ status: 'unconfirmed' })]);
    expect(catcher.caught).toEqual([]);
  });
});
