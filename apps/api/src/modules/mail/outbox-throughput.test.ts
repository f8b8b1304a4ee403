import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseMime } from '../../../test/mime.js';
import { serverProcesses } from '../../../test/server-processes.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createTestDatabase, queryRows } from '../../../test/test-app.js';
import { createJobQueue, type JobQueue } from '../../lib/job-queue.js';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail-transport.js';
import { createMailService, type MailService } from './mail.service.js';

// A burst of ticket mail: the outbox must clear 300 messages within a minute of their queuing, each
// delivered once, with the production timings (docs/decisions/0009-mail-outbox.md: queuing wakes the
// sender, and a full batch fetches the next at once rather than after the 2 s poll).
const BURST = 300;
const WITHIN_MS = 60_000;
const FROM = 'Sokoni <orders@sokoni.test>';

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const testDb = await createTestDatabase();
const db = testDb.database.db;
const log = pino({ level: 'silent' });
const servers = serverProcesses(testDb.url ?? '');
const outboxDir = mkdtempSync(join(tmpdir(), 'sokoni-outbox-'));

let jobs: JobQueue | undefined;
let mail: MailService | undefined;
let catcher: SmtpCatcher | undefined;
afterEach(async () => {
  await servers.stopAll();
  await jobs?.stop();
  await mail?.close();
  await catcher?.close();
  jobs = mail = catcher = undefined;
  await db.execute(sql`delete from mail_outbox`);
});
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
  servers.removeDataDirs();
  rmSync(outboxDir, { recursive: true, force: true });
});

/** The mail outbox of one process, working its queue unless told it only queues. */
async function outbox(transport: MailTransport, options: { works: boolean } = { works: true }) {
  jobs = createJobQueue(testDb.database, log);
  mail = createMailService({ db, jobs, transport, log });
  if (options.works) await jobs.start();
  return mail;
}

/**
 * 300 tickets' mails, each with its calendar file attached as the events module writes it, queued at
 * once: the sender finds a backlog of 300 when the transaction commits.
 */
async function queueBurst(service: MailService) {
  const calendar = Buffer.from(
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${'DESCRIPTION:Nairobi Jazz Night at the Alliance Française\r\n'.repeat(40)}END:VCALENDAR\r\n`,
  ).toString('base64');
  await db.transaction(async (tx) => {
    for (let i = 0; i < BURST; i += 1) {
      await service.queue(tx, {
        to: `buyer-${i}@example.co.ke`,
        subject: 'Your ticket for Nairobi Jazz Night',
        text: `Hello buyer ${i}, your ticket is attached.`,
        html: `<p>Hello buyer ${i}, your ticket is attached.</p>`,
        attachments: [
          { filename: 'nairobi-jazz-night.ics', contentType: 'text/calendar', content: calendar },
        ],
      });
    }
  });
}

const outboxIds = async () =>
  (await queryRows<{ id: string }>(db, sql`select id from mail_outbox order by id`)).map((row) => row.id);

const messageIdsOf = (raws: string[]) => raws.map((raw) => parseMime(raw).headers['message-id']).sort();

const expectedMessageIds = (ids: string[]) => ids.map((id) => `<${id}@sokoni.test>`).sort();

const statuses = () =>
  queryRows<{ status: string; attempts: number; count: number }>(
    db,
    sql`select status, attempts, count(*)::int as count from mail_outbox group by status, attempts`,
  );

describe('the outbox under a burst of mail', () => {
  it('sends 300 messages queued at once without SMTP_URL within a minute: one .eml file each, named by its message', async () => {
    const dir = join(outboxDir, 'files');
    const service = await outbox(createFileTransport(dir, FROM));
    const started = Date.now();
    await queueBurst(service);
    await expect
      .poll(() => statuses(), { timeout: WITHIN_MS - (Date.now() - started), interval: 100 })
      .toEqual([{ status: 'sent', attempts: 0, count: BURST }]);
    await jobs!.stop();

    const ids = await outboxIds();
    const files = readdirSync(dir).sort();
    expect(files).toEqual(ids.map((id) => `${id}.eml`).sort());
    expect(messageIdsOf(files.map((file) => readFileSync(join(dir, file), 'utf8')))).toEqual(
      expectedMessageIds(ids),
    );
  }, 90_000);

  it('sends 300 messages queued at once to the SMTP server within a minute, each once (by Message-ID), over kept connections', async () => {
    catcher = await startSmtpCatcher();
    const service = await outbox(createSmtpTransport(catcher.url, FROM));
    const started = Date.now();
    await queueBurst(service);
    await expect
      .poll(() => statuses(), { timeout: WITHIN_MS - (Date.now() - started), interval: 100 })
      .toEqual([{ status: 'sent', attempts: 1, count: BURST }]);
    await jobs!.stop();

    expect(catcher.caught).toHaveLength(BURST);
    expect(messageIdsOf(catcher.caught.map((caught) => caught.raw))).toEqual(
      expectedMessageIds(await outboxIds()),
    );
    expect(catcher.caught.map((caught) => caught.to[0]).sort()).toEqual(
      Array.from({ length: BURST }, (_, i) => `buyer-${i}@example.co.ke`).sort(),
    );
    // Connections are kept for the next message: far fewer than one per message.
    expect(catcher.connections()).toBeLessThan(BURST / 10);
  }, 90_000);
});

describe.runIf(usesPostgres)('the outbox across server processes (PostgreSQL)', () => {
  it('delivers 300 messages queued at once, each once, when two server processes send them', async () => {
    catcher = await startSmtpCatcher();
    const one = servers.start({ SMTP_URL: catcher.url });
    const two = servers.start({ SMTP_URL: catcher.url });
    await Promise.all([one.url, two.url]);
    // This process only queues: its queue never starts, so the two servers do all the sending.
    const service = await outbox(createSmtpTransport(catcher.url, FROM), { works: false });
    const started = Date.now();
    await queueBurst(service);
    await expect
      .poll(() => statuses(), { timeout: WITHIN_MS - (Date.now() - started), interval: 100 })
      .toEqual([{ status: 'sent', attempts: 1, count: BURST }]);
    await Promise.all([one.stop(), two.stop()]);

    expect(catcher.caught).toHaveLength(BURST);
    expect(messageIdsOf(catcher.caught.map((caught) => caught.raw))).toEqual(
      expectedMessageIds(await outboxIds()),
    );
    const sentBy = [one, two].map((app) => (app.output().match(/"msg":"mail sent"/g) ?? []).length);
    expect(sentBy[0]! + sentBy[1]!).toBe(BURST);
  }, 120_000);
});
