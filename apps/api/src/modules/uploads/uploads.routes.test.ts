import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
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
    expect(thumbnailUrl).toMatch(/^\/api\/uploads\/products\/[a-f0-9]{32}\.webp$/);

    const served = await t.app.inject(publicUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it("refuses a text file named .png with 415 'File type not allowed: {file}' and stores nothing", async () => {
    const before = stored('products').length;
    const response = await upload('product-image', {
      filename: 'evil.png',
      contentType: 'image/png',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, message: 'File type not allowed: evil.png' });
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
    expect(response.json()).toMatchObject({ statusCode: 413, message: 'File too large: big.jpg' });
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
