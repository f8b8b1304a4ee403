import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.js';

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const testDb = usesPostgres ? undefined : await createTestDatabase();

afterAll(() => testDb?.drop());

describe.runIf(testDb)('the embedded database', () => {
  // Every shared buffer is WebAssembly heap that is never given back (docs/PERFORMANCE.md, memory).
  it('keeps 16 MB of shared buffers, not the 160 MB initdb chooses', async () => {
    const result = await testDb!.database.db.execute(sql`show shared_buffers`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ shared_buffers: '16MB' }]);
  });
});
