import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_QUOTA } from '@sokoni/contracts/uploads';
import { createTestDatabase, queryRows, type TestDatabase } from '../../../test/test-app.js';
import { insertUser } from '../accounts/accounts.repository.js';
import { createLocalDiskStore } from './file-store.js';
import { createUploadsService } from './uploads.service.js';
import { createClock } from '../../lib/clock.js';

const HOUR = 60 * 60 * 1000;
let testDb: TestDatabase;
let root: string;
let clock = Date.parse('2026-11-22T08:00:00Z');
let uploads: ReturnType<typeof createUploadsService>;
let people = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'sokoni-uploads-'));
  uploads = createUploadsService({
    db: testDb.database.db,
    files: createLocalDiskStore(root),
    minFreeBytes: 0,
    clock: createClock(() => clock),
  });
});
afterAll(async () => {
  await testDb.database.close();
  await testDb.drop();
  rmSync(root, { recursive: true, force: true });
});

const db = () => testDb.database.db;
const owner = async () => {
  people += 1;
  const user = await insertUser(db(), {
    name: 'Njoki',
    email: `up-${people}@example.co.ke`,
    passwordHash: 'x',
  });
  return { sub: user.id, email: user.email, role: 'user' as const, exp: 0 };
};
const photo = async () => ({
  filename: 'a.png',
  bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer(),
});
const onDisk = (url: string) =>
  existsSync(
    url.startsWith('/api/course-media/')
      ? join(root, 'course-media', url.replace('/api/course-media/', ''))
      : join(root, 'uploads', url.replace('/api/uploads/', '')),
  );
/** As if uploaded `hours` earlier. */
const ageBy = (url: string, hours: number) =>
  db().execute(
    sql`update uploads set created_at = created_at - ${`${hours} hours`}::interval where url = ${url}`,
  );

describe('claiming uploads', () => {
  it("takes the caller's own uploads and sample images, and refuses anyone else's or unknown ones", async () => {
    const [njoki, otieno] = [await owner(), await owner()];
    const mine = await uploads.storeImage(njoki, 'products', await photo());
    const theirs = await uploads.storeImage(otieno, 'products', await photo());
    const claim = (urls: string[]) => db().transaction((tx) => uploads.claim(tx, njoki, urls));
    expect(await claim([mine.publicUrl, '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp'])).toBe(
      true,
    );
    expect(await claim([mine.publicUrl, theirs.publicUrl])).toBe(false);
    expect(await claim(['/api/uploads/products/ffffffffffffffffffffffffffffffff.webp'])).toBe(false);
    const [row] = await queryRows<{ used: boolean }>(
      db(),
      sql`select used_at is not null as used from uploads where url = ${theirs.publicUrl}`,
    );
    expect(row?.used).toBe(false);
  });
});

describe('sweeping unused uploads', () => {
  it('removes uploads nobody used within a day, with their files, and keeps the rest', async () => {
    const njoki = await owner();
    const [fresh, stale, used] = [
      await uploads.storeImage(njoki, 'products', await photo()),
      await uploads.storeImage(njoki, 'products', await photo()),
      await uploads.storeImage(njoki, 'products', await photo()),
    ];
    await db().transaction((tx) => uploads.claim(tx, njoki, [used.publicUrl]));
    await ageBy(stale.publicUrl, UPLOAD_QUOTA.unusedKeptHours + 1);
    await ageBy(used.publicUrl, UPLOAD_QUOTA.unusedKeptHours + 1);

    expect(await uploads.sweepUnused()).toBe(1);
    expect([onDisk(stale.publicUrl), onDisk(stale.thumbnailUrl)]).toEqual([false, false]);
    expect([onDisk(fresh.publicUrl), onDisk(used.publicUrl), onDisk(used.thumbnailUrl)]).toEqual([
      true,
      true,
      true,
    ]);
    const left = await queryRows<{ url: string }>(
      db(),
      sql`select url from uploads where owner_id = ${njoki.sub}`,
    );
    expect(left.map((row) => row.url).sort()).toEqual([fresh.publicUrl, used.publicUrl].sort());

    // A day on, the fresh one has had its day too; what was used stays for good.
    clock += (UPLOAD_QUOTA.unusedKeptHours + 1) * HOUR;
    await uploads.sweepUnused();
    expect([onDisk(fresh.publicUrl), onDisk(used.publicUrl)]).toEqual([false, true]);
  });

  it('frees the unused quota it swept', async () => {
    const njoki = await owner();
    await db().execute(sql`
      insert into uploads (owner_id, url, kind, bytes, created_at)
      values (${njoki.sub}, '/api/uploads/community/00000000000000000000000000000001.mp4', 'video',
              ${UPLOAD_QUOTA.unusedBytes}, ${new Date(clock - 72 * HOUR)})`);
    await expect(uploads.storeImage(njoki, 'products', await photo())).rejects.toMatchObject({
      statusCode: 413,
    });
    await uploads.sweepUnused();
    await expect(uploads.storeImage(njoki, 'products', await photo())).resolves.toMatchObject({
      publicUrl: expect.any(String),
    });
  });
});

describe('lesson files', () => {
  const lecture = () => readFileSync(new URL('../../../test/fixtures/video/plain.mp4', import.meta.url));
  const storeLecture = async (who: Awaited<ReturnType<typeof owner>>) => {
    const data = lecture();
    const reservation = await uploads.reserveLessonFile(who, data.length);
    const file = await uploads.receive(Readable.from([data]));
    try {
      return await uploads.storeCourseVideo(reservation, { filename: 'lecture.mp4', file });
    } finally {
      await uploads.discard(file);
      await uploads.release(reservation);
    }
  };
  const receiving = () => {
    const dir = join(root, 'course-media', 'incoming');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('are claimed by a lesson like any upload, and swept with their private file when none took them', async () => {
    const njoki = await owner();
    const [used, unused] = [await storeLecture(njoki), await storeLecture(njoki)];
    expect([onDisk(used.publicUrl), onDisk(unused.publicUrl)]).toEqual([true, true]);
    expect(await db().transaction((tx) => uploads.claim(tx, njoki, [used.publicUrl]))).toBe(true);
    await ageBy(used.publicUrl, UPLOAD_QUOTA.unusedKeptHours + 1);
    await ageBy(unused.publicUrl, UPLOAD_QUOTA.unusedKeptHours + 1);

    expect(await uploads.sweepUnused()).toBe(1);
    expect([onDisk(used.publicUrl), onDisk(unused.publicUrl)]).toEqual([true, false]);
    const left = await queryRows<{ url: string }>(
      db(),
      sql`select url from uploads where owner_id = ${njoki.sub}`,
    );
    expect(left.map((row) => row.url)).toEqual([used.publicUrl]);
  });

  it('leave nothing behind half-received: a file untouched for an hour is swept, one still arriving stays', async () => {
    const stale = await uploads.receive(Readable.from([Buffer.from('cut off by a restart')]));
    const arriving = await uploads.receive(Readable.from([Buffer.from('still coming in')]));
    const seconds = (ms: number) => ms / 1000;
    utimesSync(stale.path, seconds(clock - 2 * HOUR), seconds(clock - 2 * HOUR));
    utimesSync(arriving.path, seconds(clock - HOUR / 2), seconds(clock - HOUR / 2));
    await uploads.sweepUnused();
    expect([existsSync(stale.path), existsSync(arriving.path)]).toEqual([false, true]);
    await uploads.discard(arriving);
    expect(receiving()).toEqual([]);
  });
});
