import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_VIDEO_MAX_BYTES, UPLOAD_DAILY, UPLOAD_MESSAGES } from '@sokoni/contracts/uploads';
import { bearer } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

const MB = 1024 * 1024;
let t: TestApp;
let people = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Account = { id: string; token: string };

/** An account registered from `address`, as a script or a person would; `ageDays` old. */
async function account(address: string, ageDays = 0): Promise<Account> {
  people += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Kamau Njoroge', email: `daily-${people}@example.co.ke`, password: 'Passw0rd!' },
    remoteAddress: address,
  });
  const token = response.json<{ access_token: string }>().access_token;
  const id = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
  if (ageDays > 0) {
    await t.database.db.execute(
      sql`update users set created_at = now() - ${`${ageDays} days`}::interval where id = ${id}`,
    );
  }
  return { id, token };
}

let sequence = 0;
/** What the account uploaded `hoursAgo`, as a row only: the day's bounds are counted from them. */
async function uploaded(owner: Account, bytes: number, hoursAgo = 1): Promise<void> {
  sequence += 1;
  await t.database.db.execute(sql`
    insert into uploads (owner_id, url, kind, bytes, created_at, used_at)
    values (${owner.id}, ${`/api/course-media/${String(sequence).padStart(32, 'd')}.mp4`}, 'course-media',
            ${bytes}, now() - ${`${hoursAgo} hours`}::interval, now())`);
}

const lecture = readFileSync(new URL('../../../test/fixtures/video/plain.mp4', import.meta.url));
const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#15803d' } })
  .png()
  .toBuffer();

const send = (route: string, file: { filename: string; data: Buffer }, owner: Account) => {
  const { payload, headers } = multipartBody({}, { ...file, contentType: 'application/octet-stream' });
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads/${route}`,
    payload,
    headers: { ...headers, ...bearer(owner.token) },
  });
};
const sendPhoto = (owner: Account) => send('product-image', { filename: 'shamba.png', data: photo }, owner);
const sendLecture = (owner: Account) =>
  send('course-video', { filename: 'lecture.mp4', data: lecture }, owner);

/** Upload records and kept files, and lesson files still being received. */
const state = async () => {
  const dir = (path: string) => {
    const full = join(t.config.dataDir, path);
    return existsSync(full) ? readdirSync(full).sort() : [];
  };
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from uploads`);
  return {
    rows: row?.n,
    products: dir('uploads/products'),
    lessons: dir('course-media').filter((name) => name !== 'incoming'),
    receiving: dir('course-media/incoming'),
  };
};

describe('what an account may upload in 24 hours', () => {
  it('lets a new account upload 250 MB, then refuses more with 429 until a day has passed', async () => {
    const newcomer = await account('41.80.1.10');
    await uploaded(newcomer, UPLOAD_DAILY.youngAccountBytes - 1);
    const before = await state();
    for (const response of [await sendLecture(newcomer), await sendPhoto(newcomer)]) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({
        code: 'UPLOAD_DAILY_ACCOUNT',
        message: UPLOAD_MESSAGES.dailyYoungAccount,
      });
    }
    expect(await state()).toEqual(before);

    await t.database.db.execute(
      sql`update uploads set created_at = created_at - interval '24 hours' where owner_id = ${newcomer.id}`,
    );
    expect((await sendLecture(newcomer)).statusCode).toBe(201);
  });

  it('lets an established account upload 10 GB in a day, never counted with new accounts of its network', async () => {
    const instructor = await account('41.80.2.10', 30);
    await uploaded(instructor, UPLOAD_DAILY.accountBytes - 50 * MB);
    expect((await sendLecture(instructor)).statusCode).toBe(201);
    await uploaded(instructor, 50 * MB);
    const refused = await sendLecture(instructor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'UPLOAD_DAILY_ACCOUNT',
      message: UPLOAD_MESSAGES.dailyAccount,
    });
  });

  it('refuses a new account a second 200 MB lecture with 429 from the size the request declares, before its body is sent', async () => {
    const newcomer = await account('41.80.3.10');
    await uploaded(newcomer, COURSE_VIDEO_MAX_BYTES);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = await state();

    const boundary = '----sokonideclared';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lecture.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    );
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/uploads/course-video',
      headers: {
        ...bearer(newcomer.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(COURSE_VIDEO_MAX_BYTES),
      },
    });
    client.on('error', () => {});
    // Only the part's head and the first 64 KB of the video: the answer must come without the rest.
    client.write(Buffer.concat([head, lecture, Buffer.alloc(64 * 1024 - lecture.length)]));
    const response = await new Promise<IncomingMessage>((resolve) => client.on('response', resolve));
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    client.destroy();

    expect(response.statusCode).toBe(429);
    expect(JSON.parse(Buffer.concat(chunks).toString())).toMatchObject({
      code: 'UPLOAD_DAILY_ACCOUNT',
      message: UPLOAD_MESSAGES.dailyYoungAccount,
    });
    expect(await state()).toEqual(before);
  });
});

