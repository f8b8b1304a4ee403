import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback that keeps what it accepts. A message counts once the server has
 * read its final '.' and answered 250. `holdRecipients` stalls the conversation at RCPT TO until
 * `release()`, to stop a sender mid-send.
 */
export async function startSmtpCatcher(options: { port?: number; holdRecipients?: boolean } = {}) {
  const caught: CaughtMail[] = [];
  const waiting: Array<() => void> = [];
  let held: Array<() => void> = [];
  let holding = options.holdRecipients ?? false;
  let recipientsSeen = 0;
  let connectionsSeen = 0;
  const changed = () => waiting.splice(0).forEach((wake) => wake());

  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connectionsSeen += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      recipientsSeen += 1;
      changed();
      if (holding) held.push(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        caught.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
        changed();
      });
    },
  });
  // A sender that dies mid-conversation resets its connection: that is what some tests do.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Resolves once `ready()` holds, checked whenever the server sees a recipient or a message. */
  const until = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (ready() ? resolve() : waiting.push(check));
      check();
    });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    caught,
    until,
    /** Resolves when a sender has reached RCPT TO (and is held there when holding). */
    recipientSeen: () => until(() => recipientsSeen > 0),
    /** How many connections senders have opened so far. */
    connections: () => connectionsSeen,
    release() {
      holding = false;
      held.forEach((go) => go());
      held = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
