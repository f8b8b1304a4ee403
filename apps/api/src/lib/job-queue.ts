import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Db, SqlExecutor } from '../db/client.js';
import { afterCommit } from '../db/transactions.js';

/** pg-boss keeps its tables in a schema of its own, beside ours. */
export const JOB_SCHEMA = 'pgboss';

export type QueueOptions = {
  /** Attempts after the first failure. */
  retryLimit: number;
  /** Seconds before the first retry; each later one waits about twice as long (with jitter). */
  retryDelaySeconds: number;
  /**
   * A job still running after this long is presumed lost (its process died) and is retried. A
   * handler must give up before then, or tolerate running twice.
   */
  expireInSeconds: number;
  /**
   * Jobs a worker takes in one fetch and runs side by side (default 1). Each succeeds or fails
   * alone; the batch as a whole must finish within `expireInSeconds`.
   */
  batchSize?: number;
  /** Workers per process, each fetching its own batches (default 1). */
  workers?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue, for modules that queue work and for tests that run a job now. */
    jobs: JobQueue;
  }
}

export type JobHandler<T> = (data: T) => Promise<void>;

/** Timings, shortened by tests; production uses the defaults. */
export type JobQueueTimings = {
  /** How often an idle worker asks for a job. */
  pollingIntervalSeconds?: number;
  /** How often lost jobs are looked for (across every process, one of them does it). */
  maintenanceIntervalSeconds?: number;
  /** How long stop() waits for jobs in progress before leaving them to be retried. */
  stopTimeoutMs?: number;
};

export type JobQueue = {
  /** Declares a queue and the work its jobs do. Before start(). */
  define<T extends object>(name: string, options: QueueOptions, handler: JobHandler<T>): void;
  /** Queues a job of a defined queue on a cron schedule (UTC): one job per tick across every process. */
  schedule(name: string, cron: string): void;
  /**
   * Queues a job. With `db` (a transaction) the job is part of that transaction: it exists only
   * if the transaction commits.
   */
  send(name: string, data: object, options?: { db?: Db; startAfterSeconds?: number }): Promise<void>;
  start(): Promise<void>;
  /**
   * Stops taking jobs, waits for those in progress (up to stopTimeoutMs), then lets go of the
   * database. Once: later calls wait for the first.
   */
  stop(): Promise<void>;
};

/** pg-boss's parameterised text ($1, $2, …) as a Drizzle query, so it runs inside a Drizzle transaction. */
function boundQuery(text: string, values: unknown[]): SQL {
  const query = sql.empty();
  text.split(/\$(\d+)/).forEach((part, index) => {
    query.append(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
  });
  return query;
}

const transactionExecutor = (db: Db): SqlExecutor => ({
  executeSql: async (text, values = []) =>
    (await db.execute(boundQuery(text, values))) as { rows: unknown[] },
});

/**
 * Counts the queue's statements in flight, so stop() can wait for the last one (a completion pg-boss
 * does not await, a poll under way) before the database is closed under it. Once closed, a statement
 * pg-boss still asks — a job that outlived stop()'s wait completing, which pg-boss neither awaits nor
 * catches — is never run and never answered: the closed pool's error would surface as an unhandled
 * rejection, and no answer pg-boss could read means "nothing done" for every statement. That job stays
 * active and runs again once it expires (handlers tolerate running twice).
 */
function tracked(executor: SqlExecutor) {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    executor: {
      executeSql: (text: string, values?: unknown[]) => {
        if (closed) return new Promise<never>(() => {});
        const running = executor.executeSql(text, values);
        const settled = running.finally(() => inFlight.delete(settled)).catch(() => undefined);
        inFlight.add(settled);
        return running;
      },
    } satisfies SqlExecutor,
    /** Waits for the statements in flight; later ones are dropped. */
    close: async () => {
      while (inFlight.size > 0) await Promise.all(inFlight);
      closed = true;
    },
  };
}

/** Any number; the same in every process, so their queue set-ups take turns. */
const STARTUP_LOCK = 0x50_6b_62_71;

/**
 * Runs `work` while holding a PostgreSQL advisory lock, on a connection of its own: pg-boss's queue
 * creation makes tables, and two processes creating the same queue at once deadlock. PGlite is one
 * connection, so its statements already take turns.
 */
async function serializedAcrossProcesses(pool: pg.Pool | undefined, work: () => Promise<void>) {
  const holder = await pool?.connect();
  try {
    await holder?.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    await work();
  } finally {
    await holder?.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    holder?.release();
  }
}

