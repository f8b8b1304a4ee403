import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestOf, startFakeS3 } from '../../../test/fake-s3.js';
import { createLocalDiskStore, RangeNotSatisfiableError, type FileStore } from './file-store.js';
import { createS3Client, createS3Store } from './s3-store.js';

// The store does not touch the database: its tests run once, with the PGlite project's.
const fake = process.env.TEST_DB_DRIVER === 'postgres' ? null : await startFakeS3();
const COPY_COMMAND = fileURLToPath(new URL('../../uploads-to-s3.ts', import.meta.url));
const name = () => randomBytes(16).toString('hex');
const bytes = (size: number) => randomBytes(size);
/** The object key of a stored address. */
const keyOf = (url: string) => url.slice('/api/'.length);
const MULTIPART = ['CreateMultipartUpload', 'UploadPart', 'UploadPart', 'CompleteMultipartUpload'];

describe.skipIf(!fake)('the bucket store (s3rver)', () => {
  const s3 = fake!;
  const sent = () => s3.takeRequests();
  let dataDir: string;
  let incoming: string;
  let client: S3Client;
  let store: FileStore;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sokoni-s3-store-'));
    incoming = join(dataDir, 'course-media', 'incoming');
    client = createS3Client(s3.location);
    store = createS3Store({ client, bucket: s3.location.bucket, dataDir });
  });
  afterAll(async () => {
    client.destroy();
    await s3.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes an image as one PutObject at its address without /api/, typed, and serves it back with one GetObject', async () => {
    const url = store.allocate('products', 'webp');
    const image = bytes(3000);
    await store.write(url, image);
    expect(sent()).toEqual([`PutObject ${keyOf(url)}`]);
    expect(digestOf(await s3.object(keyOf(url)))).toBe(digestOf(image));

    const file = await store.open(url);
    expect(file).toMatchObject({ size: 3000, range: null, etag: expect.stringMatching(/^"[a-f0-9]{32}"$/) });
    expect(digestOf(await buffer(file!.body))).toBe(digestOf(image));
    expect(sent()).toEqual([`GetObject ${keyOf(url)}`]);
  });

  it('writes a file larger than a part as one multipart upload', async () => {
    const url = store.allocate('community', 'mp4');
    const video = bytes(6 * 1024 * 1024);
    await store.write(url, video);
    expect(sent()).toEqual(MULTIPART.map((operation) => `${operation} ${keyOf(url)}`));
    expect(digestOf(await s3.object(keyOf(url)))).toBe(digestOf(video));
  });

  it('receives a lesson file onto the disk, then sends it to the bucket when kept and removes it here', async () => {
    const lesson = bytes(50_000);
    const file = await store.receive(Readable.from([lesson.subarray(0, 20_000), lesson.subarray(20_000)]));
    expect(file.bytes).toBe(50_000);
    expect(readdirSync(incoming)).toEqual([file.path.slice(incoming.length + 1)]);
    expect(sent()).toEqual([]);

    const url = store.allocate('course-media', 'mp4');
    await store.adopt(url, file);
    expect(sent()).toEqual([`PutObject ${keyOf(url)}`]);
    expect(digestOf(await s3.object(keyOf(url)))).toBe(digestOf(lesson));
    expect(readdirSync(incoming)).toEqual([]);
  });

  it('opens the part a range asks for, to the end when open-ended, and refuses a range past the end with the size', async () => {
    const url = store.allocate('course-media', 'pdf');
    const pdf = bytes(10_000);
    await store.write(url, pdf);
    sent();

    const part = await store.open(url, { start: 100, end: 1099 });
    expect(part).toMatchObject({ size: 10_000, range: { start: 100, end: 1099 } });
    expect(digestOf(await buffer(part!.body))).toBe(digestOf(pdf.subarray(100, 1100)));
    const rest = await store.open(url, { start: 9_000 });
    expect(rest).toMatchObject({ size: 10_000, range: { start: 9_000, end: 9_999 } });
    expect(digestOf(await buffer(rest!.body))).toBe(digestOf(pdf.subarray(9_000)));
    expect(sent()).toEqual([`GetObject ${keyOf(url)}`, `GetObject ${keyOf(url)}`]);

    const refusal = await store.open(url, { start: 10_000 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RangeNotSatisfiableError);
    expect((refusal as RangeNotSatisfiableError).size).toBe(10_000);
    // The size comes from the object's metadata: not every S3-compatible server says it in the 416.
    expect(sent()).toEqual([`GetObject ${keyOf(url)}`, `HeadObject ${keyOf(url)}`]);
  });

  it('answers null for a missing file, and for an address that is not ours without asking the bucket', async () => {
    const missing = `/api/uploads/products/${name()}.webp`;
    expect(await store.stat(missing)).toBeNull();
    expect(await store.open(missing)).toBeNull();
    expect(sent()).toEqual([`HeadObject ${keyOf(missing)}`, `GetObject ${keyOf(missing)}`]);

    for (const url of ['/api/uploads/../course-media/x.mp4', `/api/course-media/${name()}.mp4/x`, '/api/x']) {
      expect(await store.stat(url)).toBeNull();
      expect(await store.open(url)).toBeNull();
    }
    expect(sent()).toEqual([]);
  });

  it('removes a file with one DeleteObject, and a file already gone is fine', async () => {
    const url = await store.save('stays', 'webp', bytes(100));
    sent();
    await store.remove(url);
    await store.remove(url);
    expect(sent()).toEqual([`DeleteObject ${keyOf(url)}`, `DeleteObject ${keyOf(url)}`]);
    expect(await s3.object(keyOf(url))).toBeNull();
  });

  it('has no disk to fill for the files it keeps, and measures the disk it receives onto', async () => {
    expect(await store.freeBytes()).toBe(Number.MAX_SAFE_INTEGER);
    expect(await store.receivingFreeBytes()).toBeGreaterThan(0);
    expect(await store.receivingFreeBytes()).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('npm run uploads:to-s3 copies DATA_DIR’s uploads and lesson files into the bucket, skipping what it has with the same size', async () => {
    const oldDir = mkdtempSync(join(tmpdir(), 'sokoni-to-s3-'));
    try {
      const disk = createLocalDiskStore(oldDir);
      const image = await disk.save('products', 'webp', bytes(2000));
      const thumbnail = image.replace('.webp', '-thumb.webp');
      await disk.write(thumbnail, bytes(300));
      const sample = await disk.save('sample', 'webp', bytes(700));
      const lesson = await disk.save('course-media', 'mp4', bytes(6 * 1024 * 1024 + 10));
      const changed = await disk.save('events', 'webp', bytes(900));
      // Being received, and not one of ours: neither is copied.
      mkdirSync(join(oldDir, 'course-media', 'incoming'), { recursive: true });
      writeFileSync(join(oldDir, 'course-media', 'incoming', `${name()}.part`), 'half a video');
      writeFileSync(join(oldDir, 'uploads', 'products', 'notes.txt'), 'not an upload');
      // The bucket has the sample already, and another file of the event's image's size.
      await store.write(sample, (await buffer((await disk.open(sample))!.body)) as Buffer);
      await store.write(changed, bytes(899));
      sent();

      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', COPY_COMMAND], {
        env: { ...process.env, S3_URL: s3.url, DATA_DIR: oldDir },
      });
      const copied = [image, thumbnail, lesson, changed].sort();
      expect(stdout.trim().split('\n')).toEqual([
        `Copying ${oldDir}'s uploads into the bucket ${s3.location.bucket}`,
        ...[...copied, sample].sort().map((url) => `${url === sample ? 'skipped' : 'copied'} ${url}`),
        '4 copied, 1 skipped (in the bucket already, with the same size)',
      ]);
      for (const url of [...copied, sample]) {
        const kept = await buffer((await disk.open(url))!.body);
        expect(digestOf(await s3.object(keyOf(url))), url).toBe(digestOf(kept));
      }
      // Each file's size asked for, then those copied sent: one PutObject each, a multipart set for the lesson.
      expect(sent()).toEqual(
        [...copied, sample].sort().flatMap((url) => {
          const key = keyOf(url);
          const sending = url === sample ? [] : url === lesson ? MULTIPART : ['PutObject'];
          return [`HeadObject ${key}`, ...sending.map((operation) => `${operation} ${key}`)];
        }),
      );
      expect(existsSync(join(oldDir, 'uploads', 'products', 'notes.txt'))).toBe(true);
    } finally {
      rmSync(oldDir, { recursive: true, force: true });
    }
  });
});

