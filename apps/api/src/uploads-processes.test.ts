import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseBody, lessonBody } from '../test/course-factories.js';
import { digestOf, startFakeS3 } from '../test/fake-s3.js';
import { multipartBody } from '../test/multipart.js';
import { accountsIn, call, serverProcessesOnTestDatabase } from '../test/server-processes.js';

// Two server processes on one PostgreSQL database and one bucket (S3_URL), each with a DATA_DIR of its
// own: a file kept through one is served by the other.
const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const { testDb, servers } = await serverProcessesOnTestDatabase();
const fake = usesPostgres ? await startFakeS3() : null;
const keyOf = (url: string) => url.slice('/api/'.length);

describe.runIf(usesPostgres && fake)('uploads across server processes (PostgreSQL, s3rver)', () => {
  let first: string;
  let second: string;
  let token: string;
  const sent = () => fake!.takeRequests();

  beforeAll(async () => {
    const env = { S3_URL: fake!.url };
    [first, second] = await Promise.all([servers.start(env).url, servers.start(env).url]);
    const [account] = await accountsIn(testDb, 1, `${process.pid}-${Date.now()}`);
    token = account!.token;
    sent();
  });
  afterAll(() => fake?.stop());

  async function upload(
    url: string,
    route: string,
    file: { filename: string; contentType: string; data: Buffer },
  ) {
    const { payload, headers } = multipartBody({}, file);
    const response = await fetch(`${url}/api/uploads/${route}`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: payload,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { publicUrl: string }).publicUrl;
  }

  it('serves a photo uploaded through one process from the other', async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    const photo = await upload(first, 'stay-image', {
      filename: 'veranda.png',
      contentType: 'image/png',
      data: png,
    });
    const thumbnail = photo.replace('.webp', '-thumb.webp');
    expect(sent()).toEqual([`PutObject ${keyOf(photo)}`, `PutObject ${keyOf(thumbnail)}`]);

    const served = await fetch(`${second}${photo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(digestOf(Buffer.from(await served.arrayBuffer()))).toBe(
      digestOf(await fake!.object(keyOf(photo))),
    );
    expect(sent()).toEqual([`GetObject ${keyOf(photo)}`]);
  });

  it('opens a lesson’s signed link made by one process on the other, with a range', async () => {
    const video = readFileSync(new URL('../test/fixtures/video/faststart.mp4', import.meta.url));
    const file = await upload(first, 'course-video', {
      filename: 'lecture.mp4',
      contentType: 'video/mp4',
      data: video,
    });
    expect(sent()).toEqual([`PutObject ${keyOf(file)}`]);
    const course = await call(first, '/api/courses', { method: 'POST', token, body: courseBody() });
    expect(course.status, JSON.stringify(course.body)).toBe(201);
    const lesson = await call(first, `/api/courses/${course.body.id as string}/lessons`, {
      method: 'POST',
      token,
      body: lessonBody({ contentType: 'video', contentUrl: file }),
    });
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
    const signed = lesson.body.contentUrl as string;
    expect(signed).toMatch(new RegExp(`^${file}\\?expires=\\d+&signature=`));

    const part = await fetch(`${second}${signed}`, { headers: { range: 'bytes=0-4095' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-4095/${video.length}`);
    expect(part.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(digestOf(Buffer.from(await part.arrayBuffer()))).toBe(digestOf(video.subarray(0, 4096)));
    expect(sent()).toEqual([`GetObject ${keyOf(file)}`]);
    // The signature still decides: without it the other process refuses, asking the bucket nothing.
    expect((await fetch(`${second}${file}`)).status).toBe(403);
    expect(sent()).toEqual([]);
  });
});
