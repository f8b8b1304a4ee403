import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/mail.js';

export type OutboxRecord = typeof mailOutbox.$inferSelect;

export async function insertMessage(
  db: Db,
  message: Pick<typeof mailOutbox.$inferInsert, 'recipient' | 'subject' | 'body' | 'html' | 'attachments'>,
): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
  if (!row) throw new Error('insert into mail_outbox returned no row');
  return row.id;
}

export async function findMessage(db: Db, id: string): Promise<OutboxRecord | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/**
 * pending → committing: the one step that lets an attempt end the SMTP transaction. It succeeds
 * for one attempt only, whichever of several racing workers gets there first.
 */
export async function markCommitting(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'committing', committingAt: at, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

export async function markSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: at, lastError: null })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['pending', 'committing'])));
}

/**
 * A try that delivered nothing: back to pending (to be tried again), or failed for good. Only the
 * try that holds the row's state changes it: the one that committed, or one that never got that far
 * while the row is still pending.
 */
export async function recordNotSent(
  db: Db,
  id: string,
  outcome: { error: string; permanent: boolean; committed: boolean },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.permanent ? 'failed' : 'pending',
      lastError: outcome.error,
      // A try that reached the commit counted itself there.
      attempts: outcome.committed ? mailOutbox.attempts : sql`${mailOutbox.attempts} + 1`,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, outcome.committed ? 'committing' : 'pending')));
}

/** The final '.' may have been delivered: never sent again, left for a person to check. */
export async function markUnconfirmed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'unconfirmed', lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'committing')));
}
