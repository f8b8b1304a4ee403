import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createProduct, registerUser } from '../test/factories.js';
import { insertEvent, type NewEvent } from './modules/events/events.repository.js';

const webDist = mkdtempSync(join(tmpdir(), 'sokoni-web-'));
const ASSET = '/assets/index-Bx3kLq9a.js';
const PRECOMPRESSED_ASSET = '/assets/shared-Q9aZ0kLm.js';
const PRECOMPRESSED_SCRIPT = 'console.log("karibu");'.repeat(100);
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Sokoni</title><script type="module" crossorigin src="${ASSET}"></script><link rel="stylesheet" crossorigin href="/assets/index-Cm4n.css"></head><body>${'<p>karibu</p>'.repeat(200)}</body></html>`,
  );
  writeFileSync(join(webDist, ASSET), 'console.log("sokoni");'.repeat(100));
  // What the build writes beside a script: the same script compressed once, as hard as brotli and gzip go.
  writeFileSync(join(webDist, PRECOMPRESSED_ASSET), PRECOMPRESSED_SCRIPT);
  writeFileSync(join(webDist, `${PRECOMPRESSED_ASSET}.br`), brotliCompressSync(PRECOMPRESSED_SCRIPT));
  writeFileSync(join(webDist, `${PRECOMPRESSED_ASSET}.gz`), gzipSync(PRECOMPRESSED_SCRIPT));
  // Vite's manifest: an event page's chunk imports the app's entry and a shared chunk, and has a stylesheet.
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(
    join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: ASSET.slice(1), css: ['assets/index-Cm4n.css'], isEntry: true },
      'src/features/events/pages/event-detail-page.tsx': {
        file: 'assets/event-detail-page-D1x.js',
        imports: ['index.html', '_shared-Q9.js'],
        css: ['assets/event-detail-page-Kp2.css'],
      },
      '_shared-Q9.js': { file: 'assets/shared-Q9.js' },
    }),
  );
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The installable app (#29): the service worker, the Workbox runtime it imports, the manifest.
  writeFileSync(join(webDist, 'sw.js'), 'importScripts("workbox-2fbc6a65.js");');
  writeFileSync(join(webDist, 'workbox-2fbc6a65.js'), 'self.workbox = {};');
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Sokoni","start_url":"/"}');
  t = await createTestApp({ webDist, rateLimitMax: 50 });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok after a database round trip', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = await createTestApp();
    const ping = broken.database.ping;
    broken.database.ping = () => Promise.reject(new Error('connection refused'));
    const response = await broken.app.inject('/api/health');
    broken.database.ping = ping;
    await broken.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});

describe('the API surface', () => {
  it('answers an unknown API path with a JSON 404, never the web app', async () => {
    const response = await t.app.inject('/api/no-such-thing?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'ROUTE_NOT_FOUND',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('names at most 200 characters of an unknown path, so the refusal does not grow with the request', async () => {
    const path = `/api/${'x'.repeat(5000)}`;
    const response = await t.app.inject(path);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Route GET ${path.slice(0, 200)}… not found`);
    expect(response.body.length).toBeLessThan(400);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/register', '/api/auth/login', '/api/users/{id}']),
    );
  });

  it('gives every response a request id, and keeps a sane one the caller sent', async () => {
    const generated = await t.app.inject('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(kept.headers['x-request-id']).toBe('trace-123');
  });

  it('sends lean security headers on JSON answers, and no rate-limit headers until a 429', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const response = await t.app.inject(url);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'SAMEORIGIN',
      });
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });

  it('answers other origins only when CORS_ORIGINS lists them', async () => {
    const request = { url: '/api/products', headers: { origin: 'https://duka.example' } };
    expect((await t.app.inject(request)).headers['access-control-allow-origin']).toBeUndefined();
    const open = await createTestApp({ corsOrigins: ['https://duka.example'] });
    const allowed = await open.app.inject(request);
    const other = await open.app.inject({ ...request, headers: { origin: 'https://else.example' } });
    await open.close();
    expect(allowed.headers['access-control-allow-origin']).toBe('https://duka.example');
    expect(allowed.headers['access-control-expose-headers']).toBe('x-total-count');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('counts a client behind a trusted proxy by the address that proxy saw, whatever X-Forwarded-For it wrote', async () => {
    for (const trustProxy of [1, ['10.0.0.0/8']] as const) {
      const limited = await createTestApp({ rateLimitMax: 2, trustProxy: trustProxy as number | string[] });
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({
          url: '/api/users/x',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        });
        codes.push(response.statusCode);
      }
      const other = await limited.app.inject({
        url: '/api/users/x',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      await limited.close();
      expect(codes).toEqual([404, 404, 429]);
      expect(other.statusCode).toBe(404);
    }
  });

  it('rate limits a client that sends too many requests, in the error shape', async () => {
    const limited = await createTestApp({ rateLimitMax: 3, webDist });
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await limited.app.inject({ url: '/api/users/x', remoteAddress: '10.9.9.9' })).statusCode);
    }
    const last = await limited.app.inject({ url: '/api/users/x', remoteAddress: '10.9.9.9' });
    // The web app's own files are still served to a client already over the budget.
    const file = await limited.app.inject({ url: ASSET, remoteAddress: '10.9.9.9' });
    await limited.close();
    expect(codes).toEqual([404, 404, 404, 429]);
    expect(last.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.headers['x-ratelimit-limit']).toBe('3');
    expect(file.statusCode).toBe(200);
  });
});

