import { PgTransaction } from 'drizzle-orm/pg-core';
import { isRetryableConflict } from '../lib/errors.js';
import type { Db } from './client.js';

/**
 * The one way every transaction runs (client.ts puts it on every database this app opens):
 * - What memory or other processes must learn of a write (a cache forgets, an index reads a row
 *   again) is registered with `afterCommit` and runs once the transaction has committed, never
 *   inside it, where a reader could load the old row again, and never when it rolls back.
 * - A transaction PostgreSQL gave up on to let another through (a deadlock, a serialization
 *   failure) is run again from the start, a few times, after a short random wait.
 * A lock not had within the connection's lock_timeout is not retried: it is answered 503 with
 * Retry-After (lib/error-handler.ts), as the row is plainly too busy now.
 */

type Task = () => unknown;
const pendingOf = new WeakMap<object, Task[]>();

/** Tries of a transaction in all: the first and up to three more. */
export const TRANSACTION_TRIES = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` once `tx` has committed. Outside a transaction (the database itself), the write is
 * already committed: it runs at once. A task must not fail the write that committed: its error is
 * reported, and the other tasks still run.
 */
export function afterCommit(tx: object, task: Task): void {
  const pending = pendingOf.get(tx);
  if (pending) {
    pending.push(task);
    return;
  }
  if (tx instanceof PgTransaction) {
    throw new Error('afterCommit: a transaction not opened through withTransactionSeams');
  }
  runTasks([task]);
}

function runTasks(tasks: Task[]): void {
  for (const task of tasks) {
    try {
      const result = task();
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  }
}

function report(error: unknown): void {
  console.error('a task after a commit failed:', error);
}

/** Nested transactions (savepoints) hand their tasks to the outermost one. */
function sharePending(tx: Db, pending: Task[]): void {
  pendingOf.set(tx, pending);
  const nested = tx.transaction.bind(tx);
  tx.transaction = (fn, config) =>
    nested((inner) => {
      sharePending(inner, pending);
      return fn(inner);
    }, config);
}

/** The database with every transaction run as described above. */
export function withTransactionSeams(db: Db): Db {
  const original = db.transaction.bind(db);
  db.transaction = async (fn, config) => {
    for (let tries = 1; ; tries++) {
      const pending: Task[] = [];
      try {
        const result = await original((tx) => {
          sharePending(tx, pending);
          return fn(tx);
        }, config);
        runTasks(pending);
        return result;
      } catch (error) {
        if (!isRetryableConflict(error) || tries >= TRANSACTION_TRIES) throw error;
        await pause(5 * 2 ** tries + Math.random() * 20 * tries);
      }
    }
  };
  return db;
}
