// The bench's data, seeded by a process of its own: run.ts starts it, waits for it to exit, and only
// then opens the database to serve it. The serving process's memory under load is then what serving
// takes, not what seeding 100,000 products and 200,000 bookings left behind (on PGlite, in a
// WebAssembly heap that never shrinks), as a real server never seeds what it serves.
// Its one argument: { pglite?: data directory, postgres?: URL, products, events, stays, bookingsPerStay,
// courses, today }. Its last line: `ids` and the JSON of the records whose pages are measured.
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../src/db/client.js';
import { residentMemory } from './resident.js';
import { seedCatalogue } from './seed-catalogue.js';
import { seedCourses } from './seed-courses.js';
import { seedEvents } from './seed-events.js';
import { seedStays } from './seed-stays.js';

type SeedPlan = {
  pglite?: string;
  postgres?: string;
  products: number;
  events: number;
  stays: number;
  bookingsPerStay: number;
  courses: number;
  today: string;
};

const plan = JSON.parse(process.argv[2] ?? '{}') as SeedPlan;
const database = plan.postgres ? await openPostgres(plan.postgres) : await openPglite(plan.pglite!);

/** Runs one seed and says how long it took. */
async function timed(what: string, seed: () => Promise<void>) {
  const started = performance.now();
  await seed();
  console.log(`seeded ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await timed(`${plan.products} products`, () => seedCatalogue(database.db, plan.products));
await timed(`${plan.events} events`, () => seedEvents(database.db, plan.events));
await timed(`${plan.stays} stays and ${plan.stays * plan.bookingsPerStay} bookings`, () =>
  seedStays(database.db, plan.stays, plan.bookingsPerStay, plan.today),
);
await timed(`${plan.courses} courses`, () => seedCourses(database.db, plan.courses));

/** The row `offset` rows down `table`, oldest first, among those `where` keeps. */
const rowAt = async (table: string, offset: number, where = sql`true`) => {
  const {
    rows: [row],
  } = (await database.db.execute(
    sql`select * from ${sql.identifier(table)} where ${where}
        order by created_at, id offset ${Math.floor(offset)} limit 1`,
  )) as unknown as { rows: Array<{ id: string; seller_id?: string }> };
  return row!;
};
const product = await rowAt('products', plan.products / 2);
const ids = {
  product: product.id,
  seller: product.seller_id!,
  stay: (await rowAt('stays', plan.stays / 2)).id,
  // An event still to come (a sixth of them are past), whose page sells seats.
  event: (await rowAt('events', plan.events / 4, sql`starts_at > now()`)).id,
  course: (await rowAt('courses', plan.courses / 2)).id,
};
await database.close();
console.log(`resident memory of the seeding process at most: ${residentMemory('VmHWM')}`);
console.log(`ids ${JSON.stringify(ids)}`);
