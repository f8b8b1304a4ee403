import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, UPLOAD_QUOTA, thumbnailAddressOf } from '@sokoni/contracts/uploads';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { bearer, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';

let t: TestApp;
let user: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
});
afterAll(async () => t?.close());

const stored = (folder: string) => {
  const dir = join(t.config.dataDir, 'uploads', folder);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const upload = (
  route: string,
  file: { filename: string; contentType: string; data: Buffer },
  { token = user.token, folder = 'products' }: { token?: string | null; folder?: string } = {},
) => {
  const { payload, headers } = multipartBody({ folder }, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads/${route}`,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
};
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#047857' } })
    .png()
    .toBuffer();

describe('POST /api/uploads/product-image', () => {
  it('decides the type from the bytes: a PNG named .txt is accepted and stored as WebP', async () => {
    const response = await upload('product-image', {
      filename: 'photo.txt',
      contentType: 'text/plain',
      data: await png(300, 200),
    });
    expect(response.statusCode).toBe(201);
    const { publicUrl, thumbnailUrl } = response.json();
    expect(publicUrl).toMatch(/^\/api\/uploads\/products\/[a-f0-9]{32}\.webp$/);
    expect(thumbnailUrl).toBe(publicUrl.replace(/\.webp$/, '-thumb.webp'));

    const served = await t.app.inject(publicUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a decompression bomb: a small PNG that would decode to 64 megapixels', async () => {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
      return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
    };
    const side = 8000;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(side, 0);
    header.writeUInt32BE(side, 4);
    header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
    const rows = zlib.deflateSync(Buffer.alloc((side + 1) * side), { level: 9 });
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', rows),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = stored('products').length;
    const response = await upload('product-image', {
      filename: 'bomb.png',
      contentType: 'image/png',
      data: bomb,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The image could not be read: bomb.png');
    expect(stored('products')).toHaveLength(before);
  });

  it('stores a JPEG that is also an HTML page as a clean WebP, with nothing of the page left', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([
      jpeg,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const response = await upload('product-image', {
      filename: 'page.jpg.html',
      contentType: 'text/html',
      data: polyglot,
    });
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject(response.json().publicUrl);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.toString('latin1')).not.toContain('<script>');
  });

  it("refuses a text file named .png with 415 'File type not allowed: {file}' and stores nothing", async () => {
    const before = stored('products').length;
    const response = await upload('product-image', {
      filename: 'evil.png',
      contentType: 'image/png',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      statusCode: 415,
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'File type not allowed: evil.png',
    });
    expect(stored('products')).toHaveLength(before);
  });

  it("refuses a 6 MB image with 413 'File too large: {file}' and stores nothing", async () => {
    const before = stored('products').length;
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const response = await upload('product-image', {
      filename: 'big.jpg',
      contentType: 'image/jpeg',
      data: big,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      statusCode: 413,
      code: 'FILE_TOO_LARGE',
      message: 'File too large: big.jpg',
    });
    expect(stored('products')).toHaveLength(before);
  });

  it('strips EXIF (GPS included) and bounds the size: 1600 px image, 400 px thumbnail', async () => {
    const withGps = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Tecno' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif?.toString('latin1')).toContain('Tecno');

    const response = await upload('product-image', {
      filename: 'shamba.jpg',
      contentType: 'image/jpeg',
      data: withGps,
    });
    expect(response.statusCode).toBe(201);
    const { publicUrl, thumbnailUrl } = response.json();
    const file = (url: string) => readFileSync(join(t.config.dataDir, url.replace('/api/', '')));
    const image = await sharp(file(publicUrl)).metadata();
    const thumbnail = await sharp(file(thumbnailUrl)).metadata();
    expect(image.exif).toBeUndefined();
    expect(file(publicUrl).toString('latin1')).not.toContain('Tecno');
    expect([image.width, image.height]).toEqual([1600, 800]);
    expect([thumbnail.width, thumbnail.height]).toEqual([400, 200]);
  });

  it("serves a new image's thumbnail beside it, an older image's from where it was kept, and a sample image itself", async () => {
    const response = await upload('product-image', {
      filename: 'kikapu.png',
      contentType: 'image/png',
      data: await png(1200, 900),
    });
    const { publicUrl } = response.json<{ publicUrl: string }>();
    const thumbnailAddress = thumbnailAddressOf(publicUrl)!;
    const served = await t.app.inject(thumbnailAddress);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const { width, height } = await sharp(served.rawPayload).metadata();
    expect([width, height]).toEqual([400, 300]);

    // Uploaded before thumbnails were named after their image: the thumbnail has a name of its own.
    const older = {
      image: '/api/uploads/products/0123456789abcdef0123456789abcdef.webp',
      thumbnail: '/api/uploads/products/fedcba9876543210fedcba9876543210.webp',
    };
    const olderThumbnail = await sharp(await png(400, 400))
      .webp()
      .toBuffer();
    writeFileSync(
      join(t.config.dataDir, older.image.replace('/api/', '')),
      await sharp(await png(1600, 1600))
        .webp()
        .toBuffer(),
    );
    writeFileSync(join(t.config.dataDir, older.thumbnail.replace('/api/', '')), olderThumbnail);
    await t.database.db
      .execute(sql`insert into uploads (owner_id, kind, url, thumbnail_url, bytes, created_at)
      values (${user.id}, 'image', ${older.image}, ${older.thumbnail}, 1, now())`);
    const olderServed = await t.app.inject(thumbnailAddressOf(older.image)!);
    expect(olderServed.statusCode).toBe(200);
    expect(olderServed.rawPayload.equals(olderThumbnail)).toBe(true);

    // A sample image has no thumbnail: its own bytes answer.
    const sample = '/api/uploads/sample/00000000000000000000000000000abc.webp';
    const sampleImage = await sharp(await png(640, 640))
      .webp()
      .toBuffer();
    mkdirSync(join(t.config.dataDir, 'uploads', 'sample'), { recursive: true });
    writeFileSync(join(t.config.dataDir, sample.replace('/api/', '')), sampleImage);
    const sampleServed = await t.app.inject(thumbnailAddressOf(sample)!);
    expect(sampleServed.statusCode).toBe(200);
    expect(sampleServed.rawPayload.equals(sampleImage)).toBe(true);

    const unknown = await t.app.inject('/api/uploads/products/99999999999999999999999999999999-thumb.webp');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a visitor with 401', async () => {
    const response = await upload(
      'product-image',
      { filename: 'a.png', contentType: 'image/png', data: await png(10, 10) },
      { token: null },
    );
    expect(response.statusCode).toBe(401);
  });

  it('refuses a folder that is not the route’s', async () => {
    const response = await upload(
      'product-image',
      { filename: 'a.png', contentType: 'image/png', data: await png(10, 10) },
      { folder: '../../etc' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown upload folder.');
  });

  it('answers a request without a file with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/product-image',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('the other verticals share the same rules', () => {
  it.each([
    ['event-image', 'events'],
    ['stay-image', 'stays'],
    ['community-image', 'community'],
  ])('%s stores into %s', async (route, folder) => {
    const response = await upload(
      route,
      { filename: 'a.webp', contentType: 'image/webp', data: await png(50, 50) },
      { folder },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().publicUrl).toMatch(new RegExp(`^/api/uploads/${folder}/`));
    const refused = await upload(
      route,
      { filename: 'notes.jpg', contentType: 'image/jpeg', data: Buffer.from('hello') },
      { folder },
    );
    expect(refused.statusCode).toBe(415);
  });
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/video/${name}`, import.meta.url));
const uploadRows = async (app: TestApp = t) =>
  (await queryRows<{ n: number }>(app.database.db, sql`select count(*)::int as n from uploads`))[0]?.n;

describe('bodies that are not a readable upload', () => {
  const send = (headers: Record<string, string>, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads/product-image',
      headers: { ...headers, ...bearer(user.token) },
      payload,
    });
  const part = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG';

  it.each([
    ['multipart with no boundary', 400, { 'content-type': 'multipart/form-data' }, 'hello'],
    ['a body cut short', 400, { 'content-type': 'multipart/form-data; boundary=b' }, part],
    [
      'a boundary that never closes',
      400,
      { 'content-type': 'multipart/form-data; boundary=b' },
      `${part}\r\n`,
    ],
    ['no multipart at all', 415, { 'content-type': 'text/plain' }, 'x'],
  ])('answers %s with %i and a message, storing nothing', async (_case, status, headers, payload) => {
    const [files, rows] = [stored('products').length, await uploadRows()];
    const response = await send(headers, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(
      status === 415 ? UPLOAD_MESSAGES.notMultipart : UPLOAD_MESSAGES.unreadableUpload,
    );
    expect([stored('products').length, await uploadRows()]).toEqual([files, rows]);
  });
});

describe('POST /api/uploads/community-video', () => {
  const sendVideo = (filename: string, data: Buffer, token = user.token) => {
    const { payload, headers } = multipartBody({}, { filename, contentType: 'video/mp4', data });
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads/community-video',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  };

  it.each([
    ['plain.mp4', 'mp4'],
    ['faststart.mp4', 'mp4'],
    ['fragmented.mp4', 'mp4'],
    ['known-sizes.webm', 'webm'],
    ['unknown-sizes.webm', 'webm'],
  ])('keeps the real video %s as %s', async (name, type) => {
    const response = await sendVideo(name, fixture(name));
    expect(response.statusCode).toBe(201);
    expect(response.json().publicUrl).toMatch(new RegExp(`^/api/uploads/community/[a-f0-9]{32}\\.${type}$`));
  });

  it('refuses junk behind an ftyp box, and a real video with junk after it, storing nothing', async () => {
    const before = [stored('community').length, await uploadRows()];
    const junk = Buffer.concat([fixture('plain.mp4').subarray(0, 32), Buffer.alloc(2 * 1024 * 1024, 0x41)]);
    for (const data of [junk, Buffer.concat([fixture('known-sizes.webm'), Buffer.from('tail')])]) {
      const response = await sendVideo('clip.mp4', data);
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(UPLOAD_MESSAGES.typeNotAllowed('clip.mp4'));
    }
    expect([stored('community').length, await uploadRows()]).toEqual(before);
  });
});

describe('what one account may keep', () => {
  /**
   * Earlier uploads of the user, as rows only: the quota is counted from them. Made two days ago, so
   * that they do not count against what may be uploaded in a day.
   */
  const earlier = async (owner: RegisteredUser, bytes: number, used: boolean) =>
    t.database.db.execute(sql`
      insert into uploads (owner_id, url, kind, bytes, created_at, used_at)
      values (${owner.id}, ${`/api/uploads/products/${owner.id.replaceAll('-', '')}.webp`}, 'image', ${bytes},
              now() - interval '2 days', ${used ? sql`now()` : null})`);
  const photo = async (owner: RegisteredUser) =>
    upload(
      'product-image',
      { filename: 'a.png', contentType: 'image/png', data: await png(200, 200) },
      { token: owner.token },
    );

  it('refuses more than 100 MB of uploads nothing uses yet', async () => {
    const owner = await registerUser(t.app);
    await earlier(owner, UPLOAD_QUOTA.unusedBytes - 100, false);
    const before = [stored('products').length, await uploadRows()];
    const response = await photo(owner);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.unusedQuota);
    expect([stored('products').length, await uploadRows()]).toEqual(before);
    expect((await photo(user)).statusCode).toBe(201);
  });

  it('refuses more than 1 GB in all', async () => {
    const owner = await registerUser(t.app);
    await earlier(owner, UPLOAD_QUOTA.totalBytes - 100, true);
    const response = await photo(owner);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.totalQuota);
  });

  it('refuses an upload with 507 while the disk has less free space than UPLOADS_MIN_FREE_MB', async () => {
    const full = await createTestApp({ uploadsMinFreeBytes: Number.MAX_SAFE_INTEGER });
    const owner = await registerUser(full.app);
    const { payload, headers } = multipartBody(
      { folder: 'products' },
      { filename: 'a.png', contentType: 'image/png', data: await png(20, 20) },
    );
    const response = await full.app.inject({
      method: 'POST',
      url: '/api/uploads/product-image',
      payload,
      headers: { ...headers, ...bearer(owner.token) },
    });
    const rows = await uploadRows(full);
    const dir = join(full.config.dataDir, 'uploads', 'products');
    const files = existsSync(dir) ? readdirSync(dir) : [];
    await full.close();
    expect(response.statusCode).toBe(507);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.storageFull);
    expect([rows, files]).toEqual([0, []]);
  });

  it('refuses a visitor and a token whose account no longer exists', async () => {
    const ghost = await registerUser(t.app);
    await t.database.db.execute(sql`delete from users where id = ${ghost.id}`);
    for (const token of [null, ghost.token]) {
      const response = await upload(
        'product-image',
        { filename: 'a.png', contentType: 'image/png', data: await png(10, 10) },
        { token },
      );
      expect(response.statusCode).toBe(401);
    }
  });
});