describe('the disk store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sokoni-disk-store-'));
  const store: FileStore = createLocalDiskStore(dataDir);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens a file whole or the part a range asks for, its last bytes or clipped at its end, and refuses a range past the end', async () => {
    const video = bytes(5000);
    const url = await store.save('course-media', 'webm', video);
    const whole = await store.open(url);
    expect(whole).toMatchObject({ size: 5000, range: null, etag: expect.stringMatching(/^W\/"/) });
    expect(digestOf(await buffer(whole!.body))).toBe(digestOf(video));
    const tail = await store.open(url, { suffix: 500 });
    expect(tail).toMatchObject({ range: { start: 4500, end: 4999 } });
    expect(digestOf(await buffer(tail!.body))).toBe(digestOf(video.subarray(4500)));
    const clipped = await store.open(url, { start: 4000, end: 9000 });
    expect(clipped).toMatchObject({ range: { start: 4000, end: 4999 } });
    clipped!.body.destroy();
    await expect(store.open(url, { start: 5000 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    expect(await store.stat(url)).toEqual({
      size: 5000,
      etag: whole!.etag,
      lastModified: whole!.lastModified,
    });
    expect(await store.open(`/api/course-media/${name()}.webm`)).toBeNull();
    expect(await store.stat('/api/uploads/../course-media/x.mp4')).toBeNull();
  });
});
