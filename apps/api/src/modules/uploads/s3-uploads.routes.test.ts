import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import { createClock } from '../../lib/clock.js';
import { bearer, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { digestOf, startFakeS3 } from '../../../test/fake-s3.js';
import { multipartBody } from '../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createCourseMediaLinks } from './course-media-links.js';
import { createS3Client, createS3Store } from './s3-store.js';
import { createUploadsService } from './uploads.service.js';

// The bucket is what is tested here, not the database: once, with the PGlite project's run.
const fake = process.env.TEST_DB_DRIVER === 'postgres' ? null : await startFakeS3();
let now = Date.parse('2026-03-02T07:20:00Z');
const keyOf = (url: string) => url.slice('/api/'.length);

describe.skipIf(!fake)('uploads kept in a bucket (S3_URL, s3rver)', () => {
  const s3 = fake!;
  const sent = () => s3.takeRequests();
  let t: TestApp;
  let user: RegisteredUser;
  let links: ReturnType<typeof createCourseMediaLinks>;

  beforeAll(async () => {
    t = await createTestApp({ s3: s3.location }, { now: () => now });
    user = await registerUser(t.app);
    links = createCourseMediaLinks({
      secret: createHmac('sha256', t.config.jwtSecret!).update('sokoni:course-media').digest('hex'),
      clock: createClock(() => now),
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3.stop();
  });

  const upload = (route: string, file: { filename: string; contentType: string; data: Buffer }) => {
    const { payload, headers } = multipartBody({}, file);
    return t.app.inject({
      method: 'POST',
      url: `/api/uploads/${route}`,
      payload,
      headers: { ...headers, ...bearer(user.token) },
    });
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('keeps a photo and its thumbnail in the bucket and serves them with the headers a file on the disk has', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#047857' } })
      .png()
      .toBuffer();
    const response = await upload('product-image', {
      filename: 'lamp.png',
      contentType: 'image/png',
      data: png,
    });
    expect(response.statusCode).toBe(201);
    const { publicUrl, thumbnailUrl } = response.json<{ publicUrl: string; thumbnailUrl: string }>();
    expect(sent()).toEqual([`PutObject ${keyOf(publicUrl)}`, `PutObject ${keyOf(thumbnailUrl)}`]);
    // Nothing of it on this machine's disk.
    expect(existsSync(join(t.config.dataDir, 'uploads'))).toBe(false);

    const image = await s3.object(keyOf(publicUrl));
    const served = await get(publicUrl);
    expect(served.statusCode).toBe(200);
    expect(digestOf(served.rawPayload)).toBe(digestOf(image));
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(image!.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^"[a-f0-9]{32}"$/),
      'last-modified': expect.stringMatching(/ GMT$/),
    });
    const thumbnail = await get(thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(digestOf(thumbnail.rawPayload)).toBe(digestOf(await s3.object(keyOf(thumbnailUrl))));
    expect(sent()).toEqual([`GetObject ${keyOf(publicUrl)}`, `GetObject ${keyOf(thumbnailUrl)}`]);

    // A browser revalidating its copy is told it is current from the object's metadata.
    const revalidated = await get(publicUrl, { 'if-none-match': served.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(served.headers.etag);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(sent()).toEqual([`HeadObject ${keyOf(publicUrl)}`]);
  });

  it('serves an image in place of a thumbnail it does not have, and 404 for a file not in the bucket', async () => {
    const client = createS3Client(s3.location);
    const store = createS3Store({ client, bucket: s3.location.bucket, dataDir: t.config.dataDir });
    const sample = await store.save('sample', 'webp', randomBytes(800));
    client.destroy();
    sent();

    const standIn = await get(sample.replace('.webp', '-thumb.webp'));
    expect(standIn.statusCode).toBe(200);
    expect(digestOf(standIn.rawPayload)).toBe(digestOf(await s3.object(keyOf(sample))));
    expect(sent()).toEqual([
      `GetObject ${keyOf(sample.replace('.webp', '-thumb.webp'))}`,
      `GetObject ${keyOf(sample)}`,
    ]);

    const missing = `/api/uploads/products/${randomBytes(16).toString('hex')}.webp`;
    for (const url of [missing, '/api/uploads/products/notes.txt', '/api/uploads/course-media/x.mp4']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    }
    // Only the address that is one of ours was asked for.
    expect(sent()).toEqual([`GetObject ${keyOf(missing)}`]);
  });

  it('refuses a lesson file while the disk it is received on is low, and keeps taking photos into the bucket', async () => {
    const client = createS3Client(s3.location);
    const files = createS3Store({ client, bucket: s3.location.bucket, dataDir: t.config.dataDir });
    // More than any disk here has free, far less than a bucket's room.
    const uploads = createUploadsService({ db: t.database.db, files, minFreeBytes: 10 ** 15 });
    const owner = { sub: user.id, name: user.name, email: user.email, role: 'user' as const, exp: 0 };
    const refusal = await uploads.reserveLessonFile(owner, 1000).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'STORAGE_FULL',
      statusCode: 507,
      message: UPLOAD_MESSAGES.storageFull,
    });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { publicUrl } = await uploads.storeImage(owner, 'products', { filename: 'a.png', bytes: png });
    client.destroy();
    expect(sent()).toEqual([
      `PutObject ${keyOf(publicUrl)}`,
      `PutObject ${keyOf(publicUrl.replace('.webp', '-thumb.webp'))}`,
    ]);
  });

  describe('a lesson video', () => {
    const video = readFileSync(new URL('../../../test/fixtures/video/faststart.mp4', import.meta.url));
    let url: string;
    beforeAll(async () => {
      const response = await upload('course-video', {
        filename: 'lecture.mp4',
        contentType: 'video/mp4',
        data: video,
      });
      expect(response.statusCode).toBe(201);
      url = response.json<{ publicUrl: string }>().publicUrl;
    });

    it('is received on the disk, kept in the bucket only, and leaves nothing behind', async () => {
      expect(url).toMatch(/^\/api\/course-media\/[a-f0-9]{32}\.mp4$/);
      expect(sent()).toEqual([`PutObject ${keyOf(url)}`]);
      expect(digestOf(await s3.object(keyOf(url)))).toBe(digestOf(video));
      expect(readdirSync(join(t.config.dataDir, 'course-media'))).toEqual(['incoming']);
      expect(readdirSync(join(t.config.dataDir, 'course-media', 'incoming'))).toEqual([]);
    });

    it('opens from a signed link with a range: 206, those bytes, privately cached until the link expires', async () => {
      const signed = links.sign(url);
      const expires = Number(new URL(signed, 'http://x').searchParams.get('expires'));
      const response = await get(signed, { range: 'bytes=100-1099', 'accept-encoding': 'br, gzip' });
      expect(response.statusCode).toBe(206);
      expect(response.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-range': `bytes 100-1099/${video.length}`,
        'content-length': '1000',
        'accept-ranges': 'bytes',
        'cache-control': `private, max-age=${expires - now / 1000}`,
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(digestOf(response.rawPayload)).toBe(digestOf(video.subarray(100, 1100)));

      const whole = await get(signed);
      expect(whole.statusCode).toBe(200);
      expect(digestOf(whole.rawPayload)).toBe(digestOf(video));
      expect(sent()).toEqual([`GetObject ${keyOf(url)}`, `GetObject ${keyOf(url)}`]);
    });

    it('answers a range past the end with 416 and the size', async () => {
      const response = await get(links.sign(url), { range: `bytes=${video.length + 10}-` });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${video.length}`);
      expect(response.json()).toMatchObject({
        code: 'RANGE_NOT_SATISFIABLE',
        message: UPLOAD_MESSAGES.rangeNotSatisfiable,
      });
      expect(sent()).toEqual([`GetObject ${keyOf(url)}`, `HeadObject ${keyOf(url)}`]);
    });

    it('is refused without a signature, with another file’s, or once the link expired: 403, the bucket never asked', async () => {
      const signed = new URL(links.sign(url), 'http://x');
      const expires = Number(signed.searchParams.get('expires'));
      const other = new URL(links.sign(url.replace(/[a-f0-9]{32}/, 'f'.repeat(32))), 'http://x');
      for (const address of [
        url,
        `${url}?expires=${expires}&signature=${other.searchParams.get('signature')}`,
      ]) {
        const response = await get(address);
        expect(response.statusCode, address).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'MEDIA_LINK_INVALID',
          message: UPLOAD_MESSAGES.mediaLinkInvalid,
        });
      }
      const saved = now;
      now = expires * 1000;
      try {
        expect((await get(signed.pathname + signed.search)).statusCode).toBe(403);
      } finally {
        now = saved;
      }
      expect(sent()).toEqual([]);
    });
  });
});