// A real full disk: a tmpfs of 64 KB as the uploads folder. Mounting needs root (as on CI).
const canMount = process.getuid?.() === 0 && process.platform === 'linux';
describe.runIf(canMount)('a disk that fills up mid-write', () => {
  it('answers 507 and leaves no file, not even an empty one, and no record', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-full-'));
    const uploadsDir = join(dataDir, 'uploads');
    mkdirSync(uploadsDir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', uploadsDir]);
    let mounted = true;
    try {
      // The free-space check is switched off so that the write itself meets the full disk.
      const tiny = await createTestApp({ dataDir, uploadsMinFreeBytes: Number.NEGATIVE_INFINITY });
      const owner = await registerUser(tiny.app);
      const noise = await sharp(
        Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919) % 251)),
        { raw: { width: 400, height: 400, channels: 3 } },
      )
        .png()
        .toBuffer();
      const { payload, headers } = multipartBody(
        {},
        { filename: 'noise.png', contentType: 'image/png', data: noise },
      );
      const response = await tiny.app.inject({
        method: 'POST',
        url: '/api/uploads/product-image',
        payload,
        headers: { ...headers, ...bearer(owner.token) },
      });
      const rows = await uploadRows(tiny);
      const left = readdirSync(join(uploadsDir, 'products'));
      execFileSync('umount', [uploadsDir]);
      mounted = false;
      await tiny.close();
      expect(response.statusCode).toBe(507);
      expect(response.json().message).toBe(UPLOAD_MESSAGES.storageFull);
      expect([rows, left]).toEqual([0, []]);
    } finally {
      if (mounted) execFileSync('umount', [uploadsDir]);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
