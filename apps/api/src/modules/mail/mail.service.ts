import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MailAttachment } from '../../db/schema/mail.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { MailTransport } from './mail-transport.js';
import * as repo from './mail.repository.js';
import { systemClock, type Clock } from '../../lib/clock.js';

export const MAIL_QUEUE = 'mail-send';

/** A message: its plain text always, and for mail apps that show it, an HTML part and files. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type MailTimings = {
  /** The first retry after a failed try; later ones back off exponentially. */
  retryDelaySeconds: number;
  /** A batch of tries still running after this long is presumed dead and its jobs retried. */
  expireInSeconds: number;
  /**
   * How long a message may sit in `committing` before its try is presumed dead; longer than a
   * live try waits for the server's answer (the transport's idle timeout).
   */
  commitWaitMs: number;
};

const DEFAULT_TIMINGS: MailTimings = { retryDelaySeconds: 5, expireInSeconds: 180, commitWaitMs: 120_000 };
// With doubling delays from 5 s, 14 retries span about a day and a half of SMTP outage.
const RETRY_LIMIT = 14;
/**
 * Messages in flight per process: workers × batch size, each over its own SMTP connection. A batch
 * waits for its slowest message, so two workers keep one going while the other finishes. 8 at once
 * keep a remote server (tens of ms a round trip) busy without nearing its connections-per-client cap.
 */
const SENDING_WORKERS = 2;
const SENDING_BATCH = 4;

export type MailService = ReturnType<typeof createMailService>;

/**
 * The mail outbox (docs/decisions/0009-mail-outbox.md): `queue` writes a message in the caller's
 * transaction, and a job delivers it, at most once, retrying while the SMTP server is away.
 */
export function createMailService(deps: {
  db: Db;
  jobs: JobQueue;
  transport: MailTransport;
  log: FastifyBaseLogger;
  clock?: Clock;
  timings?: Partial<MailTimings>;
}) {
  const { db, jobs, transport, log } = deps;
  const clock = deps.clock ?? systemClock;
  const now = () => new Date(clock.now());
  const timings = { ...DEFAULT_TIMINGS, ...deps.timings };

  async function deliver(id: string): Promise<void> {
    const mail = await repo.findMessage(db, id);
    if (!mail || mail.status === 'sent' || mail.status === 'failed' || mail.status === 'unconfirmed') return;
    if (mail.status === 'committing') {
      const waited = now().getTime() - (mail.committingAt?.getTime() ?? 0);
      if (waited < timings.commitWaitMs) throw new Error('a try of this message is waiting for the server');
      await repo.markUnconfirmed(db, id, 'the try that ended this message stopped before the answer came');
      log.error({ mail: id }, 'mail may or may not have been delivered; it is not sent again');
      return;
    }

    let committed = false;
    let refused = false;
    const outcome = await transport.send(mail, async () => {
      committed = await repo.markCommitting(db, id, now());
      refused = !committed;
      return committed;
    });
    if (outcome.kind === 'sent') {
      await repo.markSent(db, id, now());
      log.info({ mail: id }, 'mail sent');
      return;
    }
    if (outcome.kind === 'unknown') {
      await repo.markUnconfirmed(db, id, outcome.error);
      log.error(
        { mail: id, err: outcome.error },
        'mail may or may not have been delivered; it is not sent again',
      );
      return;
    }
    // Another try holds the message; it finishes it.
    if (refused) return;
    await repo.recordNotSent(db, id, { ...outcome, committed });
    if (outcome.permanent) {
      log.error({ mail: id, err: outcome.error }, 'mail refused by the SMTP server; not tried again');
      return;
    }
    throw new Error(`mail not sent: ${outcome.error}`);
  }

  jobs.define<{ id: string }>(
    MAIL_QUEUE,
    {
      retryLimit: RETRY_LIMIT,
      retryDelaySeconds: timings.retryDelaySeconds,
      expireInSeconds: timings.expireInSeconds,
      workers: SENDING_WORKERS,
      batchSize: SENDING_BATCH,
    },
    ({ id }) => deliver(id),
  );

  return {
    /**
     * Writes the message in `tx`, whole (attachments included); it is sent once `tx` commits, and
     * never if it rolls back.
     */
    async queue(tx: Db, message: MailMessage): Promise<void> {
      const id = await repo.insertMessage(tx, {
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html ?? null,
        attachments: message.attachments ?? [],
      });
      await jobs.send(MAIL_QUEUE, { id }, { db: tx });
    },

    /** After the job queue has stopped: lets go of the transport's open connections. */
    close: () => transport.close(),
  };
}