/**
 * The app's job queue: pg-boss on the app's database (docs/decisions/0008-job-queue.md). Jobs are
 * rows, so they outlive the process that queued them; each job is taken by one worker at a time
 * across every server process; a failed job is retried with exponential backoff.
 */
export function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  timings: JobQueueTimings = {},
): JobQueue {
  const pool =
    'url' in database.jobs ? new pg.Pool({ connectionString: database.jobs.url, max: 4 }) : undefined;
  pool?.on('error', (error) => log.warn({ err: error }, 'job queue: idle connection lost'));
  const base: SqlExecutor = pool
    ? { executeSql: (text, values) => pool.query(text, values) }
    : (database.jobs as { executor: SqlExecutor }).executor;
  const { executor, close } = tracked(base);
  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    maintenanceIntervalSeconds: timings.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const queues = new Map<string, { options: QueueOptions; handler: JobHandler<object> }>();
  const schedules = new Map<string, string>();
  const workerIds = new Map<string, string[]>();
  let started = false;
  let stopping: Promise<void> | undefined;

  /** Sets this process's idle workers of a queue fetching now rather than at their next poll. */
  function wake(name: string) {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  }

  /**
   * Runs one job of a batch. A job that fails is failed alone, to be retried after its backoff,
   * while the rest of its batch completes. Throws only when that failure could not be recorded.
   */
  async function runJob(name: string, handler: JobHandler<object>, job: PgBoss.JobWithMetadata<object>) {
    try {
      await handler(job.data);
    } catch (error) {
      log.warn(
        { err: error, queue: name, job: job.id, retry: job.retryCount, retryLimit: job.retryLimit },
        `job ${name} failed`,
      );
      await boss.fail(name, job.id, error as object);
    }
  }

  return {
    define(name, options, handler) {
      if (started) throw new Error(`queue ${name} defined after the job queue started`);
      queues.set(name, { options, handler: handler as JobHandler<object> });
    },

    schedule(name, cron) {
      if (!queues.has(name)) throw new Error(`no queue ${name} to schedule`);
      schedules.set(name, cron);
    },

    async send(name, data, options = {}) {
      const queue = queues.get(name);
      if (!queue) throw new Error(`no queue ${name}`);
      await boss.send(name, data, {
        ...(options.db ? { db: transactionExecutor(options.db) } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      // A job due now is worked now: by this process once the job is visible, i.e. committed
      // (others find it at their next poll).
      if (!options.startAfterSeconds) afterCommit(options.db ?? {}, () => wake(name));
    },

    async start() {
      started = true;
      await serializedAcrossProcesses(pool, async () => {
        await boss.start();
        for (const [name, { options }] of queues) {
          const settings = {
            name,
            retryLimit: options.retryLimit,
            retryDelay: options.retryDelaySeconds,
            retryBackoff: true,
            expireInSeconds: options.expireInSeconds,
          };
          await boss.createQueue(name, settings);
          // A queue made by an older release keeps its settings unless told the new ones.
          await boss.updateQueue(name, settings);
        }
        for (const [name, cron] of schedules) await boss.schedule(name, cron);
      });
      for (const [name, { options, handler }] of queues) {
        const batchSize = options.batchSize ?? 1;
        for (let worker = 0; worker < (options.workers ?? 1); worker += 1) {
          const id: string = await boss.work<object>(
            name,
            {
              includeMetadata: true,
              batchSize,
              pollingIntervalSeconds: timings.pollingIntervalSeconds ?? 2,
            },
            async (batch) => {
              const unrecorded: unknown[] = [];
              await Promise.all(
                batch.map((job) =>
                  runJob(name, handler, job).catch((error: unknown) => unrecorded.push(error)),
                ),
              );
              // A job whose failure could not be recorded must not be completed with the batch:
              // throwing fails every job of the batch not yet completed, so that one is retried too.
              if (unrecorded.length > 0) throw unrecorded[0];
              // A full batch says more jobs may be waiting: fetch again now, not after the interval.
              if (batch.length === batchSize) boss.notifyWorker(id);
            },
          );
          workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
        }
      }
    },

    stop() {
      stopping ??= (async () => {
        if (started) {
          await boss.stop({ graceful: true, timeout: timings.stopTimeoutMs ?? 8000 });
          await close();
        }
        await pool?.end();
      })();
      return stopping;
    },
  };
}
