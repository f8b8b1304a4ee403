import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client.js';
import { afterCommit } from '../db/transactions.js';

/** The PostgreSQL channel on which server processes tell each other what changed. */
export const CACHE_CHANNEL = 'sokoni_cache';

/**
 * What a write calls once it has changed what a topic keeps. Called with the write's transaction,
 * it is forgotten here once that commits (db/transactions.ts: afterCommit) and the other processes
 * are told by a notice sent in it, which PostgreSQL delivers on commit: never before, when a reader
 * would load the old row again, and never if it rolls back. Called without one, the write is done:
 * forgotten here at once, and the others told.
 * `detail` narrows what changed (a row's id, say), so a cache can reload that part alone.
 */
export type CacheChanged = (tx?: Db, detail?: string) => Promise<void>;

/** How to forget what a topic keeps: the part `detail` names, or (without it) all of it. */
export type Forget = (detail?: string) => void;

/**
 * How the processes serving one database keep their in-memory caches true to it. A service names
 * what it keeps (a topic, e.g. 'products') and how to forget it, and gets back its CacheChanged.
 * A notice the process missed is made up for by forgetting everything, so `forget` is called
 * without a detail then.
 */
export type CacheBus = {
  topic(name: string, forget: Forget): CacheChanged;
  close(): Promise<void>;
};

/** A process alone on its database (PGlite's is never shared): forgetting here is all there is. */
export const localCacheBus: CacheBus = {
  topic: (_name, forget) => async (tx, detail) => {
    if (tx) afterCommit(tx, () => forget(detail));
    else forget(detail);
  },
  close: async () => {},
};

/**
 * The processes on one PostgreSQL database, told through LISTEN/NOTIFY: each listens on its own
 * connection and ignores what it told itself. A notice sent while a process was not listening is
 * lost, so on losing its connection a process forgets every topic, and again once it listens anew;
 * until then its caches' time to live bounds how stale it can be.
 */
export async function createPostgresCacheBus(options: {
  url: string;
  db: Db;
  log: FastifyBaseLogger;
  retryMs?: number;
}): Promise<CacheBus> {
  const { url, db, log, retryMs = 1000 } = options;
  const me = randomUUID();
  const topics = new Map<string, Forget>();
  const forgetAll = () => topics.forEach((forget) => forget());
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  // A notice is '<sender>:<topic>' or '<sender>:<topic>:<detail>'.
  const heard = ({ payload }: pg.Notification) => {
    const [sender, name, ...detail] = payload?.split(':') ?? [];
    if (sender === me || name === undefined) return;
    topics.get(name)?.(detail.length > 0 ? detail.join(':') : undefined);
  };

  const lost = (client: pg.Client) => {
    if (listener !== client || closed) return;
    listener = undefined;
    forgetAll();
    client.end().catch(() => undefined);
    retry = setTimeout(listenAgain, retryMs);
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', heard);
    client.on('error', (error) => {
      log.warn({ err: error }, 'cache bus: lost its connection; caches are forgotten and it listens again');
      lost(client);
    });
    client.on('end', () => lost(client));
    await client.connect();
    await client.query(`listen ${CACHE_CHANNEL}`);
    listener = client;
  }

  async function listenAgain(): Promise<void> {
    if (closed) return;
    try {
      await listen();
      // What changed while no one listened here is unknown.
      forgetAll();
    } catch (error) {
      log.warn({ err: error }, 'cache bus: cannot listen yet');
      retry = setTimeout(listenAgain, retryMs);
    }
  }

  await listen();
  return {
    topic(name, forget) {
      topics.set(name, forget);
      return async (tx, detail) => {
        const notice = detail === undefined ? `${me}:${name}` : `${me}:${name}:${detail}`;
        const notify = sql`select pg_notify(${CACHE_CHANNEL}, ${notice})`;
        // In a transaction a failed notice fails the write, which rolls back whole.
        if (tx) {
          await tx.execute(notify);
          afterCommit(tx, () => forget(detail));
          return;
        }
        forget(detail);
        // After the write, a failed notice leaves the others stale for their caches' time to live.
        await db
          .execute(notify)
          .catch((error: unknown) =>
            log.warn({ err: error }, `cache bus: could not tell the other processes that ${name} changed`),
          );
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
}
