import { afterEach, describe, expect, it } from 'vitest';
import { parseMime } from '../../../test/mime.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createSmtpTransport, type MailTransport, type OutgoingMail } from './mail-transport.js';

const FROM = 'Sokoni <orders@sokoni.test>';
const TIMEOUTS = { connectMs: 2000, idleMs: 5000, keepOpenMs: 5000 };

let catcher: SmtpCatcher | undefined;
let transport: MailTransport | undefined;
afterEach(async () => {
  await transport?.close();
  await catcher?.close();
  catcher = transport = undefined;
});

const message = (n: number): OutgoingMail => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  recipient: `buyer-${n}@example.co.ke`,
  subject: 'Your Sokoni receipt',
  body: 'Asante',
  html: null,
  attachments: [],
  createdAt: new Date('2025-03-01T09:00:00Z'),
});

const allow = async () => true;

describe('the SMTP transport', () => {
  it('keeps its connection for the next message: three messages one after another go over one connection, each once', async () => {
    catcher = await startSmtpCatcher();
    transport = createSmtpTransport(catcher.url, FROM, TIMEOUTS);
    for (const n of [1, 2, 3]) {
      expect(await transport.send(message(n), allow)).toEqual({
        kind: 'sent',
        response: expect.stringMatching(/^250/),
      });
    }
    expect(catcher.caught.map((mail) => parseMime(mail.raw).headers['message-id'])).toEqual([
      '<00000000-0000-4000-8000-000000000001@sokoni.test>',
      '<00000000-0000-4000-8000-000000000002@sokoni.test>',
      '<00000000-0000-4000-8000-000000000003@sokoni.test>',
    ]);
    expect(catcher.connections()).toBe(1);
  });

  it('ends nothing when the commit is refused, and does not use that connection again', async () => {
    catcher = await startSmtpCatcher();
    transport = createSmtpTransport(catcher.url, FROM, TIMEOUTS);
    expect(await transport.send(message(1), allow)).toMatchObject({ kind: 'sent' });

    expect(await transport.send(message(2), async () => false)).toEqual({
      kind: 'not-sent',
      error: 'another attempt is delivering this message',
      permanent: false,
    });
    expect(await transport.send(message(3), allow)).toMatchObject({ kind: 'sent' });
    expect(catcher.caught.map((mail) => mail.to)).toEqual([
      ['buyer-1@example.co.ke'],
      ['buyer-3@example.co.ke'],
    ]);
    // The refused message's connection was closed mid-message; the next one opened a new connection.
    expect(catcher.connections()).toBe(2);
  });
});
