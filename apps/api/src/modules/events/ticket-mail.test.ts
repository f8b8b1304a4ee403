import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '@sokoni/contracts/events';
import { TICKET_MAIL } from '@sokoni/contracts/mail';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { bearer, registerUser, uploadImage, type RegisteredUser } from '../../../test/factories.js';
import { readQrCodes } from '../../../test/qr-reader.js';
import { headerParameter, parseMime, partOfType, textOf, type MimePart } from '../../../test/mime.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';

const FAST = { jobs: { pollingIntervalSeconds: 0.5 }, mail: { retryDelaySeconds: 1 } };
const SITE = 'https://sokoni.example';
// What organizers write goes into HTML: the title carries characters that must be escaped there.
const TITLE = 'Blankets & Wine <Live>';
const LOCATION = 'Ngong Racecourse, Nairobi';
/** 19:30 in Nairobi (UTC+3). */
const STARTS_AT = '2030-03-14T16:30:00.000Z';

let t: TestApp | undefined;
let catcher: SmtpCatcher | undefined;
afterEach(async () => {
  await t?.close();
  await catcher?.close();
  t = catcher = undefined;
});

async function createEvent(app: TestApp, price: number): Promise<Event> {
  const organizer = await registerUser(app.app, { name: 'Wanjiru Kamau' });
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(organizer.token),
    payload: {
      title: TITLE,
      date: STARTS_AT,
      location: LOCATION,
      image: await uploadImage(app.app, organizer.token, 'event-image'),
      price,
      description: 'An afternoon of music.',
      category: 'Concert',
      ticketsAvailable: 50,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

/** Buys tickets through the sandbox as a buyer does, settling the payment twice: verify, then Pay again. */
async function buyTickets(app: TestApp, buyer: RegisteredUser, event: Event, quantity: number) {
  const initialized = await app.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(buyer.token),
    payload: {
      email: buyer.email,
      amount: event.price * quantity,
      callback_url: `${SITE}/payment/callback`,
      paymentType: 'event',
      eventId: event.id,
      quantity,
    },
  });
  expect(initialized.statusCode, initialized.body).toBe(200);
  const { reference } = initialized.json<{ data: { reference: string } }>().data;
  await app.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });
  const verified = await app.app.inject({
    url: `/api/payments/verify?reference=${reference}`,
    headers: bearer(buyer.token),
  });
  expect(verified.json()).toMatchObject({ status: 'success' });
  await app.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });
}

const ticketOf = async (app: TestApp, buyer: RegisteredUser) => {
  const [ticket] = await queryRows<{ id: string; short_code: string }>(
    app.database.db,
    sql`select id, short_code from tickets where user_id = ${buyer.id}`,
  );
  return ticket!;
};
const ticketIdOf = async (app: TestApp, buyer: RegisteredUser) => (await ticketOf(app, buyer)).id;

/** The ticket e-mails in the outbox (a paid ticket's receipt goes beside it: payments/receipts.test.ts). */
const outboxStatuses = (app: TestApp) =>
  queryRows<{ status: string; attempts: number }>(
    app.database.db,
    sql`select status, attempts from mail_outbox where subject = ${TICKET_MAIL.subject(TITLE)}`,
  );

/** The caught message with the ticket e-mail's subject. */
const ticketMailOf = (caught: SmtpCatcher['caught']) =>
  caught.find((mail) => parseMime(mail.raw).headers.subject === TICKET_MAIL.subject(TITLE));

/** An iCalendar file with its folded lines (75 octets at most) joined again. */
const unfolded = (part: MimePart | undefined) => textOf(part).replace(/\n[ \t]/g, '');

