// The bench's data, seeded by a process of its own: run.ts starts it, waits for it to exit, and only
// then opens the database to serve it. The serving process's memory under load is then what serving
// takes, not what seeding 100,000 products and 200,000 bookings left behind (on PGlite, in a
// WebAssembly heap that never shrinks), as a real server never seeds what it serves.
// Its one argument: { pglite?: data directory, postgres?: URL, products, events, stays, bookingsPerStay,
// courses, today }.
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
await database.close();
console.log(`resident memory of the seeding process at most: ${residentMemory('VmHWM')}`);
