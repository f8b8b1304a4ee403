import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MEDIA_QUOTA, UPLOAD_MESSAGES, UPLOAD_QUOTA } from '@sokoni/contracts/uploads';
import { createClock } from '../../lib/clock.js';
import { bearer, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { COURSE_MEDIA_LINK_HOURS, createCourseMediaLinks } from './course-media-links.js';

let now = Date.parse('2026-03-02T07:20:00Z');
let t: TestApp;
let user: RegisteredUser;
/** Signs as the app does: the key is derived from the JWT secret the same way. */
let links: ReturnType<typeof createCourseMediaLinks>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  user = await registerUser(t.app);
  links = createCourseMediaLinks({
    secret: createHmac('sha256', t.config.jwtSecret!).update('sokoni:course-media').digest('hex'),
    clock: createClock(() => now),
  });
});
afterAll(async () => t?.close());

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/video/${name}`, import.meta.url));

/** A real one-page PDF, as pdf-lib writes it. */
async function lessonPdf(text = 'Week 1: Setting up the hive'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText(text, { x: 50, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

const mediaDir = () => join(t.config.dataDir, 'course-media');
/** The lesson files kept, and the ones still being received. */
const onDisk = () => {
  const names = existsSync(mediaDir()) ? readdirSync(mediaDir()) : [];
  const incoming = join(mediaDir(), 'incoming');
  return {
    kept: names.filter((name) => name !== 'incoming').sort(),
    receiving: existsSync(incoming) ? readdirSync(incoming) : [],
  };
};
const mediaRows = async () =>
  queryRows<{ url: string; bytes: number; owner: string }>(
    t.database.db,
    sql`select url, bytes::float8 as bytes, owner_id as owner from uploads where kind = 'course-media' order by url`,
  );
const state = async () => ({ ...onDisk(), rows: await mediaRows() });

function upload(
  route: 'course-video' | 'course-pdf' | 'course-image',
  file: { filename: string; contentType: string; data: Buffer },
  token: string | null = user.token,
) {
  const { payload, headers } = multipartBody({}, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads/${route}`,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

