// The process server.ts starts to load the sample data into an empty database, then exits: what
// drawing the pictures takes is given back to the machine with the process (server.ts says why).
// It tells server.ts whether the database was empty, so the server flags the sample's trending.
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import { openFileStore } from '../modules/uploads/open-file-store.js';
import { seedSampleData } from './index.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const store = await openFileStore(config);
    try {
      const loaded = await seedSampleData(database.db, { files: store.files, now: Date.now() });
      process.send?.({ loaded });
    } finally {
      await store.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
