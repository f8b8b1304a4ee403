import type { Db } from '../db/client.js';
import type { FileStore } from '../modules/uploads/file-store.js';

export type SeedContext = {
  db: Db;
  files: FileStore;
  now: number;
  /** Ids of the sample users by key ('amina', 'brian', 'admin', reviewers…), for later seeders to own things. */
  users: Map<string, string>;
};
