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
  /** Lets go of what it keeps open between messages (SMTP connections). */
  close(): Promise<void>;
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
    close: async () => {},
  };
}

export type SmtpTimeouts = {
  connectMs: number;
  /** The longest wait for any answer of the server. */
  idleMs: number;
  /** How long a connection stays open for a next message; closed before the server tires of it. */
  keepOpenMs: number;
};

const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectMs: 10_000, idleMs: 30_000, keepOpenMs: 5_000 };

/** Then a connection is closed and a new one opened: servers cap messages per connection (100 is common). */
const MESSAGES_PER_CONNECTION = 100;

type SmtpError = Error & { responseCode?: number };

/** What a try that never ended the message tells: refused for good only on the server's 5xx. */
const notSent = (error: SmtpError): SendOutcome => ({
  kind: 'not-sent',
  error: errorText(error),
  permanent: (error.responseCode ?? 0) >= 500,
});

/** A greeted (and logged-in) connection, and how many messages it has sent. */
type OpenConnection = {
  connection: SMTPConnection;
  sent: number;
  ended: boolean;
  keepTimer?: NodeJS.Timeout;
};

/**
 * smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps:// (TLS from the start).
 * A connection is used by one message at a time and kept open for the next one, so a burst of mail
 * pays the connection (TLS, login) once per connection, not once per message; there are as many
 * connections as messages sent at once, which the mail queue bounds (workers × batch size).
 */
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
  const kept = new Set<OpenConnection>();
  let closing = false;

  function open(): Promise<OpenConnection> {
    const connection = new SMTPConnection(options);
    const opened: OpenConnection = { connection, sent: 0, ended: false };
    return new Promise((resolve, reject) => {
      // Once open, an error during a send also reaches that send's callback, which judges it; one
      // on a kept connection (the server went away) only ends the connection.
      connection.on('error', reject);
      connection.once('end', () => {
        opened.ended = true;
        clearTimeout(opened.keepTimer);
        kept.delete(opened);
        reject(new Error('the SMTP server closed the connection'));
      });
      connection.connect((error) => {
        if (error) return reject(error);
        if (!auth) return resolve(opened);
        connection.login(auth, (loginError) => {
          if (!loginError) return resolve(opened);
          connection.close();
          reject(loginError);
        });
      });
    });
  }

  function takeKept(): OpenConnection | undefined {
    const [first] = kept;
    if (!first) return undefined;
    kept.delete(first);
    clearTimeout(first.keepTimer);
    return first;
  }

  /** After a try: a connection that sent its message waits for the next one; any other is closed. */
  function release(used: OpenConnection, outcome: SendOutcome) {
    if (used.ended) return;
    if (outcome.kind !== 'sent') return used.connection.close();
    used.sent += 1;
    if (closing || used.sent >= MESSAGES_PER_CONNECTION) return used.connection.quit();
    kept.add(used);
    used.keepTimer = setTimeout(() => {
      kept.delete(used);
      used.connection.quit();
    }, timeouts.keepOpenMs);
    used.keepTimer.unref();
  }

  /** One try over an open connection. */
  function sendOver(
    over: OpenConnection,
    recipient: string,
    raw: Buffer,
    commit: () => Promise<boolean>,
  ): Promise<SendOutcome> {
    const { connection } = over;
    let committed = false;
    // A refused commit ends the try itself, then closes the connection, which drops the send without
    // calling its callback; every other end of the try comes through that callback.
    return new Promise((settle) => {
      const failed = (error: SmtpError) => {
        const answered = typeof error.responseCode === 'number';
        settle(committed && !answered ? { kind: 'unknown', error: errorText(error) } : notSent(error));
      };

      // The message body, then (on the stream's next read) the commit, then the end of the stream,
      // which is what makes the connection write the final '.'. If the commit is refused or fails,
      // the connection is closed instead, so the server drops the unfinished message.
      let bodyQueued = false;
      const message = new Readable({
        read() {
          if (!bodyQueued) {
            bodyQueued = true;
            this.push(raw);
            return;
          }
          const abandon = (error: string) => {
            settle({ kind: 'not-sent', error, permanent: false });
            connection.close();
          };
          commit().then(
            (allowed) => {
              if (!allowed) return abandon('another attempt is delivering this message');
              committed = true;
              this.push(null);
            },
            (error: unknown) => abandon(errorText(error)),
          );
        },
      });
      connection.send({ from: envelopeFrom, to: [recipient] }, message, (error, info) =>
        error ? failed(error) : settle({ kind: 'sent', response: info?.response ?? '' }),
      );
    });
  }

  return {
    async send(mail, commit) {
      const raw = await compose(mail, from);
      let over = takeKept();
      if (!over) {
        try {
          over = await open();
        } catch (error) {
          return notSent(error as SmtpError);
        }
      }
      const outcome = await sendOver(over, mail.recipient, raw, commit);
      release(over, outcome);
      return outcome;
    },

    async close() {
      closing = true;
      for (let idle = takeKept(); idle; idle = takeKept()) idle.connection.quit();
    },
  };
}