describe('what the new accounts of one network may upload together in 24 hours', () => {
  it('refuses a new account of a network whose new accounts uploaded 1 GB, and no one else', async () => {
    const made = [];
    for (let i = 1; i <= 4; i += 1) made.push(await account(`41.90.64.${i}`));
    for (const newcomer of made) await uploaded(newcomer, UPLOAD_DAILY.youngNetworkBytes / 4 - 25);
    // Another address of the same /24, with nothing uploaded itself.
    const fifth = await account('41.90.64.200');
    const before = await state();
    const refused = await sendPhoto(fifth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'UPLOAD_DAILY_NETWORK',
      message: UPLOAD_MESSAGES.dailyNetwork,
    });
    expect(await state()).toEqual(before);

    // An established account made on that network, and a new one made on another, upload as before.
    const established = await account('41.90.64.77', 30);
    const elsewhere = await account('105.160.1.1');
    expect((await sendPhoto(established)).statusCode).toBe(201);
    expect((await sendPhoto(elsewhere)).statusCode).toBe(201);
  });
});

describe('what the whole site takes in 24 hours', () => {
  it('answers 507 once the site took 50 GB in a day, and once new accounts together took 10 GB of it', async () => {
    const bulk = await account('197.248.1.1', 30);
    const newcomer = await account('197.248.2.1');
    const established = await account('197.248.3.1', 30);
    const before = await state();

    await uploaded(bulk, UPLOAD_DAILY.siteBytes - (await uploadedToday('everyone')) - 1024);
    for (const owner of [newcomer, established]) {
      const response = await sendLecture(owner);
      expect(response.statusCode).toBe(507);
      expect(response.json()).toMatchObject({
        code: 'UPLOAD_DAILY_SITE',
        message: UPLOAD_MESSAGES.dailySite,
      });
    }
    expect((await state()).rows).toBe((before.rows ?? 0) + 1);
    await t.database.db.execute(sql`delete from uploads where owner_id = ${bulk.id}`);

    // New accounts made on many networks, each within its own bounds, together at theirs.
    const spread: Account[] = [];
    let left = UPLOAD_DAILY.youngSiteBytes - (await uploadedToday('new accounts')) - 1;
    while (left > 0) {
      const owner = await account(`102.${spread.length}.7.7`);
      const bytes = Math.min(UPLOAD_DAILY.youngAccountBytes, left);
      await uploaded(owner, bytes);
      spread.push(owner);
      left -= bytes;
    }
    const refused = await sendPhoto(newcomer);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({
      code: 'UPLOAD_DAILY_SITE',
      message: UPLOAD_MESSAGES.dailyYoungSite,
    });
    expect((await sendPhoto(established)).statusCode).toBe(201);
    await t.database.db.execute(
      sql`delete from uploads where owner_id in (${sql.join(
        spread.map((owner) => sql`${owner.id}::uuid`),
        sql`, `,
      )})`,
    );
  });
});

/** Bytes uploaded in the last 24 hours by everyone, or by the accounts in their first 7 days. */
async function uploadedToday(whose: 'everyone' | 'new accounts'): Promise<number> {
  const young = whose === 'new accounts' ? sql`users.created_at > now() - interval '7 days'` : sql`true`;
  const [row] = await queryRows<{ bytes: number }>(
    t.database.db,
    sql`select coalesce(sum(u.bytes), 0)::float8 as bytes from uploads u left join users on users.id = u.owner_id
        where u.created_at > now() - interval '24 hours' and ${young}`,
  );
  return row?.bytes ?? 0;
}

describe('uploads sent at the same moment', () => {
  it("lets one of two lesson files sent at once through when the account's day has room for one", async () => {
    const newcomer = await account('41.81.1.10');
    const body = multipartBody({}, { filename: 'lecture.mp4', contentType: 'video/mp4', data: lecture });
    await uploaded(newcomer, UPLOAD_DAILY.youngAccountBytes - Math.floor(body.payload.length * 1.5));
    const before = await state();
    const responses = await Promise.all([sendLecture(newcomer), sendLecture(newcomer)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 429]);
    const after = await state();
    expect([after.rows, after.lessons.length, after.receiving]).toEqual([
      (before.rows ?? 0) + 1,
      before.lessons.length + 1,
      [],
    ]);
  });

  it('lets one of two photos sent at once through when the new accounts of their network have room for one', async () => {
    // What one photo and its thumbnail take on the disk, re-encoded.
    const probe = await account('41.82.9.9');
    const { publicUrl } = (await sendPhoto(probe)).json<{ publicUrl: string }>();
    const [kept] = await queryRows<{ bytes: number }>(
      t.database.db,
      sql`select bytes::float8 as bytes from uploads where url = ${publicUrl}`,
    );
    const photoBytes = kept?.bytes ?? 0;

    const [first, second, earlier] = [
      await account('41.82.1.1'),
      await account('41.82.1.2'),
      await account('41.82.1.3'),
    ];
    await uploaded(earlier, UPLOAD_DAILY.youngNetworkBytes - Math.floor(photoBytes * 1.5));
    const before = await state();
    const responses = await Promise.all([sendPhoto(first), sendPhoto(second)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 429]);
    const after = await state();
    expect([after.rows, after.products.length]).toEqual([(before.rows ?? 0) + 1, before.products.length + 2]);
  });
});