/** A multipart body of `bytes` zeros sent as a stream, so the test never holds it whole either. */
function uploadStream(route: string, filename: string, head: Buffer, bytes: number) {
  const boundary = '----sokonibig';
  const chunk = Buffer.alloc(1024 * 1024);
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    yield head;
    for (let sent = head.length; sent < bytes; sent += chunk.length) {
      yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads/${route}`,
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(user.token) },
  });
}

const fileOf = (publicUrl: string) => publicUrl.replace('/api/course-media/', '');
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('POST /api/uploads/course-image', () => {
  it("stores a course's image like the other verticals' images, in the courses folder", async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#065f46' } })
      .png()
      .toBuffer();
    const response = await upload('course-image', {
      filename: 'cover.png',
      contentType: 'image/png',
      data: png,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      publicUrl: expect.stringMatching(/^\/api\/uploads\/courses\/[a-f0-9]{32}\.webp$/),
      thumbnailUrl: expect.stringMatching(/^\/api\/uploads\/courses\/[a-f0-9]{32}-thumb\.webp$/),
    });
  });
});

describe('POST /api/uploads/course-video', () => {
  it.each([
    ['plain.mp4', 'mp4'],
    ['faststart.mp4', 'mp4'],
    ['fragmented.mp4', 'mp4'],
    ['known-sizes.webm', 'webm'],
    ['unknown-sizes.webm', 'webm'],
  ])(
    'keeps the real video %s privately as .%s, recorded as a lesson file of its owner',
    async (name, type) => {
      const data = fixture(name);
      const response = await upload('course-video', { filename: name, contentType: 'video/mp4', data });
      expect(response.statusCode).toBe(201);
      const { publicUrl } = response.json<{ publicUrl: string }>();
      expect(publicUrl).toMatch(new RegExp(`^/api/course-media/[a-f0-9]{32}\\.${type}$`));
      expect(readFileSync(join(mediaDir(), fileOf(publicUrl)))).toEqual(data);
      expect(await mediaRows()).toContainEqual({ url: publicUrl, bytes: data.length, owner: user.id });
      expect(onDisk().receiving).toEqual([]);
      // Not public: neither under /uploads nor at its own address without a signature.
      expect(existsSync(join(t.config.dataDir, 'uploads', 'course-media'))).toBe(false);
      expect((await get(publicUrl)).statusCode).toBe(403);
    },
  );

  it.each([
    [
      'a PNG named .mp4',
      'photo.mp4',
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
    ],
    ['an MP4 cut short', 'lecture.mp4', async () => fixture('faststart.mp4').subarray(0, 4000)],
    [
      'a WebM with junk after it',
      'lecture.webm',
      async () => Buffer.concat([fixture('known-sizes.webm'), Buffer.from('tail')]),
    ],
    ['a PDF named .mp4', 'notes.mp4', () => lessonPdf()],
  ])(
    "refuses %s with 415 'File type not allowed: {file}', keeping nothing",
    async (_case, filename, data) => {
      const before = await state();
      const response = await upload('course-video', {
        filename,
        contentType: 'video/mp4',
        data: await data(),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'FILE_TYPE_NOT_ALLOWED',
        message: UPLOAD_MESSAGES.typeNotAllowed(filename),
      });
      expect(await state()).toEqual(before);
    },
  );

  it("refuses a 201 MB body with 413 'File too large: {file}', keeping nothing", async () => {
    const before = await state();
    const head = fixture('faststart.mp4');
    const response = await uploadStream('course-video', 'lecture.mp4', head, 201 * 1024 * 1024);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: UPLOAD_MESSAGES.tooLarge('lecture.mp4'),
    });
    expect(await state()).toEqual(before);
  });

  it('refuses a visitor with 401', async () => {
    const response = await upload(
      'course-video',
      { filename: 'a.mp4', contentType: 'video/mp4', data: fixture('plain.mp4') },
      null,
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/uploads/course-pdf', () => {
  it('keeps a real PDF privately as .pdf', async () => {
    const data = await lessonPdf();
    const response = await upload('course-pdf', {
      filename: 'week-1.pdf',
      contentType: 'application/pdf',
      data,
    });
    expect(response.statusCode).toBe(201);
    const { publicUrl } = response.json<{ publicUrl: string }>();
    expect(publicUrl).toMatch(/^\/api\/course-media\/[a-f0-9]{32}\.pdf$/);
    expect(readFileSync(join(mediaDir(), fileOf(publicUrl)))).toEqual(data);
    expect(await mediaRows()).toContainEqual({ url: publicUrl, bytes: data.length, owner: user.id });
  });

  it("refuses a text file named .pdf and a video named .pdf with 415 'File type not allowed: {file}'", async () => {
    const before = await state();
    for (const data of [Buffer.from('Week 1 notes: bees like sugar water.\n'), fixture('plain.mp4')]) {
      const response = await upload('course-pdf', {
        filename: 'notes.pdf',
        contentType: 'application/pdf',
        data,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'FILE_TYPE_NOT_ALLOWED',
        message: 'File type not allowed: notes.pdf',
      });
    }
    expect(await state()).toEqual(before);
  });

  it("refuses a PDF cut short, or '%PDF-' and '%%EOF' around junk, with 400 'The PDF could not be read: {file}'", async () => {
    const before = await state();
    const real = await lessonPdf();
    for (const data of [
      real.subarray(0, Math.floor(real.length / 2)),
      Buffer.from('%PDF-1.7\nnot really a document\n%%EOF\n'),
    ]) {
      const response = await upload('course-pdf', {
        filename: 'week-2.pdf',
        contentType: 'application/pdf',
        data,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'UNREADABLE_PDF',
        message: 'The PDF could not be read: week-2.pdf',
      });
    }
    expect(await state()).toEqual(before);
  });

  it('refuses a 21 MB PDF with 413, keeping nothing', async () => {
    const before = await state();
    const response = await uploadStream('course-pdf', 'big.pdf', await lessonPdf(), 21 * 1024 * 1024);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.tooLarge('big.pdf'));
    expect(await state()).toEqual(before);
  });
});

describe('GET /api/course-media/:file', () => {
  let video: { url: string; bytes: Buffer };
  let pdf: { url: string; bytes: Buffer };
  beforeAll(async () => {
    const send = async (route: 'course-video' | 'course-pdf', filename: string, bytes: Buffer) => {
      const response = await upload(route, {
        filename,
        contentType: 'application/octet-stream',
        data: bytes,
      });
      return { url: response.json<{ publicUrl: string }>().publicUrl, bytes };
    };
    video = await send('course-video', 'lecture.mp4', fixture('faststart.mp4'));
    pdf = await send('course-pdf', 'notes.pdf', await lessonPdf('Hive plans'));
  });

  it('serves the file to a signed link, privately cached until the link expires, embeddable by our pages', async () => {
    const signed = links.sign(video.url);
    const expires = Number(new URL(signed, 'http://x').searchParams.get('expires'));
    const response = await get(signed);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(video.bytes);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(video.bytes.length),
      'accept-ranges': 'bytes',
      'cache-control': `private, max-age=${expires - now / 1000}`,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(expires - now / 1000).toBeGreaterThanOrEqual(COURSE_MEDIA_LINK_HOURS * 3600);
    // No sandbox: Chrome's PDF viewer and the video player must run in the classroom's frame.
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('serves a PDF as application/pdf', async () => {
    const response = await get(links.sign(pdf.url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload).toEqual(pdf.bytes);
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(1);
  });

  it('answers a range request on a video with 206 and exactly those bytes', async () => {
    const size = video.bytes.length;
    const response = await get(links.sign(video.url), { range: 'bytes=100-1099' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(response.headers['content-length']).toBe('1000');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload).toEqual(video.bytes.subarray(100, 1100));
  });

  it('answers an open-ended range (the rest from a point) and a suffix range (the last bytes)', async () => {
    const size = video.bytes.length;
    const rest = await get(links.sign(video.url), { range: `bytes=${size - 1234}-` });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${size - 1234}-${size - 1}/${size}`);
    expect(rest.rawPayload).toEqual(video.bytes.subarray(size - 1234));

    const tail = await get(links.sign(video.url), { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(tail.rawPayload).toEqual(video.bytes.subarray(size - 500));
  });

  it('sends a range as it is on disk even to a client that accepts compression', async () => {
    const response = await get(links.sign(pdf.url), { range: 'bytes=0-99', 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(pdf.bytes.subarray(0, 100));
  });

  it('answers a range past the end with 416 and the size', async () => {
    const size = video.bytes.length;
    const response = await get(links.sign(video.url), { range: `bytes=${size + 10}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${size}`);
    expect(response.json()).toMatchObject({
      code: 'RANGE_NOT_SATISFIABLE',
      message: UPLOAD_MESSAGES.rangeNotSatisfiable,
    });
  });

  it('refuses a missing, wrong, tampered, moved or expired signature, and another file’s, with 403', async () => {
    const signed = new URL(links.sign(video.url), 'http://x');
    const expires = Number(signed.searchParams.get('expires'));
    const signature = signed.searchParams.get('signature')!;
    const otherSignature = new URL(links.sign(pdf.url), 'http://x').searchParams.get('signature')!;
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const refusals = [
      video.url,
      `${video.url}?expires=${expires}`,
      `${video.url}?expires=${expires}&signature=${'A'.repeat(43)}`,
      `${video.url}?expires=${expires}&signature=${flipped}`,
      `${video.url}?expires=${expires + 3600}&signature=${signature}`,
      `${video.url}?expires=soon&signature=${signature}`,
      `${video.url}?expires=${expires}&signature=${otherSignature}`,
    ];
    for (const url of refusals) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'MEDIA_LINK_INVALID',
        message: UPLOAD_MESSAGES.mediaLinkInvalid,
      });
    }
    const valid = signed.pathname + signed.search;
    expect((await get(valid)).statusCode).toBe(200);
    const saved = now;
    now = expires * 1000;
    try {
      expect((await get(valid)).statusCode).toBe(403);
    } finally {
      now = saved;
    }
  });

  it('answers 404 for a file that is not there, or a name that is not one of ours', async () => {
    const missing = '/api/course-media/0123456789abcdef0123456789abcdef.mp4';
    for (const url of [
      links.sign(missing),
      links.sign('/api/course-media/..%2F..%2Fconfig.json'),
      '/api/course-media/incoming',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'MEDIA_NOT_FOUND',
        message: UPLOAD_MESSAGES.mediaNotFound,
      });
    }
  });
});

