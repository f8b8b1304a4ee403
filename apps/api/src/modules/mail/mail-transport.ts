import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { MailAttachment } from '../../db/schema/mail.js';

export type OutgoingMail = {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attachments: MailAttachment[];
  createdAt: Date;
};

/**
 * How one delivery attempt ended:
 * - `sent`: the server accepted the message (250 after the final '.'), or the file is written;
 * - `not-sent`: nothing was delivered (no connection, a refused command, or `commit` said no), so
 *   trying again is safe; `permanent` when the server refused it for good (5xx);
 * - `unknown`: the final '.' may have reached the server but its answer did not reach us.
 */
export type SendOutcome =
  | { kind: 'sent'; response: string }
  | { kind: 'not-sent'; error: string; permanent: boolean }
  | { kind: 'unknown'; error: string };

export type MailTransport = {
  /**
   * Delivers one message. `commit` is called once everything but the final '.' has been sent; the
   * message is ended only if it answers true (docs/decisions/0009-mail-outbox.md).
   */
  send(mail: OutgoingMail, commit: () => Promise<boolean>): Promise<SendOutcome>;
};

/** One per message, kept across attempts: a receiver can tell a repeat by it. */
const messageIdOf = (mail: OutgoingMail, from: string) =>
  `<${mail.id}@${/@([^>\s]+)>?$/.exec(from)?.[1] ?? 'sokoni'}>`;

async function compose(mail: OutgoingMail, from: string): Promise<Buffer> {
  return new MailComposer({
    from,
    to: mail.recipient,
    subject: mail.subject,
    text: mail.body,
    html: mail.html ?? undefined,
    attachments: mail.attachments.map((attachment) => ({ ...attachment, encoding: 'base64' })),
    messageId: messageIdOf(mail, from),
    date: mail.createdAt,
  })
    .compile()
    .build();
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** No SMTP server: each message becomes DATA_DIR/outbox/<id>.eml, written whole or not at all. */
export function createFileTransport(dir: string, from: string): MailTransport {
  return {
    async send(mail) {
      const raw = await compose(mail, from);
      mkdirSync(dir, { recursive: true });
      const target = join(dir, `${mail.id}.eml`);
      // Named by the message, so a repeat after a crash replaces the file rather than adding one.
      writeFileSync(`${target}.partial`, raw);
      renameSync(`${target}.partial`, target);
      return { kind: 'sent', response: target };
    },
  };
}

export type SmtpTimeouts = { connectMs: number; idleMs: number };

const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectMs: 10_000, idleMs: 30_000 };

/** smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps:// (TLS from the start). */
export function createSmtpTransport(
  smtpUrl: string,
  from: string,
  timeouts: SmtpTimeouts = DEFAULT_TIMEOUTS,
): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const options = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.connectMs,
    socketTimeout: timeouts.idleMs,
  };
  const auth = url.username
    ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
    : undefined;
  const envelopeFrom = /<([^>]+)>/.exec(from)?.[1] ?? from;

  return {
    async send(mail, commit) {
      const raw = await compose(mail, from);
      const connection = new SMTPConnection(options);
      let committed = false;
      // The message body, then (on the stream's next read) the commit, then the end of the stream,
      // which is what makes the connection write the final '.'. If the commit is refused or
      // fails, the connection is closed first, so the server drops the unfinished message.
      let bodyQueued = false;
      const message = new Readable({
        read() {
          if (!bodyQueued) {
            bodyQueued = true;
            this.push(raw);
            return;
          }
          commit().then(
            (allowed) => {
              if (allowed) {
                committed = true;
                this.push(null);
              } else {
                connection.close();
                this.destroy(new Error('another attempt is delivering this message'));
              }
            },
            (error: unknown) => {
              connection.close();
              this.destroy(error instanceof Error ? error : new Error(String(error)));
            },
          );
        },
      });

      const outcome = await new Promise<SendOutcome>((resolve) => {
        const settle = (error: (Error & { responseCode?: number }) | null, response?: string) => {
          if (!error) return resolve({ kind: 'sent', response: response ?? '' });
          const answered = typeof error.responseCode === 'number';
          if (committed && !answered) return resolve({ kind: 'unknown', error: errorText(error) });
          resolve({
            kind: 'not-sent',
            error: errorText(error),
            permanent: answered && (error.responseCode ?? 0) >= 500,
          });
        };
        connection.on('error', (error: Error) => settle(error));
        connection.connect(() => {
          const deliver = () =>
            connection.send({ from: envelopeFrom, to: [mail.recipient] }, message, (error, info) =>
              settle(error, info?.response),
            );
          if (auth) connection.login(auth, (error) => (error ? settle(error) : deliver()));
          else deliver();
        });
      });
      if (outcome.kind === 'sent') connection.quit();
      else connection.close();
      return outcome;
    },
  };
}