describe('the web app', () => {
  it('serves index.html for client routes, uncached, with a CSP', async () => {
    const response = await t.app.inject('/profile');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.body).toContain('<title>Sokoni</title>');
  });

  it('lets the ticket scanner compile our QR engine and play its beep, and no script run eval', async () => {
    const csp = String((await t.app.inject('/organizer/verify')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("media-src 'self' blob: data: https:;");
  });

  it("lets the classroom frame a lesson's PDF from our origin only, and play videos from https addresses", async () => {
    const csp = String((await t.app.inject('/courses/x/classroom')).headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("frame-ancestors 'none';");
    expect(csp).toContain("object-src 'none';");
    expect(csp).toContain("media-src 'self' blob: data: https:;");
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.app.inject({ url: ASSET, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends the compressed copy the build wrote beside an asset as it is, cached for a year', async () => {
    const br = await t.app.inject({ url: PRECOMPRESSED_ASSET, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.rawPayload.equals(brotliCompressSync(PRECOMPRESSED_SCRIPT))).toBe(true);

    const gz = await t.app.inject({ url: PRECOMPRESSED_ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(PRECOMPRESSED_SCRIPT);

    const plain = await t.app.inject(PRECOMPRESSED_ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PRECOMPRESSED_SCRIPT);
  });

  it('sends a page it builds compressed to a browser that accepts it, the same HTML as the plain answer', async () => {
    const plain = await t.app.inject('/profile');
    const compressed = await t.app.inject({ url: '/profile', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves the service worker and the web app manifest uncached, the manifest as a manifest, under a CSP that lets them work', async () => {
    const worker = await t.app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^application\/javascript/);
    // No worker-src nor manifest-src: they fall back to script-src and default-src, both 'self'.
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).not.toMatch(/worker-src|manifest-src/);
    expect(csp).toContain("default-src 'self';");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);

    const manifest = await t.app.inject('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');

    // Named by its content, so an hour's copy is the same file.
    const runtime = await t.app.inject('/workbox-2fbc6a65.js');
    expect(runtime.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('caches other static files briefly', async () => {
    const response = await t.app.inject('/favicon.svg');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('gives a shared product link its own title and Open Graph preview', async () => {
    const seller = await registerUser(t.app);
    const id = await createProduct(t.database.db, seller.id, {
      title: 'Kiondo <Basket>',
      priceCents: 190_000,
      images: ['/api/uploads/sample/kiondo.webp'],
    });
    const response = await t.app.inject(`/products/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Kiondo &#60;Basket&#62; — KES 1,900 | Sokoni</title>');
    expect(response.body).toContain(
      '<meta property="og:image" content="http://127.0.0.1:3000/api/uploads/sample/kiondo.webp" />',
    );
    const unknown = await t.app.inject('/products/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>Sokoni</title>');
  });

  it('gives a shared seller link their name, listings, location, rating and member since', async () => {
    const seller = await registerUser(t.app, { name: 'Wanjiru <Crafts>', young: true });
    await createProduct(t.database.db, seller.id, { shopLocation: 'Kisumu' });
    const response = await t.app.inject(`/sellers/${seller.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Wanjiru &#60;Crafts&#62; | Sokoni</title>');
    expect(response.body).toContain(
      `<meta property="og:description" content="1 listing · Kisumu · Member since ${new Date().toISOString().slice(0, 4)}" />`,
    );
    const unknown = await t.app.inject('/sellers/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>Sokoni</title>');
  });

  it('gives a shared event link its title, when (Nairobi time), where and price, and its image', async () => {
    const organizer = await registerUser(t.app);
    const event = (overrides: Partial<NewEvent>) =>
      insertEvent(t.database.db, {
        title: 'Safari Sevens',
        description: 'Rugby sevens at the RFUEA Grounds.',
        location: 'RFUEA Grounds, Nairobi',
        image: '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp',
        category: 'Sports',
        startsAt: new Date('2030-03-14T16:00:00Z'),
        priceCents: 150_000,
        capacity: 100,
        organizerId: organizer.id,
        ...overrides,
      });
    const paid = await t.app.inject(`/tickets/${await event({})}`);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('<title>Safari Sevens</title>');
    expect(paid.body).toContain(
      '<meta property="og:description" content="14 Mar 2030, 19:00 EAT · RFUEA Grounds, Nairobi · KES 1,500" />',
    );
    expect(paid.body).toContain(
      '<meta property="og:image" content="http://127.0.0.1:3000/api/uploads/sample/0123456789abcdef0123456789abcdef.webp" />',
    );
    const free = await t.app.inject(`/tickets/${await event({ title: 'Open Mic <Night>', priceCents: 0 })}`);
    expect(free.body).toContain('<title>Open Mic &#60;Night&#62;</title>');
    expect(free.body).toContain('· RFUEA Grounds, Nairobi · Free" />');
    for (const plain of ['/tickets/00000000-0000-4000-8000-000000000000', '/tickets/mine']) {
      const response = await t.app.inject(plain);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Sokoni</title>');
      expect(response.body).not.toContain('og:title');
    }
  });

  it("fetches an event page's own chunks and stylesheet with the page, not after its scripts ran, and nothing index.html already loads", async () => {
    const organizer = await registerUser(t.app);
    const id = await insertEvent(t.database.db, {
      title: 'Blankets & Wine',
      description: 'Music in the gardens.',
      location: 'Ngong Racecourse, Nairobi',
      image: '/api/uploads/sample/00112233445566778899aabbccddeeff.webp',
      category: 'Concert',
      startsAt: new Date('2030-05-04T12:00:00Z'),
      priceCents: 250_000,
      capacity: 500,
      organizerId: organizer.id,
    });
    const html = (await t.app.inject(`/tickets/${id}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/event-detail-page-Kp2.css" />');
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/event-detail-page-D1x.js" />',
    );
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-Q9.js" />');
    expect(head.split('/assets/index-Cm4n.css')).toHaveLength(2);
    expect(head.split(ASSET)).toHaveLength(2);
  });

  it('puts the first answers of /events and of an event page into the page, the same as the API gives, with the lead image preloaded', async () => {
    const organizer = await registerUser(t.app);
    const id = await insertEvent(t.database.db, {
      title: 'Koroga </script><script>alert(1)</script> Festival',
      description: 'Food and music at the Arboretum.',
      location: 'Arboretum, Nairobi',
      image: '/api/uploads/sample/fedcba9876543210fedcba9876543210.webp',
      category: 'Concert',
      startsAt: new Date('2030-03-14T16:00:00Z'),
      priceCents: 250_000,
      capacity: 300,
      organizerId: organizer.id,
    });
    const answersIn = (html: string) => {
      const script = /<script type="application\/json" id="sokoni-answers">([^<]*)<\/script>/.exec(html);
      return JSON.parse(script?.[1] ?? 'null') as Array<{ url: string; body: unknown; total?: number }>;
    };

    const eventPage = await t.app.inject(`/tickets/${id}`);
    const eventAnswer = await t.app.inject(`/api/events/${id}`);
    // The title's markup stays inside the JSON: `<` is escaped, so it cannot close the element.
    expect(eventPage.body).not.toContain('</script><script>alert(1)');
    expect(answersIn(eventPage.body)).toEqual([{ url: `/api/events/${id}`, body: eventAnswer.json() }]);
    expect(eventPage.body).toContain(
      '<link rel="preload" as="image" href="/api/uploads/sample/fedcba9876543210fedcba9876543210.webp" fetchpriority="high" />',
    );

    const listPage = await t.app.inject('/events');
    const listAnswer = await t.app.inject('/api/events?limit=24&offset=0');
    const [first] = listAnswer.json<Array<{ image: string }>>();
    expect(answersIn(listPage.body)).toEqual([
      {
        url: '/api/events?limit=24&offset=0',
        body: listAnswer.json(),
        total: Number(listAnswer.headers['x-total-count']),
      },
    ]);
    expect(listPage.body).toContain(
      `<link rel="preload" as="image" href="${first?.image}" fetchpriority="high" />`,
    );
  });

  it("preloads no image for a data saver: Save-Data on, or the web app's cookie on; the cookie off wins", async () => {
    const organizer = await registerUser(t.app);
    const id = await insertEvent(t.database.db, {
      title: 'Sauti za Pwani',
      description: 'Coastal music by the ocean.',
      location: 'Fort Jesus, Mombasa',
      image: '/api/uploads/sample/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f.webp',
      category: 'Concert',
      startsAt: new Date('2030-06-01T15:00:00Z'),
      priceCents: 100_000,
      capacity: 200,
      organizerId: organizer.id,
    });
    // A client of its own: these pages do not count against the other tests' rate limit.
    const page = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: `/tickets/${id}`, headers, remoteAddress: '10.29.0.1' })).body;
    const preload = '<link rel="preload" as="image"';

    expect(await page({})).toContain(preload);
    const dataSavers: Array<Record<string, string>> = [
      { 'save-data': 'on' },
      { cookie: 'data_saver=1' },
      { cookie: 'theme=dark; data_saver=1', 'save-data': 'off' },
    ];
    for (const headers of dataSavers) {
      const html = await page(headers);
      expect(html, JSON.stringify(headers)).not.toContain(preload);
      // The rest of what the page needs first is still there.
      expect(html).toContain('id="sokoni-answers"');
      expect(html).toContain('<meta property="og:image"');
    }
    expect(await page({ cookie: 'data_saver=0', 'save-data': 'on' })).toContain(preload);
  });

  it("puts /shop's first answers (the facets and the first page) and a product page's product into the page, the same as the API gives, with the lead image preloaded", async () => {
    // An app of its own: the catalogue's caches hold what other tests asked for before.
    const shop = await createTestApp({ webDist });
    const seller = await registerUser(shop.app);
    const id = await createProduct(shop.database.db, seller.id, {
      title: 'Kikoi <Beach> Wrap',
      priceCents: 150_000,
      images: ['/api/uploads/sample/abcdefabcdefabcdefabcdefabcdefab.webp'],
    });
    const answersIn = (html: string) => {
      const script = /<script type="application\/json" id="sokoni-answers">([^<]*)<\/script>/.exec(html);
      return JSON.parse(script?.[1] ?? 'null') as Array<{ url: string; body: unknown; total?: number }>;
    };

    const shopPage = await shop.app.inject('/shop');
    const listAnswer = await shop.app.inject('/api/products?limit=24&offset=0');
    const facetsAnswer = await shop.app.inject('/api/products/facets');
    const [first] = listAnswer.json<Array<{ image: string[] }>>();
    expect(answersIn(shopPage.body)).toEqual([
      { url: '/api/products/facets', body: facetsAnswer.json() },
      {
        url: '/api/products?limit=24&offset=0',
        body: listAnswer.json(),
        total: Number(listAnswer.headers['x-total-count']),
      },
    ]);
    expect(shopPage.body).not.toContain('Kikoi <Beach>');
    // The first card shows its photo's thumbnail on a phone: the preload asks for the same file.
    const lead = first?.image[0] ?? '';
    expect(shopPage.body).toContain(
      `<link rel="preload" as="image" href="${lead}" imagesrcset="${lead.replace('.webp', '-thumb.webp')} 400w, ${lead} 1600w" imagesizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw" fetchpriority="high" />`,
    );

    const productPage = await shop.app.inject(`/products/${id}`);
    const productAnswer = await shop.app.inject(`/api/products/${id}`);
    expect(answersIn(productPage.body)).toEqual([{ url: `/api/products/${id}`, body: productAnswer.json() }]);
    expect(productPage.body).toContain(
      '<link rel="preload" as="image" href="/api/uploads/sample/abcdefabcdefabcdefabcdefabcdefab.webp" fetchpriority="high" />',
    );
    await shop.close();
  });

  it("puts the home page's first answers (its featured products, the top trending and the newest threads) into the page, the same as the API gives", async () => {
    const home = await createTestApp({ webDist });
    const seller = await registerUser(home.app);
    await createProduct(home.database.db, seller.id, { title: 'Kiondo Basket', isFeatured: true });
    await createProduct(home.database.db, seller.id, { title: 'Jiko Stove', isTrending: true });
    const thread = await home.app.inject({
      method: 'POST',
      url: '/api/community/threads',
      payload: { content: 'Where can I buy certified seeds in Nakuru?', category: 'agriculture' },
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(thread.statusCode).toBe(201);

    const page = await home.app.inject('/');
    const script = /<script type="application\/json" id="sokoni-answers">([^<]*)<\/script>/.exec(page.body);
    const answers = JSON.parse(script?.[1] ?? 'null') as Array<{ url: string; body: unknown }>;
    const urls = [
      '/api/products?featured=true&limit=100',
      '/api/products?trending=true&limit=5',
      '/api/community/threads?limit=3',
    ];
    const fromApi = await Promise.all(
      urls.map(async (url) => ({ url, body: (await home.app.inject(url)).json() })),
    );
    expect(answers).toEqual(fromApi);
    expect(fromApi.map(({ body }) => (body as unknown[]).length)).toEqual([1, 1, 1]);
    await home.close();
  });

  it("takes $&, $` and $' in a product's text as text: the page stays the size of the page", async () => {
    const seller = await registerUser(t.app);
    const title = "Sufuria $& $` $'".padEnd(120, '$');
    const id = await createProduct(t.database.db, seller.id, {
      title,
      description: "$&$`$'".repeat(800),
      priceCents: 50_000,
    });
    const plain = await t.app.inject('/profile');
    const response = await t.app.inject(`/products/${id}`);
    const product = await t.app.inject(`/api/products/${id}`);
    expect(response.statusCode).toBe(200);
    // The page is the plain page, its head and the product's own answer (which holds the description).
    expect(response.body.length).toBeLessThan(plain.body.length + product.body.length + 4_000);
    const escaped = title.replaceAll('&', '&#38;').replaceAll("'", '&#39;');
    expect(response.body).toContain(`<title>${escaped} — KES 500 | Sokoni</title>`);
  });

  it('counts pages the server builds against the rate limit, never the files it serves', async () => {
    const limited = await createTestApp({ rateLimitMax: 2, webDist });
    const from = { remoteAddress: '10.9.8.7' };
    const pages = [];
    for (const url of ['/shop', '/products/x', '/profile'])
      pages.push((await limited.app.inject({ url, ...from })).statusCode);
    const files = [];
    for (let i = 0; i < 5; i += 1) files.push((await limited.app.inject({ url: ASSET, ...from })).statusCode);
    const upload = await limited.app.inject({ url: '/api/uploads/products/none.webp', ...from });
    await limited.close();
    expect(pages).toEqual([200, 200, 429]);
    expect(files).toEqual([200, 200, 200, 200, 200]);
    expect(upload.statusCode).toBe(404);
  });

  it('answers a missing file with 404 rather than the page', async () => {
    const response = await t.app.inject('/assets/gone-12345678.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
  });
});
