import type { Db } from '../client.js';

export type SeedContext = {
  db: Db;
  /** Ids of the demo users by key ('amina', 'brian', 'admin'), for later seeders to own things. */
  users: Map<string, string>;
};