describe('what one account may keep in lesson files', () => {
  let sequence = 0;
  /**
   * Earlier uploads of the owner, as rows only: the quotas are counted from them. Made two days ago,
   * so that they do not count against what may be uploaded in a day.
   */
  const earlier = async (
    owner: RegisteredUser,
    kind: 'image' | 'course-media',
    bytes: number,
    used: boolean,
  ) => {
    sequence += 1;
    const name = `${String(sequence).padStart(32, '0')}`;
    const url = kind === 'image' ? `/api/uploads/products/${name}.webp` : `/api/course-media/${name}.mp4`;
    await t.database.db.execute(sql`
      insert into uploads (owner_id, url, kind, bytes, created_at, used_at)
      values (${owner.id}, ${url}, ${kind}, ${bytes}, ${new Date(now - 2 * 24 * 60 * 60 * 1000)},
              ${used ? sql`now()` : null})`);
  };
  const lecture = (owner: RegisteredUser) =>
    upload(
      'course-video',
      { filename: 'lecture.mp4', contentType: 'video/mp4', data: fixture('plain.mp4') },
      owner.token,
    );

  it('counts lesson files apart: an account whose other uploads are at their limits may still upload a lecture', async () => {
    const owner = await registerUser(t.app);
    await earlier(owner, 'image', UPLOAD_QUOTA.unusedBytes, false);
    await earlier(owner, 'image', UPLOAD_QUOTA.totalBytes - UPLOAD_QUOTA.unusedBytes, true);
    await earlier(owner, 'course-media', 200 * 1024 * 1024, false);
    expect((await lecture(owner)).statusCode).toBe(201);
  });

  it('refuses more than 1 GB of lesson files not in a lesson yet, keeping nothing', async () => {
    const owner = await registerUser(t.app);
    await earlier(owner, 'course-media', COURSE_MEDIA_QUOTA.unusedBytes - 100, false);
    const before = await state();
    const response = await lecture(owner);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'UPLOAD_QUOTA_UNUSED',
      message: UPLOAD_MESSAGES.courseMediaUnusedQuota,
    });
    expect(await state()).toEqual(before);
  });

  it('refuses more than 20 GB of lesson files in all, keeping nothing', async () => {
    const owner = await registerUser(t.app);
    await earlier(owner, 'course-media', COURSE_MEDIA_QUOTA.totalBytes - 100, true);
    const before = await state();
    const response = await lecture(owner);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'UPLOAD_QUOTA_TOTAL',
      message: UPLOAD_MESSAGES.courseMediaTotalQuota,
    });
    expect(await state()).toEqual(before);
  });

  it('does not count lesson files against the general allowance', async () => {
    const owner = await registerUser(t.app);
    await earlier(owner, 'course-media', COURSE_MEDIA_QUOTA.unusedBytes - 100_000, false);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await upload(
      'course-image',
      { filename: 'a.png', contentType: 'image/png', data: png },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
  });
});
