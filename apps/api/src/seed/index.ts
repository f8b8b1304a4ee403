import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { countUsers } from '../modules/accounts/accounts.repository.js';
import { seedUsers } from './accounts.js';
import { seedCommunity } from './community.js';
import { seedCourses } from './courses.js';
import { seedEvents } from './events.js';
import { seedShop } from './shop.js';
import { seedStays } from './stays.js';
import type { SeedContext } from './context.js';
import type { FileStore } from '../modules/uploads/file-store.js';

const SEED_LOCK_ID = 727_664_002;

/** Each vertical adds its seeder here; they run in order, in one transaction. */
const SEEDERS: Array<(context: SeedContext) => Promise<void>> = [
  seedUsers,
  seedShop,
  seedCommunity,
  seedEvents,
  seedStays,
  seedCourses,
];

/**
 * Loads the sample data into an empty database; a database with any user is left alone.
 * The lock makes servers starting together on one empty database seed it once.
 */
export async function seedSampleData(db: Db, options: { files: FileStore; now: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if ((await countUsers(tx)) > 0) return false;
    const context: SeedContext = { db: tx, users: new Map(), ...options };
    for (const seed of SEEDERS) await seed(context);
    // The sample's sales were never paid through the ledger: their earners open with them available.
    await tx.execute(sql`select ledger_open_balances(${new Date(options.now).toISOString()}::timestamptz)`);
    return true;
  });
}