describe('the ticket e-mail', () => {
  it('reaches the buyer once: the event, Nairobi time, place, quantity, the amount paid, the short code to type at the gate, the ticket ID, its QR code inline and an .ics file', async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp({ smtpUrl: catcher.url, publicUrl: SITE }, FAST);
    const event = await createEvent(t, 2500);
    const buyer = await registerUser(t.app, { name: 'Amina Wanjiku' });
    await buyTickets(t, buyer, event, 2);
    const { id: ticketId, short_code: shortCode } = await ticketOf(t, buyer);
    // Two groups of four, as it is printed.
    const code = `${shortCode.slice(0, 4)} ${shortCode.slice(4)}`;

    // The ticket and the payment's receipt.
    await catcher.until(() => catcher!.caught.length === 2);
    const mail = ticketMailOf(catcher.caught);
    expect(mail?.to).toEqual([buyer.email]);
    const message = parseMime(mail!.raw);
    expect(message.headers.subject).toBe(TICKET_MAIL.subject(TITLE));

    const text = textOf(partOfType(message, 'text/plain'));
    for (const line of [
      'Hello Amina Wanjiku,',
      `Your ticket for ${TITLE} is ready.`,
      'Date: 14 Mar 2030, 19:30 EAT',
      `Place: ${LOCATION}`,
      'Tickets: 2',
      'Amount paid: KES 5,000',
      `Ticket code: ${code}\nTicket ID: ${ticketId}`,
      'If it cannot be scanned, the organizer can type the ticket code.',
      `Your tickets are always on My Tickets: ${SITE}/tickets/mine`,
    ])
      expect(text).toContain(line);

    const html = textOf(partOfType(message, 'text/html'));
    expect(html).toContain('Your ticket for Blankets &#38; Wine &#60;Live&#62; is ready.');
    expect(html).not.toContain('<Live>');
    expect(html).toContain('Date: 14 Mar 2030, 19:30 EAT');
    expect(html).toContain(`Ticket code: ${code}</strong><br>Ticket ID: ${ticketId}`);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('Amount paid: KES 5,000');
    expect(html).toContain(`<a href="${SITE}/tickets/mine"`);
    const cid = /<img src="cid:([^"]+)"/.exec(html)?.[1];

    const image = partOfType(message, 'image/png');
    expect(image?.headers['content-id']).toBe(`<${cid}>`);
    expect(image?.headers['content-disposition']).toMatch(/^inline/);
    expect(await readQrCodes(image!.body)).toEqual([ticketId]);

    const calendarPart = partOfType(message, 'text/calendar');
    expect(headerParameter(calendarPart?.headers['content-disposition'], 'filename')).toBe(
      'blankets-wine-live.ics',
    );
    const calendar = unfolded(calendarPart);
    expect(calendar).toContain(`UID:${ticketId}\n`);
    expect(calendar).toContain('SUMMARY:Blankets & Wine <Live>\n');
    expect(calendar).toContain('DTSTART:20300314T163000Z\n');
    expect(calendar).toContain('DTEND:20300314T193000Z\n');
    expect(calendar).toContain('LOCATION:Ngong Racecourse\\, Nairobi\n');
    expect(calendar).toContain(
      `DESCRIPTION:Tickets: 2\\nTicket code: ${code}\\nTicket ID: ${ticketId}\\nEvent page: ${SITE}/tickets/${event.id}\n`,
    );

    // Settled twice, issued once, mailed once.
    await expect.poll(() => outboxStatuses(t!)).toEqual([{ status: 'sent', attempts: 1 }]);
    expect(catcher.caught).toHaveLength(2);
  });

  it('goes with free tickets too, the moment they are claimed, saying they were free', async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp({ smtpUrl: catcher.url, publicUrl: SITE }, FAST);
    const event = await createEvent(t, 0);
    const buyer = await registerUser(t.app, { name: 'Brian Otieno' });
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/tickets`,
      headers: bearer(buyer.token),
      payload: { quantity: 1 },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const { id: ticketId, shortCode } = claimed.json<{ id: string; shortCode: string }>();

    await catcher.until(() => catcher!.caught.length === 1);
    const message = parseMime(catcher.caught[0]!.raw);
    expect(catcher.caught[0]?.to).toEqual([buyer.email]);
    expect(textOf(partOfType(message, 'text/plain'))).toContain(
      `Tickets: 1\nAmount paid: Free\nTicket code: ${shortCode.slice(0, 4)} ${shortCode.slice(4)}\nTicket ID: ${ticketId}`,
    );
    expect(await readQrCodes(partOfType(message, 'image/png')!.body)).toEqual([ticketId]);
    expect(unfolded(partOfType(message, 'text/calendar'))).toContain(`UID:${ticketId}\n`);
  });

  it('waits while the SMTP server is down during the purchase, and goes once when it is back', async () => {
    // A port that was free a moment ago: nothing answers there until the catcher takes it.
    const probe = await startSmtpCatcher();
    await probe.close();
    t = await createTestApp({ smtpUrl: probe.url, publicUrl: SITE }, FAST);
    const event = await createEvent(t, 2500);
    const buyer = await registerUser(t.app);
    await buyTickets(t, buyer, event, 2);
    const ticketId = await ticketIdOf(t, buyer);

    await expect
      .poll(
        () =>
          queryRows<{ status: string; last_error: string | null }>(
            t!.database.db,
            sql`select status, last_error from mail_outbox where subject = ${TICKET_MAIL.subject(TITLE)}`,
          ),
        { timeout: 10_000 },
      )
      .toEqual([{ status: 'pending', last_error: expect.stringContaining('ECONNREFUSED') }]);
    catcher = await startSmtpCatcher({ port: probe.port });
    await catcher.until(() => catcher!.caught.length === 2);
    await expect.poll(() => outboxStatuses(t!)).toEqual([expect.objectContaining({ status: 'sent' })]);
    expect((await outboxStatuses(t))[0]!.attempts).toBeGreaterThanOrEqual(2);
    const message = parseMime(ticketMailOf(catcher.caught)!.raw);
    expect(await readQrCodes(partOfType(message, 'image/png')!.body)).toEqual([ticketId]);
    expect(catcher.caught).toHaveLength(2);
  });
});
