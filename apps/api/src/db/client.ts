import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.js';
import * as schema from './schema/index.js';
import { withTransactionSeams } from './transactions.js';

export type Schema = typeof schema;
/** The database or a transaction inside it: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** pg-boss's way into the database: its `db` adapter (`executeSql(text, values)`). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Where the job queue runs: PGlite's one connection (an executor over it), or a PostgreSQL URL
   * for a pool of the queue's own.
   */
  jobs: { executor: SqlExecutor } | { url: string };
  /** A real round trip to the database. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

// Same relative path from src/db and dist/db: migrations stay in the source tree.
const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const MIGRATION_LOCK_ID = 727_664_001;

/**
 * PGlite's one backend with 16 MB of shared buffers instead of initdb's 160 MB: every buffer lives
 * in the WebAssembly heap, zeroed at start, and a heap never gives memory back. Pages it does not
 * hold are read through the operating system's file cache, which the machine shares. The server
 * idles at 150 MB less resident memory, and a database opens in 0.55 s instead of 1 s
 * (docs/PERFORMANCE.md, memory).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * PGlite in `dataDir` (or in memory when dataDir is null). `from` is a data directory dumped by
 * `dumpDataDir` to start from instead of an empty cluster: loading one is a third of the time initdb
 * takes in WebAssembly, which the tests' hundreds of fresh databases feel.
 */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dirname(dataDir));
  }
  try {
    // Extensions must be handed to PGlite on every open, not only when the migration creates them.
    const client = await PGlite.create({
      dataDir: dataDir ?? undefined,
      loadDataDir: from,
      extensions: { pg_trgm, btree_gist },
      startParams: PGLITE_START_PARAMS,
    });
    const drizzled = drizzlePglite(client, { schema });
    await migratePglite(drizzled, { migrationsFolder: MIGRATIONS });
    const db = withTransactionSeams(drizzled as unknown as Db);
    return {
      db,
      driver: 'pglite',
      jobs: {
        executor: {
          // Statements with values go through the extended protocol; pg-boss's migrations are
          // several statements in one text, which only the simple protocol (exec) runs.
          executeSql: async (text, values) => {
            if (values && values.length > 0) return client.query(text, values);
            const results = await client.exec(text);
            return results.at(-1) ?? { rows: [] };
          },
        },
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * How long a statement waits for a row another transaction holds before it gives up (pretix's 3 s):
 * a hot row (an event's seats in a rush) answers 503 with Retry-After rather than hang requests.
 */
export const LOCK_TIMEOUT_MS = 3000;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: `-c lock_timeout=${LOCK_TIMEOUT_MS}`,
  });
  // An idle connection dropped by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error('PostgreSQL pool: idle connection lost:', error.message));
  // Several servers may start at once against one database: one migrates, the others wait.
  const lockClient = await pool.connect();
  try {
    // Another server's migration may take longer than a row lock may be waited for.
    await lockClient.query('set lock_timeout = 0');
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder: MIGRATIONS });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lockClient.query('reset lock_timeout').catch(() => undefined);
    lockClient.release();
  }
  const db = withTransactionSeams(drizzlePg(pool, { schema }) as unknown as Db);
  return {
    db,
    driver: 'postgres',
    jobs: { url },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(join(options.dataDir, 'db'));
}
